// Package jobs: handlers whose logger calls the hooks the application
// keeps in the logger's collection fields (hookslice/logx).
package jobs

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"hookslice/logx"
)

type Worker struct {
	DB  *sql.DB
	Log *logx.Logger
}

// Purge: the one error mapper the program adds only puts a value in the
// context: the delete is all it does.
func (w *Worker) Purge(ctx context.Context, t *asynq.Task) error {
	if _, err := w.DB.ExecContext(ctx, "delete from sessions where expires_at < now()"); err != nil {
		w.Log.Error(ctx, err)
		return err
	}
	return nil
}

// Notify: the one sink the program adds inserts the message.
func (w *Worker) Notify(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into log_lines \(medium\) at`
	w.Log.Print(ctx, string(t.Payload()))
	return nil
}

// Expire: auditors holds only what AddAuditor is given, which nothing in
// the program calls: not known here.
func (w *Worker) Expire(ctx context.Context, t *asynq.Task) error {
	if _, err := w.DB.ExecContext(ctx, "delete from tokens where expires_at < now()"); err != nil {
		w.Log.Audit(ctx, err)
		return err
	}
	return nil
}
