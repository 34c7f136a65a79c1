package duperrfix

import (
	"context"
	"log"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A create that runs on the caller's transaction when the context carries
// one and on a transaction of its own otherwise, and rolls back only the
// one it began: the test of "was one handed in" comes from a call named
// like a lookup (getTx), but both of its branches go on to the insert, so
// it decides nothing about whether the row is made, and the insert's
// duplicate failure is not kept from the handler (convoy's
// postgres.eventRepo.CreateEvent, `tx, isWrapped, err := GetTx(...); if
// !isWrapped { defer rollbackTx(tx) }`). Near miss: a lookup whose "found"
// branch returns before the insert decides it (get-or-create).

type txKey struct{}

// getTx is the caller's transaction when ctx carries one, a new one
// otherwise; wrapped says which.
func (d *Deps) getTx(ctx context.Context) (pgx.Tx, bool, error) { // want getTx:`^no effects$`
	if tx, ok := ctx.Value(txKey{}).(pgx.Tx); ok && tx != nil {
		return tx, true, nil
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return nil, false, err
	}
	return tx, false, nil
}

// insertOrder inserts the order on the transaction getTx gave.
func (d *Deps) insertOrder(ctx context.Context, id string) (*workflow, error) { // want insertOrder:`^effects: db_write/insert de_workflows$`
	tx, wrapped, err := d.getTx(ctx)
	if err != nil {
		return nil, err
	}
	if !wrapped {
		defer tx.Rollback(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into de_workflows (workflow_id, pull_request_id) values ($1, $2)", id, 9); err != nil {
		return nil, err
	}
	if !wrapped {
		if err := tx.Commit(ctx); err != nil {
			return nil, err
		}
	}
	return &workflow{ID: id}, nil
}

// WrappedTx: the duplicate's branch reads the nil order.
func (d *Deps) WrappedTx(ctx context.Context, t *asynq.Task) error { // want WrappedTx:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/wrappedtx.go:46 fails on the duplicate`
	wf, err := d.insertOrder(ctx, t.Type())
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			log.Println("already created", wf.ID)
			return nil
		}
		return err
	}
	return nil
}

// insertOrderOnce looks the order up first and inserts it only when it
// is not there.
func (d *Deps) insertOrderOnce(ctx context.Context, id string) (*workflow, error) { // want insertOrderOnce:`^effects: db_write/insert de_workflows guarded=processed_jobs; db_read/select de_workflows$`
	tx, wrapped, err := d.getTx(ctx)
	if err != nil {
		return nil, err
	}
	if !wrapped {
		defer tx.Rollback(ctx)
	}
	found, err := d.findOrder(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if found {
		return &workflow{ID: id}, nil
	}
	if _, err := tx.Exec(ctx, "insert into de_workflows (workflow_id, pull_request_id) values ($1, $2)", id, 10); err != nil {
		return nil, err
	}
	return &workflow{ID: id}, nil
}

// findOrder reports whether the order is there.
func (d *Deps) findOrder(ctx context.Context, tx pgx.Tx, id string) (bool, error) { // want findOrder:`^effects: db_read/select de_workflows @p2$`
	var n int
	err := tx.QueryRow(ctx, "select count(*) from de_workflows where workflow_id = $1", id).Scan(&n)
	return n > 0, err
}

// WrappedTxLooked (near miss): the lookup's "found" returns before the
// insert: a second delivery finds the order and inserts nothing.
func (d *Deps) WrappedTxLooked(ctx context.Context, t *asynq.Task) error { // want WrappedTxLooked:`^effects: db_write/insert de_workflows guarded=processed_jobs; db_read/select de_workflows$`
	wf, err := d.insertOrderOnce(ctx, t.Type())
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			log.Println("already created", wf.ID)
			return nil
		}
		return err
	}
	return nil
}

// WrappedMux registers the handlers of this file.
func WrappedMux(d *Deps) *asynq.ServeMux { // want WrappedMux:`^no effects$`
	mux := asynq.NewServeMux()
	mux.HandleFunc("wrappedtx", d.WrappedTx)
	mux.HandleFunc("wrappedtxlooked", d.WrappedTxLooked)
	return mux
}
