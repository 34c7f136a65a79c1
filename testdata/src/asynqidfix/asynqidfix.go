// Package asynqidfix covers asynq's TaskID on an enqueue a handler makes
// (asynq v0.26.0 rdb.go Enqueue/Schedule: a task ID that is still a key in
// Redis makes the second Enqueue fail with ErrTaskIDConflict; rdb.go Done
// deletes the key when the task succeeds, unless Retention keeps it). A
// stable TaskID therefore refuses the second delivery's enqueue only while
// the first task is still in Redis: it is a key when the same options
// prove the task stays there (a non-zero ProcessIn delay or Retention),
// not when it may run and be gone before the redelivery enqueues again.
package asynqidfix

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

type H struct{ C *asynq.Client }

type payload struct {
	DeliveryID string `json:"delivery_id"`
}

func decode(t *asynq.Task) payload { // want decode:"no effects"
	var p payload
	_ = json.Unmarshal(t.Payload(), &p)
	return p
}

// Delayed enqueues the retry under the delivery's ID a minute later: the
// second delivery's enqueue meets the first task still scheduled.
func (h *H) Delayed(ctx context.Context, t *asynq.Task) error { // want Delayed:`^effects: publish/enqueue asynq guarded=idempotency_key$`
	p := decode(t)
	_, err := h.C.EnqueueContext(ctx, asynq.NewTask("retry", t.Payload()), asynq.TaskID(p.DeliveryID), asynq.ProcessIn(time.Minute))
	return err
}

// OnTask has its ID and retention on the task's constructor.
func (h *H) OnTask(ctx context.Context, t *asynq.Task) error { // want OnTask:`^effects: publish/enqueue asynq guarded=idempotency_key$`
	p := decode(t)
	task := asynq.NewTask("audit", t.Payload(), asynq.TaskID("audit:"+p.DeliveryID), asynq.Retention(24*time.Hour))
	_, err := h.C.Enqueue(task)
	return err
}

// Immediate: a stable ID but no delay: the first task may have run and
// left Redis before the redelivery enqueues it again.
func (h *H) Immediate(ctx context.Context, t *asynq.Task) error { // want Immediate:`^effects: publish/enqueue asynq$` `unguarded: handler \(\*asynqidfix.H\).Immediate .*enqueue \(asynq\) \(medium\)`
	p := decode(t)
	_, err := h.C.Enqueue(asynq.NewTask("notify", t.Payload()), asynq.TaskID(p.DeliveryID))
	return err
}

// ZeroDelay: ProcessIn(0) is no delay.
func (h *H) ZeroDelay(ctx context.Context, t *asynq.Task) error { // want ZeroDelay:`^effects: publish/enqueue asynq$` `unguarded: handler \(\*asynqidfix.H\).ZeroDelay`
	p := decode(t)
	_, err := h.C.Enqueue(asynq.NewTask("notify", t.Payload()), asynq.TaskID(p.DeliveryID), asynq.ProcessIn(0))
	return err
}

// RandomID: a delay, but an ID new on every delivery.
func (h *H) RandomID(ctx context.Context, t *asynq.Task) error { // want RandomID:`^effects: publish/enqueue asynq issue=random-key$`
	_, err := h.C.Enqueue(asynq.NewTask("notify", t.Payload()), asynq.TaskID(uuid.NewString()), asynq.ProcessIn(time.Minute)) // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
	return err
}

// legacyEvent is a payload whose own ID older producers left empty.
type legacyEvent struct {
	EventID string `json:"event_id"`
	Key     string `json:"key"`
}

// OtherFieldRandom: the task ID is the payload's key; the event ID, made
// with a uuid for a legacy payload, is another field of the struct and
// not in the key.
func (h *H) OtherFieldRandom(ctx context.Context, t *asynq.Task) error { // want OtherFieldRandom:`^effects: publish/enqueue asynq guarded=idempotency_key$`
	var ev legacyEvent
	if err := json.Unmarshal(t.Payload(), &ev); err != nil {
		return err
	}
	if ev.EventID == "" {
		ev.EventID = uuid.NewString()
	}
	_, err := h.C.Enqueue(asynq.NewTask("notify", []byte(ev.EventID)), asynq.TaskID(ev.Key), asynq.ProcessIn(time.Minute))
	return err
}

// KeyFieldRandom (near miss): the field made with a uuid is the key.
func (h *H) KeyFieldRandom(ctx context.Context, t *asynq.Task) error { // want KeyFieldRandom:`^effects: publish/enqueue asynq issue=random-key$`
	var ev legacyEvent
	if err := json.Unmarshal(t.Payload(), &ev); err != nil {
		return err
	}
	if ev.EventID == "" {
		ev.EventID = uuid.NewString()
	}
	_, err := h.C.Enqueue(asynq.NewTask("notify", []byte(ev.Key)), asynq.TaskID(ev.EventID), asynq.ProcessIn(time.Minute)) // want `random-key: idempotency key ev.EventID derives from uuid.NewString`
	return err
}

// NoID: a delay and no ID: asynq makes a new one.
func (h *H) NoID(ctx context.Context, t *asynq.Task) error { // want NoID:`^effects: publish/enqueue asynq$` `unguarded: handler \(\*asynqidfix.H\).NoID`
	_, err := h.C.Enqueue(asynq.NewTask("notify", t.Payload()), asynq.ProcessIn(time.Minute))
	return err
}

// Job is a queue job of the application's own (convoy's queue.Job).
type Job struct {
	ID      string        `json:"id"`
	Payload []byte        `json:"payload"`
	Delay   time.Duration `json:"delay"`
}

// Queue writes jobs to asynq under their ID, a fresh one when empty.
type Queue struct{ C *asynq.Client }

func (q *Queue) Write(name string, job *Job) error { // want Write:`effects: publish/enqueue asynq` Write:"retry: enqueues asynq task=p0"
	if job.ID == "" {
		job.ID = uuid.NewString()
	}
	t := asynq.NewTask(name, job.Payload, asynq.TaskID(job.ID), asynq.ProcessIn(job.Delay))
	_, err := q.C.Enqueue(t)
	return err
}

type W struct{ Q *Queue }

// Retry re-enqueues on failure with a delay it makes non-zero.
func (w *W) Retry(ctx context.Context, t *asynq.Task) (err error) { // want Retry:`^effects: publish/enqueue asynq guarded=idempotency_key$`
	var delay time.Duration
	p := decode(t)
	defer func() {
		if err == nil {
			return
		}
		err = nil
		if delay == 0 {
			delay = defaultDelay
		}
		_ = w.Q.Write("retry", &Job{ID: p.DeliveryID, Payload: t.Payload(), Delay: delay})
	}()
	delay = time.Duration(len(p.DeliveryID)) * time.Second
	return nil
}

// defaultDelay is only assigned by its declaration: non-zero.
var defaultDelay = 10 * time.Second

// DefaultDelay is exported: another package may set it to zero.
var DefaultDelay = 10 * time.Second

// ExportedDefault replaces a zero delay with an exported variable.
func (w *W) ExportedDefault(ctx context.Context, t *asynq.Task) error { // want ExportedDefault:`^effects: publish/enqueue asynq$` `unguarded: handler \(\*asynqidfix.W\).ExportedDefault`
	p := decode(t)
	delay := time.Duration(len(p.DeliveryID)) * time.Second
	if delay == 0 {
		delay = DefaultDelay
	}
	return w.Q.Write("retry", &Job{ID: p.DeliveryID, Payload: t.Payload(), Delay: delay})
}

// LocalDefault replaces a zero delay with the unexported default.
func (w *W) LocalDefault(ctx context.Context, t *asynq.Task) error { // want LocalDefault:`^effects: publish/enqueue asynq guarded=idempotency_key$`
	p := decode(t)
	delay := time.Duration(len(p.DeliveryID)) * time.Second
	if delay == 0 {
		delay = defaultDelay
	}
	return w.Q.Write("retry", &Job{ID: p.DeliveryID, Payload: t.Payload(), Delay: delay})
}

// MayBeZero passes a delay that may be zero.
func (w *W) MayBeZero(ctx context.Context, t *asynq.Task) error { // want MayBeZero:`^effects: publish/enqueue asynq$` `unguarded: handler \(\*asynqidfix.W\).MayBeZero`
	p := decode(t)
	return w.Q.Write("retry", &Job{ID: p.DeliveryID, Payload: t.Payload(), Delay: time.Duration(len(p.DeliveryID)) * time.Second})
}

// NoJobID passes a delay but no ID: Write makes a new one.
func (w *W) NoJobID(ctx context.Context, t *asynq.Task) error { // want NoJobID:`^effects: publish/enqueue asynq` `(unguarded|random-key)`
	return w.Q.Write("notify", &Job{Payload: t.Payload(), Delay: time.Minute})
}

// Queuer is the application's queue interface, Queue its implementation.
type Queuer interface {
	Write(name string, job *Job) error
}

// V reaches Write through the interface: the per-package facts keep the
// call unresolved; the diagnostics resolve it to Queue.Write.
type V struct{ Q Queuer }

func NewV(c *asynq.Client) *V { return &V{Q: &Queue{C: c}} } // want NewV:"no effects"

// Retry is W.Retry through the interface.
func (v *V) Retry(ctx context.Context, t *asynq.Task) (err error) { // want Retry:`^effects: dynamic_call/call \(asynqidfix.Queuer\).Write$`
	var delay time.Duration
	p := decode(t)
	defer func() {
		if err == nil {
			return
		}
		err = nil
		if delay == 0 {
			delay = 10 * time.Second
		}
		_ = v.Q.Write("retry", &Job{ID: p.DeliveryID, Payload: t.Payload(), Delay: delay})
	}()
	delay = time.Duration(len(p.DeliveryID)) * time.Second
	return nil
}

// Unforced leaves the delay as computed: it may be zero.
func (v *V) Unforced(ctx context.Context, t *asynq.Task) (err error) { // want Unforced:`^effects: dynamic_call/call \(asynqidfix.Queuer\).Write$` `unguarded: handler \(\*asynqidfix.V\).Unforced`
	var delay time.Duration
	p := decode(t)
	defer func() {
		if err != nil {
			_ = v.Q.Write("retry", &Job{ID: p.DeliveryID, Payload: t.Payload(), Delay: delay})
		}
	}()
	delay = time.Duration(len(p.DeliveryID)) * time.Second
	return nil
}

func Register(h *H, w *W, v *V) *asynq.ServeMux { // want Register:"no effects"
	mux := asynq.NewServeMux()
	mux.HandleFunc("delayed", h.Delayed)
	mux.HandleFunc("ontask", h.OnTask)
	mux.HandleFunc("immediate", h.Immediate)
	mux.HandleFunc("zero", h.ZeroDelay)
	mux.HandleFunc("random", h.RandomID)
	mux.HandleFunc("noid", h.NoID)
	mux.HandleFunc("otherfield", h.OtherFieldRandom)
	mux.HandleFunc("keyfield", h.KeyFieldRandom)
	mux.HandleFunc("retry", w.Retry)
	mux.HandleFunc("maybezero", w.MayBeZero)
	mux.HandleFunc("nojobid", w.NoJobID)
	mux.HandleFunc("exported", w.ExportedDefault)
	mux.HandleFunc("local", w.LocalDefault)
	mux.HandleFunc("vretry", v.Retry)
	mux.HandleFunc("unforced", v.Unforced)
	return mux
}
