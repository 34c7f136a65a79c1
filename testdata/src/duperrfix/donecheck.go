package duperrfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// A check made before the insert that reads the very table the insert
// writes and returns success when the work is done answers the retry of a
// duplicate: a delivery that runs alongside the first fails on the unique
// key, the queue retries it, and the retry's check finds the row the
// first one wrote and returns nil. The duplicate's failure is not
// reported (not duplicate-as-error); a check of another table, none, or
// one made after the insert leaves it reported.

// CheckDeps holds the pool.
type CheckDeps struct {
	Pool *Deps
}

// pendingWorkflows reads the workflows still unfinished for a pull
// request: the check's read of de_workflows.
func (d *CheckDeps) pendingWorkflows(ctx context.Context, pr int) ([]string, error) { // want pendingWorkflows:`^effects: db_read/select de_workflows$`
	rows, err := d.Pool.Pool.Query(ctx, "select workflow_id from de_workflows where pull_request_id = $1 and not finished", pr)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// recentEvents reads de_events: a check of another table.
func (d *CheckDeps) recentEvents(ctx context.Context) ([]string, error) { // want recentEvents:`^effects: db_read/select de_events$`
	rows, err := d.Pool.Pool.Query(ctx, "select body from de_events")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

func (d *CheckDeps) start(ctx context.Context, id string, pr int) error { // want start:`^effects: db_write/insert de_workflows$`
	_, err := d.Pool.Pool.Exec(ctx, "insert into de_workflows (workflow_id, pull_request_id) values ($1, $2)", id, pr)
	return err
}

// CheckedStart: the check reads de_workflows and returns success while
// fewer than two are pending; the insert into de_workflows that a
// duplicate fails on comes after it, so the retry takes the check's
// return.
func (d *CheckDeps) CheckedStart(ctx context.Context, t *asynq.Task) error { // want CheckedStart:`^effects: db_write/insert de_workflows; db_read/select de_workflows$`
	pending, err := d.pendingWorkflows(ctx, 7)
	if err != nil {
		return err
	}
	if len(pending) < 2 {
		return nil
	}
	return d.start(ctx, t.Type(), 7)
}

// CheckedOtherTable (near miss): the check reads de_events; the retry of
// a duplicate insert into de_workflows passes it and fails again.
func (d *CheckDeps) CheckedOtherTable(ctx context.Context, t *asynq.Task) error { // want CheckedOtherTable:`^effects: db_write/insert de_workflows; db_read/select de_events$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/donecheck.go:\d+ fails on the duplicate`
	recent, err := d.recentEvents(ctx)
	if err != nil {
		return err
	}
	if len(recent) < 2 {
		return nil
	}
	return d.start(ctx, t.Type(), 7)
}

// CheckedAfter (near miss): the check of de_workflows comes after the
// insert: a duplicate fails before it.
func (d *CheckDeps) CheckedAfter(ctx context.Context, t *asynq.Task) error { // want CheckedAfter:`^effects: db_write/insert de_workflows; db_read/select de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/donecheck.go:\d+ fails on the duplicate`
	if err := d.start(ctx, t.Type(), 7); err != nil {
		return err
	}
	pending, err := d.pendingWorkflows(ctx, 7)
	if err != nil {
		return err
	}
	if len(pending) < 2 {
		return nil
	}
	return nil
}

// CheckedMissing (near miss): success is returned when the read found
// nothing; a retry that finds the row the duplicate's first delivery
// wrote goes on to the insert and fails again.
func (d *CheckDeps) CheckedMissing(ctx context.Context, t *asynq.Task) error { // want CheckedMissing:`^effects: db_write/insert de_workflows; db_read/select de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/donecheck.go:\d+ fails on the duplicate`
	pending, err := d.pendingWorkflows(ctx, 7)
	if err != nil {
		return err
	}
	if pending == nil {
		return nil
	}
	return d.start(ctx, t.Type(), 7)
}

// CheckedEmpty (near miss): success when the read found no row: the
// retry finds the one the first delivery wrote and fails again.
func (d *CheckDeps) CheckedEmpty(ctx context.Context, t *asynq.Task) error { // want CheckedEmpty:`^effects: db_write/insert de_workflows; db_read/select de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/donecheck.go:\d+ fails on the duplicate`
	pending, err := d.pendingWorkflows(ctx, 7)
	if err != nil {
		return err
	}
	if len(pending) == 0 {
		return nil
	}
	return d.start(ctx, t.Type(), 7)
}

// Unchecked (near miss): no check at all.
func (d *CheckDeps) Unchecked(ctx context.Context, t *asynq.Task) error { // want Unchecked:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/donecheck.go:\d+ fails on the duplicate`
	return d.start(ctx, t.Type(), 7)
}

func registerDoneCheck(mux *asynq.ServeMux, d *CheckDeps) { // want registerDoneCheck:`^no effects$`
	mux.HandleFunc("checkedstart", d.CheckedStart)
	mux.HandleFunc("checkedothertable", d.CheckedOtherTable)
	mux.HandleFunc("checkedafter", d.CheckedAfter)
	mux.HandleFunc("checkedmissing", d.CheckedMissing)
	mux.HandleFunc("checkedempty", d.CheckedEmpty)
	mux.HandleFunc("unchecked", d.Unchecked)
}
