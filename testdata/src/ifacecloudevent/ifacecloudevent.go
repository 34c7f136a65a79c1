// Package ifacecloudevent: a CloudEvent batched per vehicle in a map
// (add), sent later (flush → sendOne) as signed JSON a helper returns,
// through a Sender interface whose implementation POSTs it (DIMO's
// telemetry batcher). The whole program resolves the interface; the id
// the event was given when its batch was started reaches the POST as the
// message's key: new on every delivery (uuid.NewString()) it is
// random-key, derived from the task (near miss, a time.Now() beside it
// in the header) it keys the POST.
package ifacecloudevent

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/DIMO-Network/cloudevent"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

type status struct {
	Payloads [][]byte `json:"payloads"`
}

// Sender sends the bytes of a signed event.
type Sender interface {
	Send(ctx context.Context, data []byte) error
}

type ingest struct{ url string }

func (c *ingest) Send(ctx context.Context, data []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewBuffer(data))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

type batch struct {
	event cloudevent.CloudEvent[status]
	child uint64
}

type Batcher struct {
	byVehicle map[uint64]batch
	out       Sender
	stableID  string
}

func (b *Batcher) add(vehicle uint64, payload []byte) {
	ev, ok := b.byVehicle[vehicle]
	if !ok {
		ev = b.newBatch(vehicle)
		ev.child = vehicle
	}
	ev.event.Data.Payloads = append(ev.event.Data.Payloads, payload)
	b.byVehicle[vehicle] = ev
}

func (b *Batcher) newBatch(vehicle uint64) batch {
	id := uuid.NewString() // want `^random-key: idempotency key .* derives from uuid.NewString`
	if b.stableID != "" {
		id = b.stableID
	}
	return batch{event: cloudevent.CloudEvent[status]{CloudEventHeader: cloudevent.CloudEventHeader{
		ID:      id,
		Source:  "oracle",
		Subject: strconv.FormatUint(vehicle, 10),
		Time:    time.Now(),
	}}}
}

func (b *Batcher) flush(ctx context.Context) error {
	for k, ev := range b.byVehicle {
		if err := b.sendOne(ctx, ev); err != nil {
			return err
		}
		delete(b.byVehicle, k)
	}
	return nil
}

func (b *Batcher) sendOne(ctx context.Context, ev batch) error {
	bts, err := b.sign(ev)
	if err != nil {
		return err
	}
	return b.out.Send(ctx, bts)
}

func (b *Batcher) sign(ev batch) ([]byte, error) {
	data, err := json.Marshal(ev.event.Data)
	if err != nil {
		return nil, err
	}
	hdr := ev.event.CloudEventHeader
	hdr.Extras = map[string]any{"signature": strconv.Itoa(len(data))}
	return json.Marshal(cloudevent.CloudEvent[json.RawMessage]{CloudEventHeader: hdr, Data: data})
}

// Deps runs the batcher for a task.
type Deps struct{ out Sender }

func (d *Deps) Telemetry(ctx context.Context, t *asynq.Task) error {
	b := &Batcher{byVehicle: map[uint64]batch{}, out: d.out}
	b.add(1, t.Payload())
	return b.flush(ctx)
}

type stableBatch struct {
	event cloudevent.CloudEvent[status]
}

type StableBatcher struct {
	byVehicle map[uint64]stableBatch
	out       Sender
}

func (b *StableBatcher) add(key string, vehicle uint64, payload []byte) {
	ev, ok := b.byVehicle[vehicle]
	if !ok {
		ev = stableBatch{event: cloudevent.CloudEvent[status]{CloudEventHeader: cloudevent.CloudEventHeader{
			ID:     key + ":" + strconv.FormatUint(vehicle, 10),
			Source: "oracle",
			Time:   time.Now(),
		}}}
	}
	ev.event.Data.Payloads = append(ev.event.Data.Payloads, payload)
	b.byVehicle[vehicle] = ev
}

func (b *StableBatcher) flush(ctx context.Context) error {
	for _, ev := range b.byVehicle {
		hdr := ev.event.CloudEventHeader
		bts, err := json.Marshal(cloudevent.CloudEvent[status]{CloudEventHeader: hdr, Data: ev.event.Data})
		if err != nil {
			return err
		}
		if err := b.out.Send(ctx, bts); err != nil {
			return err
		}
	}
	return nil
}

func (d *Deps) StableTelemetry(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	b := &StableBatcher{byVehicle: map[uint64]stableBatch{}, out: d.out}
	b.add(id, 1, t.Payload())
	return b.flush(ctx)
}

func Setup(mux *asynq.ServeMux) {
	d := &Deps{out: &ingest{url: "https://ingest.example.com/events"}}
	mux.HandleFunc("telemetry:batch", d.Telemetry)
	mux.HandleFunc("telemetry:stable", d.StableTelemetry)
}
