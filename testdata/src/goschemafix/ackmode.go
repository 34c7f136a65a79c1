package goschemafix

// The subscription's ack mode decides a withheld ack (guard.AckWithheld):
// only in a manual-ack subscription does a failure that skips the ack
// leave the message to be redelivered. Flagged: JetStream with ManualAck,
// an amqp Consume with autoAck false, and (ack mode not found) a STAN
// subscription whose options come from a parameter. Near misses, the same
// handlers with the library acking when they return (JetStream without
// ManualAck, STAN without SetManualAckMode), amqp's autoAck true (at most
// once), and a sarama handler that marks its offset only on success (a
// cumulative commit: the next message's mark commits past it).

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/stan.go"
	amqp "github.com/rabbitmq/amqp091-go"
)

// OnJSManual is subscribed with ManualAck: flagged.
func (s *Sub) OnJSManual(m *nats.Msg) { // want OnJSManual:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `duplicate-as-error: a second delivery's insert into gs_orders \(medium\) at goschemafix/ackmode.go:25 fails on the duplicate \(.*\) and \(\*goschemafix.Sub\).OnJSManual acknowledges the message only when it succeeded.*without end; take the duplicate as success and acknowledge it; path:`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

// OnJSAuto is the same handler subscribed without ManualAck: the library
// acks it when it returns, the failure is only logged (unguarded, as a
// swallowed failure), not redelivered.
func (s *Sub) OnJSAuto(m *nats.Msg) { // want OnJSAuto:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `unguarded: handler \(\*goschemafix.Sub\).OnJSAuto`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

// OnStanAuto: a STAN subscription without SetManualAckMode (acked when
// the callback returns).
func (s *Sub) OnStanAuto(m *stan.Msg) { // want OnStanAuto:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `unguarded: handler \(\*goschemafix.Sub\).OnStanAuto`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

// OnStanOpts is subscribed with options a caller gives: the mode is not
// found, read as manual and said so.
func (s *Sub) OnStanOpts(m *stan.Msg) { // want OnStanOpts:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `duplicate-as-error: .*acknowledges the message only when it succeeded.*; ack mode not found at the subscription: read as manual ack; path:`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

func SubscribeModes(js nats.JetStreamContext, sc stan.Conn, s *Sub, opts ...stan.SubscriptionOption) { // want SubscribeModes:`^no effects$`
	js.Subscribe("modes.manual", s.OnJSManual, nats.Durable("modes"), nats.ManualAck())
	js.Subscribe("modes.auto", s.OnJSAuto, nats.Durable("modes"))
	sc.Subscribe("modes.stan", s.OnStanAuto, stan.DurableName("modes"))
	sc.Subscribe("modes.opts", s.OnStanOpts, opts...)
}

// SubConfig keeps a subscription's options, built where the
// configuration is read: the options stored in the field are read.
type SubConfig struct{ Opts []stan.SubscriptionOption }

func manualConfig() *SubConfig { // want manualConfig:`^no effects$`
	opts := []stan.SubscriptionOption{stan.DurableName("cfg"), stan.SetManualAckMode()}
	return &SubConfig{Opts: opts}
}

type AutoConfig struct{ Opts []stan.SubscriptionOption }

func autoConfig() *AutoConfig { // want autoConfig:`^no effects$`
	return &AutoConfig{Opts: []stan.SubscriptionOption{stan.DurableName("cfg")}}
}

// OnCfgManual: SetManualAckMode among the options of a configuration
// field: flagged, the mode found.
func (s *Sub) OnCfgManual(m *stan.Msg) { // want OnCfgManual:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `duplicate-as-error: .*\(\*goschemafix.Sub\).OnCfgManual acknowledges the message only when it succeeded.*take the duplicate as success and acknowledge it; path:`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

// OnCfgAuto: the configuration field's options leave the ack to the
// library.
func (s *Sub) OnCfgAuto(m *stan.Msg) { // want OnCfgAuto:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `unguarded: handler \(\*goschemafix.Sub\).OnCfgAuto`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(m.Data), m.Data); err != nil {
		log.Printf("save: %v", err)
		return
	}
	m.Ack()
}

func SubscribeConfigured(sc stan.Conn, s *Sub) { // want SubscribeConfigured:`^no effects$`
	cfg, auto := manualConfig(), autoConfig()
	sc.Subscribe("cfg.manual", s.OnCfgManual, cfg.Opts...)
	sc.Subscribe("cfg.auto", s.OnCfgAuto, auto.Opts...)
}

// ConsumeManual ranges over an amqp Consume with autoAck false; each
// delivery is saved by a function that acks only when the insert
// succeeded: flagged.
func (s *Sub) ConsumeManual(ch *amqp.Channel) { // want ConsumeManual:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$` `duplicate-as-error: .*at goschemafix/ackmode.go:\d+ fails on the duplicate .* and \(\*goschemafix.Sub\).saveDelivery acknowledges the message only when it succeeded.*without end; take the duplicate as success and acknowledge it; path:`
	msgs, _ := ch.Consume("modes", "", false, false, false, false, nil)
	for d := range msgs {
		s.saveDelivery(d)
	}
}

// ConsumeAuto is the same loop with autoAck true: at most once, nothing
// redelivered (its effects are lost on a crash: ack-before-effect).
func (s *Sub) ConsumeAuto(ch *amqp.Channel) { // want ConsumeAuto:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$`
	msgs, _ := ch.Consume("modes.auto", "", true, false, false, false, nil) // want `ack-before-effect: this receive commits the message before it returns`
	for d := range msgs {
		s.saveDelivery(d)
	}
}

func (s *Sub) saveDelivery(d amqp.Delivery) { // want saveDelivery:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(d.Body), d.Body); err != nil {
		log.Printf("save: %v", err)
		return
	}
	d.Ack(false)
}

// ClaimHandler marks each message's offset only when its insert succeeded: a
// cumulative commit, the next message's mark commits past the failed
// one, which is not redelivered (no duplicate-as-error). The order's uid
// is the message's: a redelivered message's insert fails on it and is
// only logged (guarded at the handler).
type ClaimHandler struct{ S *Sub }

func (h ClaimHandler) Setup(sarama.ConsumerGroupSession) error   { return nil } // want Setup:`^no effects$`
func (h ClaimHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil } // want Cleanup:`^no effects$`

func (h ClaimHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$`
	for msg := range claim.Messages() {
		h.S.saveMarked(sess, msg)
	}
	return nil
}

func (s *Sub) saveMarked(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) { // want saveMarked:`^effects: db_write/insert gs_orders; db_write/notify gs_orders_created$`
	if _, err := s.Pool.Exec(context.Background(), "insert into gs_orders (order_uid, body) values ($1, $2)", string(msg.Value), msg.Value); err != nil {
		log.Printf("save: %v", err)
		return
	}
	sess.MarkMessage(msg, "")
}
