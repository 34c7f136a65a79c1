package jobs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// River's JobSnooze per worker kind (issue 28, stop 56; fixture
// testdata/src/retry WaitWorker, inventory TestSingleRun): a snooze
// returned in a worker's Work reruns that worker's job; a job whose args
// type asks for one attempt (InsertOpts MaxAttempts 1) and whose worker
// never snoozes runs at most once in the River versions before v0.44.0
// (catalog river.yaml once_since), another worker's snooze
// notwithstanding. This module builds with v0.51.2, in which one attempt
// is still at-least-once (a job the client's stop cancels is made
// available again, its attempt given back: the once_note), so both
// payments repeat here:
//   - river:snooze-pay snoozes until its order is paid, then records a
//     payment: unguarded, its policy River's default;
//   - river:once-pay (near miss) records a payment with one attempt and
//     no snooze: unguarded all the same in v0.51.2, its policy the
//     args type's MaxAttempts 1 with the once_note (at most once, no
//     finding, only before v0.44.0: tesla-oracle on v0.23.1).

// SnoozePayArgs is the payment that waits for its order.
type SnoozePayArgs struct {
	OrderID int64 `json:"order_id"`
	Amount  int64 `json:"amount"`
}

// Kind names the snoozing payment.
func (SnoozePayArgs) Kind() string { return "river:snooze-pay" }

// OncePayArgs is the single-attempt payment (near miss).
type OncePayArgs struct {
	OrderID int64 `json:"order_id"`
	Amount  int64 `json:"amount"`
}

// Kind names the single-attempt payment.
func (OncePayArgs) Kind() string { return "river:once-pay" }

// InsertOpts gives every job of the kind one attempt.
func (OncePayArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// SnoozePayWorker records the payment once its order is paid.
type SnoozePayWorker struct {
	river.WorkerDefaults[SnoozePayArgs]
	Pool *pgxpool.Pool
}

// Work snoozes while the order is not yet paid.
func (w *SnoozePayWorker) Work(ctx context.Context, job *river.Job[SnoozePayArgs]) error {
	var paid bool
	if err := w.Pool.QueryRow(ctx, `SELECT amount > 0 FROM orders WHERE id = $1`, job.Args.OrderID).Scan(&paid); err != nil {
		return err
	}
	if !paid {
		return river.JobSnooze(time.Minute)
	}
	_, err := w.Pool.Exec(ctx, `INSERT INTO payments (order_id, amount) VALUES ($1, $2)`, job.Args.OrderID, job.Args.Amount)
	return err
}

// OncePayWorker records the payment in its only attempt.
type OncePayWorker struct {
	river.WorkerDefaults[OncePayArgs]
	Pool *pgxpool.Pool
}

// Work records the payment.
func (w *OncePayWorker) Work(ctx context.Context, job *river.Job[OncePayArgs]) error {
	_, err := w.Pool.Exec(ctx, `INSERT INTO payments (order_id, amount) VALUES ($1, $2)`, job.Args.OrderID, job.Args.Amount)
	return err
}

// RegisterSnooze adds the payment workers.
func RegisterSnooze(ws *river.Workers, pool *pgxpool.Pool) {
	river.AddWorker(ws, &SnoozePayWorker{Pool: pool})
	river.AddWorker(ws, &OncePayWorker{Pool: pool})
}
