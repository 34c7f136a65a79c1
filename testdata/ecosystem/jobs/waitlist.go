package jobs

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/sqlcdb"
)

// WaitlistDeps rotates a waitlist with sqlc queries on pgx v5 and keeps
// an asynq v0.26.0 scheduler.
type WaitlistDeps struct {
	Q     *sqlcdb.Queries
	Sched *asynq.Scheduler
}

// RotateWaitlist demotes the accepted entries (a compare-and-set update
// whose result the sqlc :exec drops: a state transition, not a claim),
// counts, and accepts the next n by a LIMIT subquery that picks among the
// rows whose status it sets (it takes the next rows: a second delivery
// accepts others). n is computed from the count read, but it only picks
// rows: no read-modify-write. The BEFORE UPDATE trigger only stamps
// updated_at: no effect.
func (d *WaitlistDeps) RotateWaitlist(ctx context.Context, t *asynq.Task) error {
	if err := d.Q.DemoteAccepted(ctx); err != nil {
		return err
	}
	n, err := d.Q.CountAccepted(ctx)
	if err != nil {
		return err
	}
	return d.Q.AcceptNext(ctx, int32(100-n))
}

// ScheduleReport registers a periodic task on the worker's scheduler
// (asynq v0.26.0 scheduler.go:208): each delivery adds one more entry,
// each enqueueing the task every period.
func (d *WaitlistDeps) ScheduleReport(ctx context.Context, t *asynq.Task) error {
	_, err := d.Sched.Register("@every 1h", asynq.NewTask("report:send", nil))
	return err
}

// RegisterWaitlist registers the waitlist handlers.
func RegisterWaitlist(mux *asynq.ServeMux, d *WaitlistDeps) {
	mux.HandleFunc("waitlist:rotate", d.RotateWaitlist)
	mux.HandleFunc("waitlist:schedule", d.ScheduleReport)
}
