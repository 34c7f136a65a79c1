package completions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vgarvardt/gue/v5"
	"github.com/vgarvardt/gue/v5/adapter"
)

// gue commits j.Tx() with the job's deletion when the handler returns
// nil, and with its rescheduling (error count, run_at) when it returns an
// error: the writes on j.Tx() are guarded only if no failing return
// follows them.
type GueDeps struct{}

// Credit returns nil or the error of a statement on j.Tx() after its
// writes: a failed statement aborts the PostgreSQL transaction, the
// rescheduling commit commits nothing.
func (d *GueDeps) Credit(ctx context.Context, j *gue.Job) error { // want Credit:`^effects: db_write/update-increment accounts guarded=job_complete_tx; db_write/insert credits guarded=job_complete_tx$`
	tx := j.Tx()
	if _, err := tx.Exec(ctx, "update accounts set balance = balance + 1 where id = $1", j.Args); err != nil {
		return fmt.Errorf("credit: %w", err)
	}
	if err := recordCredit(ctx, tx, j.Args); err != nil {
		return err
	}
	return nil
}

// recordCredit writes on the transaction it is given: its caller decides.
func recordCredit(ctx context.Context, tx adapter.Tx, args []byte) error { // want recordCredit:`^effects: db_write/insert credits @p1$`
	_, err := tx.Exec(ctx, "insert into credits(args) values ($1)", args)
	return err
}

// Reserve fails after its write when the stock is short: gue commits the
// write with the rescheduling and runs the job again.
func (d *GueDeps) Reserve(ctx context.Context, j *gue.Job) error { // wholewant `^unguarded: .*twice: insert into reservations \(medium\) at` // want Reserve:`^effects: db_write/insert reservations$` `unguarded: handler \(\*completions.GueDeps\).Reserve \(gue task "reserve"\) .*insert into reservations`
	if _, err := j.Tx().Exec(ctx, "insert into reservations(args) values ($1)", j.Args); err != nil {
		return err
	}
	if len(j.Args) == 0 {
		return errors.New("empty reservation")
	}
	return nil
}

// Retry writes and then asks gue for a later run: the write is committed
// with the rescheduling and made again then.
func (d *GueDeps) Retry(ctx context.Context, j *gue.Job) error { // wholewant `^unguarded: .*twice: insert into attempts \(medium\) at` // want Retry:`^effects: db_write/insert attempts$` `unguarded: handler \(\*completions.GueDeps\).Retry \(gue task "retry"\) .*insert into attempts`
	if _, err := j.Tx().Exec(ctx, "insert into attempts(args) values ($1)", j.Args); err != nil {
		return err
	}
	return gue.ErrRescheduleJobIn(time.Minute, "later")
}

// Ship writes on j.Tx() in a helper that returns nil; the handler fails
// after it: the guard the helper's write had does not survive the
// handler's failing return.
func (d *GueDeps) Ship(ctx context.Context, j *gue.Job) error { // wholewant `^unguarded: .*twice: insert into shipments \(medium\) at` // want Ship:`^effects: db_write/insert shipments$` `unguarded: handler \(\*completions.GueDeps\).Ship \(gue task "ship"\) .*insert into shipments`
	if err := markShipped(ctx, j); err != nil {
		return err
	}
	return errors.New("carrier unavailable")
}

func markShipped(ctx context.Context, j *gue.Job) error { // want markShipped:`^effects: db_write/insert shipments guarded=job_complete_tx$`
	_, err := j.Tx().Exec(ctx, "insert into shipments(args) values ($1)", j.Args)
	return err
}

// StartGue registers the gue handlers.
func StartGue(c *gue.Client) error { // want StartGue:"no effects"
	d := &GueDeps{}
	_, err := gue.NewWorkerPool(c, gue.WorkMap{
		"credit":  d.Credit,
		"reserve": d.Reserve,
		"retry":   d.Retry,
		"ship":    d.Ship,
	}, 2)
	return err
}
