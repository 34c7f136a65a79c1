package jobs

import (
	"context"
	"errors"

	"github.com/vgarvardt/gue/v5"
)

// GueCredit credits on the job's own transaction (j.Tx()): gue deletes
// the job in it and commits when the handler returns nil, so the credit
// commits once, with the deletion. Returning a statement's error commits
// nothing (the failed statement aborts the PostgreSQL transaction).
func GueCredit(ctx context.Context, j *gue.Job) error {
	tx := j.Tx()
	if _, err := tx.Exec(ctx, "update accounts set balance = balance + 1 where id = $1", j.Args); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, "insert into credits(args) values ($1)", j.Args)
	return err
}

// GueReserve fails after its insert on j.Tx() when the payload is empty:
// gue commits the insert with the job's rescheduling and runs it again.
func GueReserve(ctx context.Context, j *gue.Job) error {
	if _, err := j.Tx().Exec(ctx, "insert into reservations(args) values ($1)", j.Args); err != nil {
		return err
	}
	if len(j.Args) == 0 {
		return errors.New("empty reservation")
	}
	return nil
}

// GueFailurePolicy is a wrapper's failure policy (roxy's handler.Create
// asks one whether to reschedule): it takes the job's error besides the
// job, so it is told of a failure after a handler ran, and is not one
// itself, though the job parameter matches gue's weak shape.
func GueFailurePolicy(ctx context.Context, err error, j *gue.Job) (bool, error) {
	if j.ErrorCount > 3 {
		return false, nil
	}
	return true, nil
}

// RegisterGue runs the gue handlers on a pool of workers.
func RegisterGue(c *gue.Client) (*gue.WorkerPool, error) {
	return gue.NewWorkerPool(c, gue.WorkMap{
		"gue:credit":  GueCredit,
		"gue:reserve": GueReserve,
	}, 2)
}
