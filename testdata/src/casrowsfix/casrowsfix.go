// Package casrowsfix covers rows inserted for exactly the ids a
// compare-and-set's RETURNING gave back to Go (summary/rowsof.go):
// goalert's UpdateManyAlertStatus (alert/store.go:415-454) closes alerts
// with update … where id = any($2) and $1 > status returning id, scans
// the ids, and logs them through an insert … select … from unnest($1) in
// the same transaction. A second delivery's update changes and returns
// nothing, so nothing is logged twice (guarded). Near misses: the ids of
// a plain select, of an update that changes its rows on every run, ids
// mixed with the job's own, and the log insert on another transaction.
package casrowsfix

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"

	"casrowsfix/alertlog"
)

type CloseArgs struct {
	IDs []int64
}

func (CloseArgs) Kind() string { return "close" } // want Kind:"no effects" Kind:`const "close"`

type Deps struct{ DB *sql.DB }

// Close: the compare-and-set's ids, scanned, appended and logged.
type Close struct {
	river.WorkerDefaults[CloseArgs]
	Deps
}

func (w *Close) Work(ctx context.Context, job *river.Job[CloseArgs]) error { // want Work:`^effects: db_write/insert alert_logs guarded=processed_jobs; db_write/update-set alerts$`
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `update alerts set status = $1 where id = any($2) and $1 > status returning id`, "closed", job.Args.IDs)
	if err != nil {
		return err
	}
	defer rows.Close()
	var updated []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return err
		}
		updated = append(updated, id)
	}
	if err := alertlog.LogMany(ctx, tx, updated, "closed"); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the ids of a plain select are the same on every delivery.
type CloseSelected struct {
	river.WorkerDefaults[CloseArgs]
	Deps
}

func (w *CloseSelected) Work(ctx context.Context, job *river.Job[CloseArgs]) error { // want Work:`^effects: db_write/insert alert_logs; db_read/select alerts$` `unguarded: handler \(\*casrowsfix.CloseSelected\).Work .* insert into alert_logs`
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `select id from alerts where id = any($1) and status <> 'closed'`, job.Args.IDs)
	if err != nil {
		return err
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if err := alertlog.LogMany(ctx, tx, ids, "closed"); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: an update without the compare changes and returns its rows
// on every delivery.
type CloseAlways struct {
	river.WorkerDefaults[CloseArgs]
	Deps
}

func (w *CloseAlways) Work(ctx context.Context, job *river.Job[CloseArgs]) error { // want Work:`^effects: db_write/insert alert_logs; db_write/update-set alerts$` `unguarded: handler \(\*casrowsfix.CloseAlways\).Work .* insert into alert_logs`
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `update alerts set status = $1 where id = any($2) returning id`, "closed", job.Args.IDs)
	if err != nil {
		return err
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if err := alertlog.LogMany(ctx, tx, ids, "closed"); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the job's own first id joins the ids changed, and is
// logged again on every delivery.
type CloseMixed struct {
	river.WorkerDefaults[CloseArgs]
	Deps
}

func (w *CloseMixed) Work(ctx context.Context, job *river.Job[CloseArgs]) error { // want Work:`^effects: db_write/insert alert_logs; db_write/update-set alerts$` `unguarded: handler \(\*casrowsfix.CloseMixed\).Work .* insert into alert_logs`
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `update alerts set status = $1 where id = any($2) and $1 > status returning id`, "closed", job.Args.IDs)
	if err != nil {
		return err
	}
	defer rows.Close()
	ids := []int{int(job.Args.IDs[0])}
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if err := alertlog.LogMany(ctx, tx, ids, "closed"); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the compare-and-set commits on one transaction and the log
// on another: the update's commit can fail after the log's, and the
// redelivery changes the rows and logs them again.
type CloseTwoTx struct {
	river.WorkerDefaults[CloseArgs]
	Deps
}

func (w *CloseTwoTx) Work(ctx context.Context, job *river.Job[CloseArgs]) error { // want Work:`^effects: db_write/insert alert_logs; db_write/update-set alerts$` `unguarded: handler \(\*casrowsfix.CloseTwoTx\).Work .* insert into alert_logs`
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	logTx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer logTx.Rollback()
	rows, err := tx.QueryContext(ctx, `update alerts set status = $1 where id = any($2) and $1 > status returning id`, "closed", job.Args.IDs)
	if err != nil {
		return err
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if err := alertlog.LogMany(ctx, logTx, ids, "closed"); err != nil {
		return err
	}
	if err := logTx.Commit(); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: a row that fails to scan is logged under the job's own id,
// again on every delivery.
type CloseFallback struct {
	river.WorkerDefaults[CloseArgs]
	Deps
}

func (w *CloseFallback) Work(ctx context.Context, job *river.Job[CloseArgs]) error { // want Work:`^effects: db_write/insert alert_logs; db_write/update-set alerts$` `unguarded: handler \(\*casrowsfix.CloseFallback\).Work .* insert into alert_logs`
	tx, err := w.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `update alerts set status = $1 where id = any($2) and $1 > status returning id`, "closed", job.Args.IDs)
	if err != nil {
		return err
	}
	defer rows.Close()
	var ids []int
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			id = int(job.Args.IDs[0])
		}
		ids = append(ids, id)
	}
	if err := alertlog.LogMany(ctx, tx, ids, "closed"); err != nil {
		return err
	}
	return tx.Commit()
}

func Register(ws *river.Workers, d Deps) { // want Register:"no effects"
	river.AddWorker(ws, &Close{Deps: d})
	river.AddWorker(ws, &CloseSelected{Deps: d})
	river.AddWorker(ws, &CloseAlways{Deps: d})
	river.AddWorker(ws, &CloseMixed{Deps: d})
	river.AddWorker(ws, &CloseTwoTx{Deps: d})
	river.AddWorker(ws, &CloseFallback{Deps: d})
}
