package checkactfix

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// AdvisoryFound takes a transaction advisory lock on the job's key, looks
// the finding up on the same transaction and leaves when there is one; on
// "no row" it inserts the finding and the ledger entry there. A second
// delivery waits for the lock until the first commits and then finds the
// finding: the lookup that finds no row is held by the lock, the inserts
// are guarded.
func (d *Deps) AdvisoryFound(ctx context.Context, t *asynq.Task) error { // want AdvisoryFound:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/insert findings guarded=processed_jobs; db_read/select; db_read/select findings$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtextextended($1::text, 0))", t.Type()); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRow(ctx, "select id from findings where key = $1", t.Type()).Scan(&id)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if err == nil {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into findings (key) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// lockKey is a querier's lock method, as sqlc generates it.
func (q *queries) lockKey(ctx context.Context, key string) error { // want lockKey:`^effects: db_read/select @p0$`
	_, err := q.db.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtextextended($1::text, 0))", key)
	return err
}

// lockTx is a helper the transaction is handed to.
func lockTx(ctx context.Context, tx pgx.Tx, key string) error { // want lockTx:`^effects: db_read/select @p1$`
	return newQueries(tx).lockKey(ctx, key)
}

// AdvisoryHelper is AdvisoryFound with the lock taken through a helper
// that wraps the transaction in a querier: the same guard.
func (d *Deps) AdvisoryHelper(ctx context.Context, t *asynq.Task) error { // want AdvisoryHelper:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/insert findings guarded=processed_jobs; db_read/select; db_read/select findings$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lockTx(ctx, tx, t.Type()); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRow(ctx, "select id from findings where key = $1", t.Type()).Scan(&id)
	if err == nil {
		return tx.Commit(ctx)
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into findings (key) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AdvisoryOnPool takes the lock on the pool, not on the transaction the
// check and the inserts run in: the pool's connection releases it at
// once (its own implicit transaction), so nothing is held; two
// deliveries at once both find no row.
func (d *Deps) AdvisoryOnPool(ctx context.Context, t *asynq.Task) error { // want AdvisoryOnPool:`^effects: db_write/insert ledger; db_write/insert findings; db_read/select; db_read/select findings$` `unguarded: handler \(\*checkactfix.Deps\).AdvisoryOnPool \(asynq task "advisoryonpool"\) repeats its side effects when a job is delivered twice: insert into ledger`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := d.Pool.Exec(ctx, "select pg_advisory_xact_lock(hashtextextended($1::text, 0))", t.Type()); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRow(ctx, "select id from findings where key = $1", t.Type()).Scan(&id)
	if err == nil {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into findings (key) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AdvisoryShared takes the shared form of the lock, which two deliveries
// hold at once: no guard.
func (d *Deps) AdvisoryShared(ctx context.Context, t *asynq.Task) error { // want AdvisoryShared:`^effects: db_write/insert ledger; db_write/insert findings; db_read/select; db_read/select findings$` `unguarded: handler \(\*checkactfix.Deps\).AdvisoryShared \(asynq task "advisoryshared"\) repeats its side effects when a job is delivered twice: insert into ledger`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock_shared(hashtextextended($1::text, 0))", t.Type()); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRow(ctx, "select id from findings where key = $1", t.Type()).Scan(&id)
	if err == nil {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into findings (key) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AdvisoryNoRecord locks and looks up but never inserts the finding: a
// later delivery finds no row again and inserts the ledger entry again.
func (d *Deps) AdvisoryNoRecord(ctx context.Context, t *asynq.Task) error { // want AdvisoryNoRecord:`^effects: db_write/insert ledger; db_read/select; db_read/select findings$` `unguarded: handler \(\*checkactfix.Deps\).AdvisoryNoRecord \(asynq task "advisorynorecord"\) repeats its side effects when a job is delivered twice: insert into ledger`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtextextended($1::text, 0))", t.Type()); err != nil {
		return err
	}
	var id int64
	err = tx.QueryRow(ctx, "select id from findings where key = $1", t.Type()).Scan(&id)
	if err == nil {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AdvisoryAfter takes the lock only after the lookup: two deliveries at
// once both find no row before either waits.
func (d *Deps) AdvisoryAfter(ctx context.Context, t *asynq.Task) error { // want AdvisoryAfter:`^effects: db_write/insert ledger; db_write/insert findings; db_read/select findings; db_read/select$` `unguarded: handler \(\*checkactfix.Deps\).AdvisoryAfter \(asynq task "advisoryafter"\) repeats its side effects when a job is delivered twice: insert into ledger`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	err = tx.QueryRow(ctx, "select id from findings where key = $1", t.Type()).Scan(&id)
	if err == nil {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtextextended($1::text, 0))", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into findings (key) values ($1)", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func registerAdvisory(mux *asynq.ServeMux, d *Deps) { // want registerAdvisory:`^no effects$`
	mux.HandleFunc("advisoryfound", d.AdvisoryFound)
	mux.HandleFunc("advisoryhelper", d.AdvisoryHelper)
	mux.HandleFunc("advisoryonpool", d.AdvisoryOnPool)
	mux.HandleFunc("advisoryshared", d.AdvisoryShared)
	mux.HandleFunc("advisorynorecord", d.AdvisoryNoRecord)
	mux.HandleFunc("advisoryafter", d.AdvisoryAfter)
}
