package cloudeventfix

// A CloudEvent's id reaching the POST through a map and through the bytes
// a helper returns: a batcher keeps one pending event per vehicle in a
// map (add), and later sends each (flush → sendOne), encoding it in a
// helper that copies its header into a signed envelope and returns the
// JSON. The key's origin follows the event through the map's store and
// load and through the helper's result: an id made with uuid.NewString()
// when the batch is started is random-key where it is made; one derived
// from what the job carries (near miss, with a time.Now() beside it in
// the header) keys the POST.

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/DIMO-Network/cloudevent"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

type pending struct {
	event cloudevent.CloudEvent[status]
	seq   uint64
}

type batcher struct {
	byVehicle map[uint64]pending
}

// add starts a vehicle's batch with a new event the first time, then
// appends to it.
func (b *batcher) add(vehicle uint64, payload []byte) { // want add:`^effects: memory_write/set cloudeventfix.batcher.byVehicle holder=p0$`
	p, ok := b.byVehicle[vehicle]
	if !ok {
		p = newPending(vehicle)
	}
	p.event.Data.Payloads = append(p.event.Data.Payloads, payload)
	p.seq++
	b.byVehicle[vehicle] = p
}

func newPending(vehicle uint64) pending { // want newPending:"no effects"
	return pending{event: cloudevent.CloudEvent[status]{
		CloudEventHeader: cloudevent.CloudEventHeader{
			ID:      uuid.NewString(), // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
			Source:  "oracle",
			Subject: strconv.FormatUint(vehicle, 10),
			Time:    time.Now(),
			Type:    "status",
		},
	}}
}

func (b *batcher) flush(ctx context.Context) error { // want flush:`^effects: http/post ingest.example.com/events issue=random-key; memory_write/delete cloudeventfix.batcher.byVehicle holder=p0$`
	for k, p := range b.byVehicle {
		if err := sendOne(ctx, p); err != nil {
			return err
		}
		delete(b.byVehicle, k)
	}
	return nil
}

// sendOne hands the bytes encode returns to the POST: the key is the
// parameter's, its caller's argument decides.
func sendOne(ctx context.Context, p pending) error { // want sendOne:`^effects: http/post ingest.example.com/events guarded=idempotency_key$`
	body, err := encode(p)
	if err != nil {
		return err
	}
	return post(ctx, body)
}

// encode signs the event: a copy of its header with the signature added,
// in an envelope of its own, marshalled and returned.
func encode(p pending) ([]byte, error) { // want encode:"no effects"
	data, err := json.Marshal(p.event.Data)
	if err != nil {
		return nil, err
	}
	hdr := p.event.CloudEventHeader
	hdr.Extras = map[string]any{"signature": strconv.Itoa(len(data))}
	return json.Marshal(cloudevent.CloudEvent[json.RawMessage]{CloudEventHeader: hdr, Data: data})
}

// Batched batches the task's payload and sends the batch: the event's id
// was made new for this delivery, through the map and the encoder.
func Batched(ctx context.Context, t *asynq.Task) error { // want Batched:`^effects: http/post ingest.example.com/events issue=random-key$`
	b := &batcher{byVehicle: map[uint64]pending{}}
	b.add(1, t.Payload())
	return b.flush(ctx)
}

// Encoded sends one event through the encoder: the id new on every
// delivery reaches the POST in the bytes encode returns.
func Encoded(ctx context.Context, t *asynq.Task) error { // want Encoded:`^effects: http/post ingest.example.com/events issue=random-key$`
	p := pending{event: cloudevent.CloudEvent[status]{CloudEventHeader: cloudevent.CloudEventHeader{
		ID:     uuid.NewString(), // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
		Source: "oracle",
	}}}
	body, err := encode(p)
	if err != nil {
		return err
	}
	return post(ctx, body)
}

// Mapped keeps the events in a local map before it sends them.
func Mapped(ctx context.Context, t *asynq.Task) error { // want Mapped:`^effects: http/post ingest.example.com/events issue=random-key$`
	events := map[string]cloudevent.CloudEvent[status]{}
	events["a"] = cloudevent.CloudEvent[status]{CloudEventHeader: cloudevent.CloudEventHeader{
		ID:     uuid.New().String(), // want `random-key: idempotency key uuid.New\(\).String\(\) derives from uuid.New`
		Source: "oracle",
	}}
	for _, ev := range events {
		body, err := json.Marshal(ev)
		if err != nil {
			return err
		}
		if err := post(ctx, body); err != nil {
			return err
		}
	}
	return nil
}

type stableBatcher struct {
	byVehicle map[uint64]pending
}

// add keys each vehicle's event by the task and the vehicle (near miss):
// the same id on every delivery, whatever the time beside it.
func (b *stableBatcher) add(id string, vehicle uint64, payload []byte) { // want add:`^effects: memory_write/set cloudeventfix.stableBatcher.byVehicle holder=p0$`
	p, ok := b.byVehicle[vehicle]
	if !ok {
		p = pending{event: cloudevent.CloudEvent[status]{CloudEventHeader: cloudevent.CloudEventHeader{
			ID:     id + ":" + strconv.FormatUint(vehicle, 10),
			Source: "oracle",
			Time:   time.Now(),
		}}}
	}
	p.event.Data.Payloads = append(p.event.Data.Payloads, payload)
	b.byVehicle[vehicle] = p
}

func (b *stableBatcher) flush(ctx context.Context) error { // want flush:`^effects: http/post ingest.example.com/events guarded=idempotency_key$`
	for _, p := range b.byVehicle {
		if err := sendOne(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// StableBatched sends its batch under an id the task decides (near
// miss): the receiver drops a redelivered batch.
func StableBatched(ctx context.Context, t *asynq.Task) error { // want StableBatched:`^effects: http/post ingest.example.com/events guarded=idempotency_key$`
	id, _ := asynq.GetTaskID(ctx)
	b := &stableBatcher{byVehicle: map[uint64]pending{}}
	b.add(id, 1, t.Payload())
	return b.flush(ctx)
}

// Forwarded re-sends an event decoded from the task through the encoder
// (near miss): nothing this package stores at its id is seen, so the id
// keys nothing and the POST stays unguarded.
func Forwarded(ctx context.Context, t *asynq.Task) error { // want Forwarded:`^effects: http/post ingest.example.com/events$` `unguarded: handler cloudeventfix.Forwarded`
	var p pending
	if err := json.Unmarshal(t.Payload(), &p.event); err != nil {
		return err
	}
	return sendOne(ctx, p)
}
