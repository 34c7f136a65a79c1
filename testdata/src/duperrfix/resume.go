package duperrfix

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hibiken/asynq"
)

// Convoy's event channels (worker/task/process_event_channel.go): the
// create of the workflow fails on a second delivery, and the one way
// around it is taken only when asynq's record of the task's last failure
// (TaskInfo.LastErr) holds the program's own error, which the handler
// returns only when the hand-on enqueue failed: that run did not enqueue,
// so the branch resumes the enqueue and does not repeat it.

var errHandOff = errors.New("failed to hand the workflow on")

type Resumer struct {
	Deps
	Ins    *asynq.Inspector
	Client *asynq.Client
}

// lastFailure is the workflow a previous run of the task stored before its
// hand-on failed: non-nil only when the task's failure record holds
// errHandOff's text.
func (r *Resumer) lastFailure(id string) *string { // want lastFailure:`^no effects$`
	ti, err := r.Ins.GetTaskInfo("default", id)
	if err != nil {
		return nil
	}
	failed := ti != nil && strings.Contains(ti.LastErr, errHandOff.Error())
	var last *string
	if failed {
		w := id
		last = &w
	}
	return last
}

// handOn enqueues the workflow's next step; its failure carries errHandOff.
func (r *Resumer) handOn(id string) error { // want handOn:`^effects: publish/enqueue asynq$`
	if _, err := r.Client.Enqueue(asynq.NewTask("next", []byte(id))); err != nil {
		return fmt.Errorf("%w: %s", errHandOff, err)
	}
	return nil
}

// Resume: the enqueue after the join is guarded on both ways to it.
func (r *Resumer) Resume(ctx context.Context, t *asynq.Task) error { // want Resume:`^effects: db_write/insert de_workflows; publish/enqueue asynq guarded=processed_jobs$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/duperrfix.go:27 fails on the duplicate`
	id := t.Type()
	if last := r.lastFailure(string(t.Payload())); last == nil {
		if err := r.register(ctx, id, 1); err != nil {
			return fmt.Errorf("register: %w", err)
		}
	}
	return r.handOn(id)
}

// AnyFailure: near miss, any recorded failure takes the way around the
// create, and asynq records its own (a lease that expired after the
// enqueue): the enqueue repeats.
func (r *Resumer) AnyFailure(ctx context.Context, t *asynq.Task) error { // want AnyFailure:`^effects: db_write/insert de_workflows; publish/enqueue asynq$` `unguarded: handler \(\*duperrfix.Resumer\).AnyFailure repeats its side effects when a job is delivered twice: publish enqueue \(asynq\)` `duplicate-as-error: a second delivery's insert into de_workflows`
	id := t.Type()
	ti, _ := r.Ins.GetTaskInfo("default", id)
	if ti == nil || ti.LastErr == "" {
		if err := r.register(ctx, id, 1); err != nil {
			return fmt.Errorf("register: %w", err)
		}
	}
	return r.handOn(id)
}

// FailsAfter: near miss, a failing return follows the enqueue's success,
// so the recorded failure may come from a run that enqueued.
func (r *Resumer) FailsAfter(ctx context.Context, t *asynq.Task) error { // want FailsAfter:`^effects: db_write/insert de_workflows; publish/enqueue asynq$` `unguarded: handler \(\*duperrfix.Resumer\).FailsAfter repeats its side effects when a job is delivered twice: publish enqueue \(asynq\)` `duplicate-as-error: a second delivery's insert into de_workflows`
	id := t.Type()
	if last := r.lastFailure(string(t.Payload())); last == nil {
		if err := r.register(ctx, id, 1); err != nil {
			return fmt.Errorf("register: %w", err)
		}
	}
	if err := r.handOn(id); err != nil {
		return err
	}
	if len(id) > 64 {
		return errHandOff
	}
	return nil
}

// failedAtHandOn answers the question with a bool: true only when the
// task's failure record holds errHandOff's text (a predicate of the
// program's own, as on the real asynq in testdata/ecosystem's
// jobs/resume.go).
func (r *Resumer) failedAtHandOn(id string) bool { // want failedAtHandOn:`^no effects$`
	ti, err := r.Ins.GetTaskInfo("default", id)
	if err != nil || ti == nil {
		return false
	}
	return strings.Contains(ti.LastErr, errHandOff.Error())
}

// failedAtAll is true on any recorded failure, asynq's own included.
func (r *Resumer) failedAtAll(id string) bool { // want failedAtAll:`^no effects$`
	ti, err := r.Ins.GetTaskInfo("default", id)
	if err != nil || ti == nil {
		return false
	}
	return ti.LastErr != ""
}

// ResumeAsked: the predicate's true branch skips the create: the enqueue
// is guarded as in Resume.
func (r *Resumer) ResumeAsked(ctx context.Context, t *asynq.Task) error { // want ResumeAsked:`^effects: db_write/insert de_workflows; publish/enqueue asynq guarded=processed_jobs$` `duplicate-as-error: a second delivery's insert into de_workflows`
	id := t.Type()
	if !r.failedAtHandOn(id) {
		if err := r.register(ctx, id, 1); err != nil {
			return fmt.Errorf("register: %w", err)
		}
	}
	return r.handOn(id)
}

// AskedAny: near miss, the predicate is true on any recorded failure: the
// enqueue repeats.
func (r *Resumer) AskedAny(ctx context.Context, t *asynq.Task) error { // want AskedAny:`^effects: db_write/insert de_workflows; publish/enqueue asynq$` `unguarded: handler \(\*duperrfix.Resumer\).AskedAny repeats its side effects when a job is delivered twice: publish enqueue \(asynq\)` `duplicate-as-error: a second delivery's insert into de_workflows`
	id := t.Type()
	if !r.failedAtAll(id) {
		if err := r.register(ctx, id, 1); err != nil {
			return fmt.Errorf("register: %w", err)
		}
	}
	return r.handOn(id)
}
