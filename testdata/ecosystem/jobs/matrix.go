package jobs

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/Arceliar/phony"
	"github.com/matrix-org/gomatrixserverlib"
	"github.com/matrix-org/gomatrixserverlib/fclient"
	"github.com/matrix-org/gomatrixserverlib/spec"
	"github.com/matrix-org/util"
	"github.com/nats-io/nats.go"
)

// A Matrix homeserver's shapes (dendrite's): a push consumer that starts a
// per-room phony actor pulling the room's own messages; a to-device EDU
// whose message_id (what the receiving server deduplicates on) is drawn
// anew per delivery; an application-service push, a PUT to
// /transactions/{txnId} with a transaction ID from the stream's metadata.

// MatrixDeps holds the clients of the Matrix consumers.
type MatrixDeps struct {
	DB      *sql.DB
	JS      nats.JetStreamContext
	Fed     fclient.FederationClient
	HTTP    *http.Client
	ASURL   string
	Queue   EDUQueue
	workers sync.Map
}

// EDUQueue queues EDUs for remote servers (dendrite's OutgoingQueues,
// behind the application's interface).
type EDUQueue interface {
	SendEDU(edu *gomatrixserverlib.EDU, dest string) error
}

// DBQueue stores each EDU in the outgoing queue table.
type DBQueue struct{ DB *sql.DB }

// SendEDU stores the EDU's JSON for the destination.
func (q *DBQueue) SendEDU(edu *gomatrixserverlib.EDU, dest string) error {
	b, err := json.Marshal(edu)
	if err != nil {
		return err
	}
	_, err = q.DB.Exec("insert into federation_queue(destination, json) values ($1, $2)", dest, string(b))
	return err
}

type roomWorker struct {
	phony.Inbox
	d   *MatrixDeps
	sub *nats.Subscription
}

// onRoomInput starts the room's worker and acks: the worker's pulls are
// its own deliveries, not this handler's.
func (d *MatrixDeps) onRoomInput(m *nats.Msg) {
	room := m.Header.Get("room_id")
	v, _ := d.workers.LoadOrStore(room, &roomWorker{d: d})
	w := v.(*roomWorker)
	if w.sub == nil {
		sub, err := d.JS.PullSubscribe("input."+room, "room-"+room, nats.ManualAck())
		if err != nil {
			return
		}
		w.sub = sub
		w.Act(nil, w.next)
	}
	_ = m.Ack()
}

// next pulls one event, asks the remote for the events it misses (a
// POST that only queries) and stores the event.
func (w *roomWorker) next() {
	msgs, err := w.sub.Fetch(1)
	if err != nil || len(msgs) != 1 {
		return
	}
	defer w.Act(nil, w.next)
	ctx := context.Background()
	if _, err := w.d.Fed.LookupMissingEvents(ctx, "example.org", "remote.example", "!room", fclient.MissingEvents{Limit: 20}, gomatrixserverlib.RoomVersionV10); err != nil {
		_ = msgs[0].Nak()
		return
	}
	if _, err := w.d.DB.ExecContext(ctx, "insert into room_events(data) values ($1)", msgs[0].Data); err != nil {
		_ = msgs[0].Nak()
		return
	}
	_ = msgs[0].AckSync()
}

// onToDevice queues a to-device EDU for the remote server with a new
// message_id on every delivery: the receiver takes a redelivery as a new
// message.
func (d *MatrixDeps) onToDevice(m *nats.Msg) {
	edu := &gomatrixserverlib.EDU{Type: spec.MDirectToDevice, Origin: "example.org"}
	tdm := gomatrixserverlib.ToDeviceMessage{
		Sender:    m.Header.Get("sender"),
		Type:      "m.room_key",
		MessageID: util.RandomString(32),
		Messages:  map[string]map[string]json.RawMessage{m.Header.Get("user_id"): {"*": m.Data}},
	}
	var err error
	if edu.Content, err = json.Marshal(tdm); err != nil {
		_ = m.Term()
		return
	}
	if err := d.Queue.SendEDU(edu, "remote.example"); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

// onAppservice pushes the event to the application service under a
// transaction ID from the stream's metadata (the time the message was
// stored: the same on every redelivery); the appservice deduplicates on it.
func (d *MatrixDeps) onAppservice(m *nats.Msg) {
	txnID := ""
	if meta, err := m.Metadata(); err == nil {
		txnID = strconv.Itoa(int(meta.Timestamp.UnixNano()))
	}
	if err := d.pushTransaction(context.Background(), m.Data, txnID); err != nil {
		_ = m.Nak()
		return
	}
	_ = m.Ack()
}

func (d *MatrixDeps) pushTransaction(ctx context.Context, body []byte, txnID string) error {
	if txnID == "" {
		txnID = fmt.Sprintf("%d_%d", len(body), len(d.ASURL))
	}
	address := fmt.Sprintf("%s/%s/%s", d.ASURL, "_matrix/app/v1/transactions", txnID)
	req, err := http.NewRequestWithContext(ctx, "PUT", address, bytes.NewBuffer(body))
	if err != nil {
		return err
	}
	resp, err := d.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RegisterMatrix subscribes the Matrix consumers.
func RegisterMatrix(d *MatrixDeps) error {
	if _, err := d.JS.Subscribe("room.input", d.onRoomInput, nats.ManualAck()); err != nil {
		return err
	}
	if _, err := d.JS.Subscribe("to_device", d.onToDevice, nats.ManualAck()); err != nil {
		return err
	}
	_, err := d.JS.Subscribe("appservice", d.onAppservice, nats.ManualAck())
	return err
}
