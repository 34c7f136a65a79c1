// Package mq is the application's own RabbitMQ subscription helper on
// streadway/amqp (the shape of a go-kit service's library/mq): Subscribe
// declares and binds the queue, consumes it and hands each delivery to the
// function it was given, from a goroutine of its own.
package mq

import (
	"github.com/streadway/amqp"
)

// Client is a connection to the broker.
type Client struct {
	conn *amqp.Connection
}

// Subscribe consumes queue with autoAck true: the broker acks each
// delivery as it sends it and never sends it again, so handle runs at
// most once per message.
func (c *Client) Subscribe(exchange, queue, consumer string, handle func(amqp.Delivery)) error {
	return c.subscribe(exchange, queue, consumer, true, handle)
}

// SubscribeAcked consumes queue with autoAck false: handle acks, and an
// unacked delivery comes back.
func (c *Client) SubscribeAcked(exchange, queue, consumer string, handle func(amqp.Delivery)) error {
	return c.subscribe(exchange, queue, consumer, false, handle)
}

func (c *Client) subscribe(exchange, queue, consumer string, autoAck bool, handle func(amqp.Delivery)) error {
	ch, err := c.conn.Channel()
	if err != nil {
		return err
	}
	q, err := ch.QueueDeclare(queue, false, false, false, false, nil)
	if err != nil {
		return err
	}
	if err := ch.QueueBind(q.Name, "", exchange, false, nil); err != nil {
		return err
	}
	msgs, err := ch.Consume(q.Name, consumer, autoAck, false, false, false, nil)
	if err != nil {
		return err
	}
	go consumeLoop(msgs, handle)
	return nil
}

func consumeLoop(deliveries <-chan amqp.Delivery, handle func(amqp.Delivery)) {
	for d := range deliveries {
		handle(d)
	}
}
