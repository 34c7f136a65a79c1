package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// An attempt counter stepped beside clock stamps counts the run; it marks
// no status (a later delivery reads the same "pending" and acts again), so
// it is no status mark of check-then-act, and no increment either. Shape
// of ghsync's StartBranchReconciliationPage
// (internal/store/dbgen/branch.sql.go:750-766). The insert after it stays
// unguarded: nothing claims it.

// PageStart reads the page's status, counts the attempt, inserts and
// completes the page with a compare-and-set.
func (d *Deps) PageStart(ctx context.Context, t *asynq.Task) error { // want PageStart:`^effects: db_write/insert page_items; db_read/select pages; db_write/update-set pages; db_write/claim pages$` `unguarded: handler \(\*checkactfix.Deps\).PageStart \(asynq task "pagestart"\) repeats its side effects when a job is delivered twice: insert into page_items \(medium\) at checkactfix/attempts.go:\d+ is not guarded;`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from pages where id = $1", 1).Scan(&status); err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	started, err := d.Pool.Exec(ctx, "update pages as page set attempt_count = page.attempt_count + 1, last_started_at = clock_timestamp(), heartbeat_at = clock_timestamp() where page.id = $1 and page.status = 'pending'", 1)
	if err != nil {
		return err
	}
	if started.RowsAffected() == 0 {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into page_items (page_id) values ($1)", 1); err != nil {
		return err
	}
	done, err := d.Pool.Exec(ctx, "update pages set status = 'done' where id = $1 and status = 'pending'", 1)
	if err != nil {
		return err
	}
	if done.RowsAffected() == 0 {
		return nil
	}
	return nil
}

// PageRunning sets the status beside the counter: a status mark before
// the act (no predicate on the old status), check-then-act as ever.
func (d *Deps) PageRunning(ctx context.Context, t *asynq.Task) error { // want PageRunning:`^effects: db_write/insert page_items issue=check-then-act; db_read/select pages; db_write/update-set pages; db_write/update-set pages$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from pages where id = $1", 2).Scan(&status); err != nil { // want `check-then-act: this check of pages and the status written at checkactfix/attempts.go:\d+ before the insert into page_items at checkactfix/attempts.go:\d+ are two statements, not a compare-and-set`
		return err
	}
	if status != "pending" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "update pages set status = 'running', attempt_count = attempt_count + 1 where id = $1", 2); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, "insert into page_items (page_id) values ($1)", 2); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update pages set status = 'done' where id = $1", 2)
	return err
}

// PageProgress steps the counter beside a count of the items done: an
// increment, whatever the attempt counter beside it.
func (d *Deps) PageProgress(ctx context.Context, t *asynq.Task) error { // want PageProgress:`^effects: db_write/update-increment pages$` `unguarded: handler \(\*checkactfix.Deps\).PageProgress`
	_, err := d.Pool.Exec(ctx, "update pages set attempt_count = attempt_count + 1, items_done = items_done + 10, last_started_at = now() where id = $1", 3)
	return err
}

func registerAttempts(mux *asynq.ServeMux, d *Deps) { // want registerAttempts:`^no effects$`
	mux.HandleFunc("pagestart", d.PageStart)
	mux.HandleFunc("pagerunning", d.PageRunning)
	mux.HandleFunc("pageprogress", d.PageProgress)
}
