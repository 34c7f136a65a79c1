// Package changedfix covers an insert … select of only the rows its own
// statement's data-modifying CTE changed (sqlclass changed.go): a history
// row per change, an archive row per deleted row, a ledger row per
// claimed key. A second delivery's CTE changes nothing, so the insert
// inserts nothing (guarded). Near misses: a CTE that changes the row again
// on every run, and a select that adds rows from elsewhere (a union arm).
package changedfix

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

type ItemArgs struct {
	ID    int64
	State string
}

func (ItemArgs) Kind() string { return "item" } // want Kind:"no effects" Kind:`const "item"`

type Deps struct{ Pool *pgxpool.Pool }

// History: set-if-different, then the history of that change.
type History struct {
	river.WorkerDefaults[ItemArgs]
	Deps
}

func (w *History) Work(ctx context.Context, job *river.Job[ItemArgs]) error { // want Work:`^effects: db_write/insert item_history guarded=processed_jobs; db_write/update-set items$`
	_, err := w.Pool.Exec(ctx, `with changed as (
		update items set state = $2 where id = $1 and state is distinct from $2
		returning id, state)
	insert into item_history (item_id, state) select id, state from changed`, job.Args.ID, job.Args.State)
	return err
}

// Archive: a row moved from the queue to the archive.
type Archive struct {
	river.WorkerDefaults[ItemArgs]
	Deps
}

func (w *Archive) Work(ctx context.Context, job *river.Job[ItemArgs]) error { // want Work:`^effects: db_write/insert archive guarded=processed_jobs; db_write/delete queue$`
	_, err := w.Pool.Exec(ctx, `with d as (delete from queue where id = $1 returning id, payload)
	insert into archive (id, payload) select id, payload from d`, job.Args.ID)
	return err
}

// CloseLog: a compare-and-set that moves a status only forward
// (set status = $2 where … and $2 > status, an ordered enum: goalert's
// alert close, alert/store.go:134-141) returns the ids it changed, and
// the log rows are those ids: a second delivery's update changes and
// returns nothing, so nothing is logged twice.
type CloseLog struct {
	river.WorkerDefaults[ItemArgs]
	Deps
}

func (w *CloseLog) Work(ctx context.Context, job *river.Job[ItemArgs]) error { // want Work:`^effects: db_write/insert alert_logs guarded=processed_jobs; db_write/update-set alerts$`
	_, err := w.Pool.Exec(ctx, `with upd as (
		update alerts set status = $2 where id = any ($1) and $2 > status
		returning id)
	insert into alert_logs (alert_id, event) select id, 'closed' from upd`, []int64{job.Args.ID}, job.Args.State)
	return err
}

// Near miss: a test that admits the value set (>=) changes the row again
// on every run, and every run logs it.
type CloseLogAgain struct {
	river.WorkerDefaults[ItemArgs]
	Deps
}

func (w *CloseLogAgain) Work(ctx context.Context, job *river.Job[ItemArgs]) error { // want Work:`^effects: db_write/insert alert_logs; db_write/update-set alerts$` `unguarded: handler \(\*changedfix.CloseLogAgain\).Work .* insert into alert_logs`
	_, err := w.Pool.Exec(ctx, `with upd as (
		update alerts set status = $2 where id = any ($1) and $2 >= status
		returning id)
	insert into alert_logs (alert_id, event) select id, 'closed' from upd`, []int64{job.Args.ID}, job.Args.State)
	return err
}

// Near miss: the update changes the row on every run, so every run
// writes a history row.
type EveryRun struct {
	river.WorkerDefaults[ItemArgs]
	Deps
}

func (w *EveryRun) Work(ctx context.Context, job *river.Job[ItemArgs]) error { // want Work:`^effects: db_write/insert item_history; db_write/update-set items$` `unguarded: handler \(\*changedfix.EveryRun\).Work .* insert into item_history`
	_, err := w.Pool.Exec(ctx, `with changed as (
		update items set state = $2 where id = $1
		returning id, state)
	insert into item_history (item_id, state) select id, state from changed`, job.Args.ID, job.Args.State)
	return err
}

// Near miss: a union arm inserts a row whatever changed.
type Union struct {
	river.WorkerDefaults[ItemArgs]
	Deps
}

func (w *Union) Work(ctx context.Context, job *river.Job[ItemArgs]) error { // want Work:`^effects: db_write/insert item_history; db_write/update-set items$` `unguarded: handler \(\*changedfix.Union\).Work .* insert into item_history`
	_, err := w.Pool.Exec(ctx, `with changed as (
		update items set state = $2 where id = $1 and state is distinct from $2
		returning id, state)
	insert into item_history (item_id, state) select id, state from changed union all select $1, 'seen'`, job.Args.ID, job.Args.State)
	return err
}

func Register(ws *river.Workers, d Deps) { // want Register:"no effects"
	river.AddWorker(ws, &History{Deps: d})
	river.AddWorker(ws, &Archive{Deps: d})
	river.AddWorker(ws, &EveryRun{Deps: d})
	river.AddWorker(ws, &Union{Deps: d})
	river.AddWorker(ws, &CloseLog{Deps: d})
	river.AddWorker(ws, &CloseLogAgain{Deps: d})
}
