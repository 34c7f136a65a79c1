// Package tasks builds its handlers with factories: each returns the
// closure that does the work, which the worker registers.
package tasks

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

func ProcessDelivery(db *sql.DB) func(context.Context, *asynq.Task) error { // want ProcessDelivery:"no effects" ProcessDelivery:"returns tasks.ProcessDelivery.func1"
	return func(ctx context.Context, t *asynq.Task) error {
		_, err := db.ExecContext(ctx, "insert into deliveries(body) values ($1)", t.Payload())
		return err
	}
}
