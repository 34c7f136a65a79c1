// Package pub is importable by other modules: its worker, which this
// program never adds, may be added by a program not loaded here, so it
// stays a handler (a near miss of jobs.PurgeWorker).
package pub

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"
)

type TidyArgs struct{}

func (TidyArgs) Kind() string { return "tidy" }

type TidyWorker struct {
	river.WorkerDefaults[TidyArgs]
	DB *sql.DB
}

func (w *TidyWorker) Work(ctx context.Context, job *river.Job[TidyArgs]) error { // want `^unguarded: .*insert into tidies`
	_, err := w.DB.ExecContext(ctx, "insert into tidies (at) values (now())")
	return err
}
