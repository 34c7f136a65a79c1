package duperrfix

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A bulk COPY (pgx's CopyFrom) is an insert of the columns it names: a
// unique key of the migrations among them fails a second delivery's COPY
// as it fails an INSERT, unless the rows carry a value drawn anew. Rows a
// helper is passed are decided at its caller.

// Copied: the workflow's key comes from the task: the COPY fails on the
// duplicate and the handler returns that error.
func (d *Deps) Copied(ctx context.Context, t *asynq.Task) error { // want Copied:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/copy.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(workflow_id\)`
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_workflows"}, []string{"workflow_id", "pull_request_id"}, pgx.CopyFromRows([][]any{{t.Type(), 1}}))
	return err
}

func (d *Deps) copyWorkflows(ctx context.Context, rows [][]any) error { // want copyWorkflows:`^effects: db_write/insert de_workflows$`
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_workflows"}, []string{"workflow_id", "pull_request_id"}, pgx.CopyFromRows(rows))
	return err
}

// CopiedVia passes rows built from the task to a helper.
func (d *Deps) CopiedVia(ctx context.Context, t *asynq.Task) error { // want CopiedVia:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows`
	var rows [][]any
	for i := 0; i < 3; i++ {
		rows = append(rows, []any{t.Type(), i})
	}
	return d.copyWorkflows(ctx, rows)
}

// CopiedNow keys the rows by the clock: every delivery inserts new rows.
func (d *Deps) CopiedNow(ctx context.Context, t *asynq.Task) error { // want CopiedNow:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).CopiedNow`
	var rows [][]any
	rows = append(rows, []any{time.Now().String(), 1})
	return d.copyWorkflows(ctx, rows)
}

// CopiedEvents: a surrogate id only: nothing fails.
func (d *Deps) CopiedEvents(ctx context.Context, t *asynq.Task) error { // want CopiedEvents:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CopiedEvents`
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromRows([][]any{{"x", t.Type()}}))
	return err
}

func registerCopy(mux *asynq.ServeMux, d *Deps) { // want registerCopy:`^no effects$`
	mux.HandleFunc("copied", d.Copied)
	mux.HandleFunc("copiedvia", d.CopiedVia)
	mux.HandleFunc("copiednow", d.CopiedNow)
	mux.HandleFunc("copiedevents", d.CopiedEvents)
}
