// Package msgkeyfix covers a message that carries its receiver's
// deduplication key (a Matrix to-device message's message_id, catalog
// idempotency_fields): the call it is handed to (queued in a table, then
// sent) has its effects keyed by that field: random-key when the value is
// new on every delivery, guarded when it is the same. Near miss: a
// message without such a field is not keyed by a random value it holds.
package msgkeyfix

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"net/http"

	"github.com/matrix-org/gomatrixserverlib"
	"github.com/matrix-org/util"
	"github.com/nats-io/nats.go"
)

type Queues struct {
	DB   *sql.DB
	HTTP *http.Client
}

// SendEDU stores the EDU's JSON in the outgoing queue and sends it.
func (q *Queues) SendEDU(edu *gomatrixserverlib.EDU, dest string) error { // want SendEDU:`^effects: http/put /_matrix/federation/v1/send/; db_write/insert queue_json$`
	b, err := json.Marshal(edu)
	if err != nil {
		return err
	}
	if _, err := q.DB.Exec("insert into queue_json(dest, json) values ($1, $2)", dest, string(b)); err != nil {
		return err
	}
	req, err := http.NewRequest("PUT", "https://"+dest+"/_matrix/federation/v1/send/", bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = q.HTTP.Do(req)
	return err
}

type Consumer struct{ Queues *Queues }

type sendToDevice struct {
	UserID   string          `json:"user_id"`
	DeviceID string          `json:"device_id"`
	Type     string          `json:"type"`
	Content  json.RawMessage `json:"content"`
}

// OnToDevice gives every delivery a new message_id: the receiving server
// takes a redelivered message as a new one.
func (c *Consumer) OnToDevice(m *nats.Msg) { // want OnToDevice:`^effects: http/put /_matrix/federation/v1/send/ issue=random-key; db_write/insert queue_json issue=random-key$`
	var ev sendToDevice
	if err := json.Unmarshal(m.Data, &ev); err != nil {
		_ = m.Term()
		return
	}
	edu := &gomatrixserverlib.EDU{Type: "m.direct_to_device", Origin: "example.org"}
	tdm := gomatrixserverlib.ToDeviceMessage{
		Type:      ev.Type,
		MessageID: util.RandomString(32), // want `random-key: idempotency key util.RandomString\(32\) derives from util.RandomString: the MessageID field of gomatrixserverlib.ToDeviceMessage is what the message's receiver deduplicates on`
		Messages:  map[string]map[string]json.RawMessage{ev.UserID: {ev.DeviceID: ev.Content}},
	}
	var err error
	if edu.Content, err = json.Marshal(tdm); err != nil {
		_ = m.Term()
		return
	}
	if err := c.Queues.SendEDU(edu, "remote.example"); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// OnToDeviceStable derives the message_id from the stream sequence of
// the message: the same on every redelivery, guarded.
func (c *Consumer) OnToDeviceStable(m *nats.Msg) { // want OnToDeviceStable:`^effects: http/put /_matrix/federation/v1/send/ guarded=idempotency_key; db_write/insert queue_json guarded=idempotency_key$`
	meta, err := m.Metadata()
	if err != nil {
		_ = m.Term()
		return
	}
	var ev sendToDevice
	_ = json.Unmarshal(m.Data, &ev)
	tdm := &gomatrixserverlib.ToDeviceMessage{Type: ev.Type, MessageID: "td" + string(rune(meta.Sequence.Stream))}
	content, _ := json.Marshal(tdm)
	edu := &gomatrixserverlib.EDU{Type: "m.direct_to_device", Origin: "example.org", Content: content}
	if err := c.Queues.SendEDU(edu, "remote.example"); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

type typing struct {
	RoomID string `json:"room_id"`
	ID     string `json:"id"`
}

// OnTyping sends an EDU whose content holds a random id in no field the
// catalog names (near miss): not a key, the send is unguarded.
func (c *Consumer) OnTyping(m *nats.Msg) { // want OnTyping:`^effects: http/put /_matrix/federation/v1/send/; db_write/insert queue_json$` `unguarded: handler \(\*msgkeyfix.Consumer\).OnTyping .*http put`
	content, _ := json.Marshal(typing{RoomID: string(m.Data), ID: util.RandomString(8)})
	edu := &gomatrixserverlib.EDU{Type: "m.typing", Origin: "example.org", Content: content}
	if err := c.Queues.SendEDU(edu, "remote.example"); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

func Register(ctx context.Context, js nats.JetStreamContext, c *Consumer) { // want Register:"no effects"
	_, _ = js.Subscribe("todevice", c.OnToDevice, nats.ManualAck())
	_, _ = js.Subscribe("todevice2", c.OnToDeviceStable, nats.ManualAck())
	_, _ = js.Subscribe("typing", c.OnTyping, nats.ManualAck())
}

// EDUSender is the application's queue behind an interface.
type EDUSender interface {
	SendEDU(edu *gomatrixserverlib.EDU, dest string) error
}

// OnToDeviceIface hands the message to an interface: analysed alone, the
// call is not known here (never safe); the whole program keys what it
// resolves to by the message's random message_id.
func OnToDeviceIface(q EDUSender, m *nats.Msg) error { // want OnToDeviceIface:`^effects: dynamic_call/call \(msgkeyfix.EDUSender\).SendEDU reads=publish/send$` `unresolved: go vet cannot tell what msgkeyfix.OnToDeviceIface does: calls \(msgkeyfix.EDUSender\).SendEDU through an interface`
	tdm := &gomatrixserverlib.ToDeviceMessage{Type: "m.room_key", MessageID: util.RandomString(32)}
	content, _ := json.Marshal(tdm)
	return q.SendEDU(&gomatrixserverlib.EDU{Type: "m.direct_to_device", Content: content}, "remote.example")
}
