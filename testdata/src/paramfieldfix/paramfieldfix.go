// Package paramfieldfix covers a callback passed in a field of an argument
// struct (lamassuiot's GetDeviceByDMS(ctx, GetDevicesByDMSInput{ListInput:
// ListInput{ApplyFunc: func(d Device) {…}}})): the list helper passes
// input.ListInput.ApplyFunc on to the iterator that calls it, so what runs
// is the function the caller's literal stores in that field, in place of
// the unknown call the helper's summary keeps for callers that pass no
// literal. Near miss: a callback that only sets is safe.
package paramfieldfix

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

type ListInput[E any] struct {
	ExhaustiveRun bool
	ApplyFunc     func(E)
}

type DevicesInput struct {
	DMSID     string
	ListInput ListInput[string]
}

// iterate calls apply on every item, as lamassuiot's IterGet does.
func iterate[E any](items []E, apply func(E)) { // want iterate:"effects: calls p1"
	for _, it := range items {
		apply(it)
	}
}

// listDevices passes its input's callback on.
func listDevices(ctx context.Context, pool *pgxpool.Pool, input DevicesInput) error { // want listDevices:`^effects: dynamic_call/call paramfieldfix.ListInput\[string\].ApplyFunc; db_read/select devices @p1; calls p2.ListInput.ApplyFunc$`
	rows, err := pool.Query(ctx, "select id from devices where dms = $1", input.DMSID)
	if err != nil {
		return err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	iterate(ids, input.ListInput.ApplyFunc)
	return nil
}

type ShadowArgs struct{ DMS string }

func (ShadowArgs) Kind() string { return "shadow" } // want Kind:"no effects" Kind:`const "shadow"`

type ShadowWorker struct {
	river.WorkerDefaults[ShadowArgs]
	Pool *pgxpool.Pool
}

func (w *ShadowWorker) Work(ctx context.Context, job *river.Job[ShadowArgs]) error { // want Work:`^effects: db_write/insert shadow_updates; db_read/select devices$` `unguarded: handler \(\*paramfieldfix.ShadowWorker\).Work \(river task "shadow"\) repeats its side effects`
	var err error
	lerr := listDevices(ctx, w.Pool, DevicesInput{
		DMSID: job.Args.DMS,
		ListInput: ListInput[string]{
			ExhaustiveRun: true,
			ApplyFunc: func(id string) {
				_, err = w.Pool.Exec(ctx, "insert into shadow_updates(device) values ($1)", id)
			},
		},
	})
	if lerr != nil {
		return lerr
	}
	return err
}

type SeenArgs struct{ DMS string }

func (SeenArgs) Kind() string { return "seen" } // want Kind:"no effects" Kind:`const "seen"`

// SeenWorker's callback only sets a flag: safe (near miss).
type SeenWorker struct {
	river.WorkerDefaults[SeenArgs]
	Pool *pgxpool.Pool
}

func (w *SeenWorker) Work(ctx context.Context, job *river.Job[SeenArgs]) error { // want Work:`^effects: db_read/select devices; db_write/update-set devices$`
	in := DevicesInput{DMSID: job.Args.DMS}
	in.ListInput.ApplyFunc = func(id string) {
		_, _ = w.Pool.Exec(ctx, "update devices set seen = true where id = $1", id)
	}
	return listDevices(ctx, w.Pool, in)
}
