package jobs

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Resuming a task from asynq's record of its last failure, on the real
// asynq v0.26.0 and pgx v5 (stop 63's guard/resume.go, until now on an
// analysistest stub only). The run inserts the workflow (wf_runs' only key
// is the workflow id, migrations/015_workflows.sql: a second insert fails)
// and enqueues its next step; when the enqueue fails it returns
// errHandOn's text, which asynq keeps in TaskInfo.LastErr.
//   - ResumeHandOn skips the insert only when the record holds that text:
//     the run it describes inserted and did not enqueue, so the branch
//     resumes the enqueue (guarded); the insert of a redelivery that
//     succeeded fails on the duplicate (duplicate-as-error).
//   - ResumeAnyFailure (near miss) skips it on any recorded failure, and
//     asynq writes its own there (a lease that expired after the
//     enqueue): the enqueue repeats.

var errHandOn = errors.New("wf: hand-on failed")

// ResumeDeps are the clients of these handlers.
type ResumeDeps struct {
	Pool *pgxpool.Pool
	Ins  *asynq.Inspector
	Q    *asynq.Client
}

// handedOnFailed reports whether the task's last run failed at the
// hand-on: its record holds errHandOn's text.
func (d *ResumeDeps) handedOnFailed(ctx context.Context) bool {
	id, ok := asynq.GetTaskID(ctx)
	if !ok {
		return false
	}
	ti, err := d.Ins.GetTaskInfo("default", id)
	if err != nil || ti == nil {
		return false
	}
	return strings.Contains(ti.LastErr, errHandOn.Error())
}

func (d *ResumeDeps) createRun(ctx context.Context, id string) error {
	_, err := d.Pool.Exec(ctx, "insert into wf_runs (workflow_id, pull_request_id) values ($1, $2)", id, 1)
	return err
}

// handOn enqueues the workflow's next step; its failure carries errHandOn.
func (d *ResumeDeps) handOn(id string) error {
	if _, err := d.Q.Enqueue(asynq.NewTask("wf:next", []byte(id))); err != nil {
		return fmt.Errorf("%w: %v", errHandOn, err)
	}
	return nil
}

// ResumeHandOn creates the run unless the last run failed at the hand-on.
func (d *ResumeDeps) ResumeHandOn(ctx context.Context, t *asynq.Task) error {
	id := decode(t).OrderID
	if !d.handedOnFailed(ctx) {
		if err := d.createRun(ctx, id); err != nil {
			return fmt.Errorf("create run: %w", err)
		}
	}
	return d.handOn(id)
}

// ResumeAnyFailure creates the run unless any failure was recorded.
func (d *ResumeDeps) ResumeAnyFailure(ctx context.Context, t *asynq.Task) error {
	id := decode(t).OrderID
	tid, _ := asynq.GetTaskID(ctx)
	ti, _ := d.Ins.GetTaskInfo("default", tid)
	if ti == nil || ti.LastErr == "" {
		if err := d.createRun(ctx, id); err != nil {
			return fmt.Errorf("create run: %w", err)
		}
	}
	return d.handOn(id)
}

// RegisterResume registers the handlers.
func RegisterResume(mux *asynq.ServeMux, d *ResumeDeps) {
	mux.HandleFunc("wf:resume", d.ResumeHandOn)
	mux.HandleFunc("wf:resume-any", d.ResumeAnyFailure)
}
