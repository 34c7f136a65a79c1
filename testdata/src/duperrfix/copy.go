package duperrfix

import (
	"context"
	"encoding/json"
	"log"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	pgxv4 "github.com/jackc/pgx/v4"
	poolv4 "github.com/jackc/pgx/v4/pgxpool"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
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

// CopiedEvents: a surrogate id only, a new uuid per delivery: nothing
// fails.
func (d *Deps) CopiedEvents(ctx context.Context, t *asynq.Task) error { // want CopiedEvents:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CopiedEvents`
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromRows([][]any{{uuid.NewString(), t.Type()}}))
	return err
}

// A key that is only the id column is a surrogate unless the rows' ids
// are traced to what the job carries: then it is a business key, as for
// an ORM insert (natkeyfix), on every CopyFrom receiver of pgx v5 and v4.

// CopiedEventsKeyed copies, on a connection acquired from the pool, the
// event under the task's id: a second delivery's COPY fails on it.
func (d *Deps) CopiedEventsKeyed(ctx context.Context, t *asynq.Task) error { // want CopiedEventsKeyed:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/copy.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from t.Type\(\)\)`
	c, err := d.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	_, err = c.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromRows([][]any{{t.Type(), "body"}}))
	return err
}

// CopiedEventsLoop builds the rows in a loop, each keyed by the task and
// its index, and copies them in a transaction (pgx.Tx).
func (d *Deps) CopiedEventsLoop(ctx context.Context, t *asynq.Task) error { // want CopiedEventsLoop:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var rows [][]any
	for _, b := range t.Payload() {
		rows = append(rows, []any{t.Type() + string(b), "body"})
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromRows(rows)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CopiedEventsMixed: one row's id is a new uuid, so the rows do not all
// repeat; the near miss of CopiedEventsLoop.
func (d *Deps) CopiedEventsMixed(ctx context.Context, t *asynq.Task) error { // want CopiedEventsMixed:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CopiedEventsMixed`
	rows := [][]any{{t.Type(), "body"}}
	rows = append(rows, []any{uuid.NewString(), "body"})
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromRows(rows))
	return err
}

// CopiedEventsNoID leaves the id to the database's default: nothing fails.
func (d *Deps) CopiedEventsNoID(ctx context.Context, t *asynq.Task) error { // want CopiedEventsNoID:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CopiedEventsNoID`
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"body"}, pgx.CopyFromRows([][]any{{t.Type()}}))
	return err
}

// CopiedEventsFunc: rows from a callback are not read: the id stays a
// surrogate, as before.
func (d *Deps) CopiedEventsFunc(ctx context.Context, t *asynq.Task) error { // want CopiedEventsFunc:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CopiedEventsFunc`
	done := false
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromFunc(func() ([]any, error) {
		if done {
			return nil, nil
		}
		done = true
		return []any{t.Type(), "body"}, nil
	}))
	return err
}

// copyEventOnTx copies one event under the id its caller passes, on the
// pool's transaction type (*pgxpool.Tx): the callers decide.
func copyEventOnTx(ctx context.Context, tx *pgxpool.Tx, id string) error { // want copyEventOnTx:`^effects: db_write/insert de_events @p1$`
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromRows([][]any{{id, "body"}}))
	return err
}

func (d *Deps) poolTx(ctx context.Context) (*pgxpool.Tx, error) { // want poolTx:`^no effects$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return tx.(*pgxpool.Tx), nil
}

// CopiedEventOnTx passes the task's id.
func (d *Deps) CopiedEventOnTx(ctx context.Context, t *asynq.Task) error { // want CopiedEventOnTx:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/copy.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from id\)`
	tx, err := d.poolTx(ctx)
	if err != nil {
		return err
	}
	if err := copyEventOnTx(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CopiedEventOnTxFresh passes a new uuid: nothing fails.
func (d *Deps) CopiedEventOnTxFresh(ctx context.Context, t *asynq.Task) error { // want CopiedEventOnTxFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CopiedEventOnTxFresh`
	tx, err := d.poolTx(ctx)
	if err != nil {
		return err
	}
	if err := copyEventOnTx(ctx, tx, uuid.NewString()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// copyEventRows copies the rows its caller builds: the callers decide.
func (d *Deps) copyEventRows(ctx context.Context, rows [][]any) error { // want copyEventRows:`^effects: db_write/insert de_events$`
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"de_events"}, []string{"id", "body"}, pgx.CopyFromRows(rows))
	return err
}

// CopiedEventRows passes rows keyed by the task.
func (d *Deps) CopiedEventRows(ctx context.Context, t *asynq.Task) error { // want CopiedEventRows:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/copy.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from each row's id\)`
	return d.copyEventRows(ctx, [][]any{{t.Type(), "body"}})
}

// CopiedEventRowsFresh passes rows keyed by new uuids: nothing fails.
func (d *Deps) CopiedEventRowsFresh(ctx context.Context, t *asynq.Task) error { // want CopiedEventRowsFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CopiedEventRowsFresh`
	return d.copyEventRows(ctx, [][]any{{uuid.NewString(), t.Type()}})
}

// CopiedEventRowsLogged only logs the helper's failure: a redelivery's
// COPY fails on the id the payload carries and writes nothing (the first
// wrote every row): the duplicate is taken as success, guarded.
func (d *Deps) CopiedEventRowsLogged(ctx context.Context, t *asynq.Task) error { // want CopiedEventRowsLogged:`^effects: db_write/insert de_events guarded=processed_jobs$`
	var m struct{ ID string }
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.copyEventRows(ctx, [][]any{{m.ID, "body"}}); err != nil {
		log.Println("copy events:", err)
	}
	return nil
}

// DepsV4 holds a pgx v4 pool.
type DepsV4 struct {
	Pool *poolv4.Pool
}

// CopiedEventsV4 copies on the pgx v4 pool under the task's id.
func (d *DepsV4) CopiedEventsV4(ctx context.Context, t *asynq.Task) error { // want CopiedEventsV4:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/copy.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\)`
	_, err := d.Pool.CopyFrom(ctx, pgxv4.Identifier{"de_events"}, []string{"id", "body"}, pgxv4.CopyFromRows([][]interface{}{{t.Type(), "body"}}))
	return err
}

// CopiedEventsV4Conn: the same on an acquired v4 connection, its id a
// new uuid: nothing fails.
func (d *DepsV4) CopiedEventsV4Conn(ctx context.Context, t *asynq.Task) error { // want CopiedEventsV4Conn:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.DepsV4\).CopiedEventsV4Conn`
	c, err := d.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	_, err = c.CopyFrom(ctx, pgxv4.Identifier{"de_events"}, []string{"id", "body"}, pgxv4.CopyFromRows([][]interface{}{{uuid.NewString(), t.Type()}}))
	return err
}

func registerCopy(mux *asynq.ServeMux, d *Deps) { // want registerCopy:`^no effects$`
	mux.HandleFunc("copied", d.Copied)
	mux.HandleFunc("copiedvia", d.CopiedVia)
	mux.HandleFunc("copiednow", d.CopiedNow)
	mux.HandleFunc("copiedevents", d.CopiedEvents)
	mux.HandleFunc("copiedeventskeyed", d.CopiedEventsKeyed)
	mux.HandleFunc("copiedeventsloop", d.CopiedEventsLoop)
	mux.HandleFunc("copiedeventsmixed", d.CopiedEventsMixed)
	mux.HandleFunc("copiedeventsnoid", d.CopiedEventsNoID)
	mux.HandleFunc("copiedeventsfunc", d.CopiedEventsFunc)
	mux.HandleFunc("copiedeventontx", d.CopiedEventOnTx)
	mux.HandleFunc("copiedeventontxfresh", d.CopiedEventOnTxFresh)
	mux.HandleFunc("copiedeventrows", d.CopiedEventRows)
	mux.HandleFunc("copiedeventrowsfresh", d.CopiedEventRowsFresh)
	mux.HandleFunc("copiedeventrowslogged", d.CopiedEventRowsLogged)
}

func registerCopyV4(mux *asynq.ServeMux, d *DepsV4) { // want registerCopyV4:`^no effects$`
	mux.HandleFunc("copiedeventsv4", d.CopiedEventsV4)
	mux.HandleFunc("copiedeventsv4conn", d.CopiedEventsV4Conn)
	mux.HandleFunc("copiedeventsv4tx", d.CopiedEventsV4Tx)
}

// CopiedEventsV4Tx copies on the v4 pool's transaction type, which its
// Begin returns behind pgx.Tx, under the task's id.
func (d *DepsV4) CopiedEventsV4Tx(ctx context.Context, t *asynq.Task) error { // want CopiedEventsV4Tx:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/copy.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\)`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	ptx, ok := tx.(*poolv4.Tx)
	if !ok {
		return nil
	}
	if _, err := ptx.CopyFrom(ctx, pgxv4.Identifier{"de_events"}, []string{"id", "body"}, pgxv4.CopyFromRows([][]interface{}{{t.Type(), "body"}})); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
