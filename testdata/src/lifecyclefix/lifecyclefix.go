// Package lifecyclefix covers a claim table's lifecycle (issue 29): a claim
// backed by a unique key in the migrations (declared/migrations), one whose
// table has none (claim-without-constraint), one whose on conflict target
// matches no key, one into a table no migration creates (unknown, not a
// finding); and the pruning DELETEs whose retention the inventory compares
// with the retry horizons (a constant interval, a time.Duration parameter,
// a number of days, a cutoff time).
package lifecyclefix

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct{ Pool *pgxpool.Pool }

func (d *Deps) Keyed(ctx context.Context, t *asynq.Task) error { // want Keyed:"db_write/insert lc_ledger guarded=processed_jobs; db_write/claim lc_claims"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	if err := tx.QueryRow(ctx, "insert into lc_claims(job_key) values($1) on conflict (job_key) do nothing returning job_key", t.Type()).Scan(&k); errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into lc_ledger(order_id) values ($1)", k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *Deps) NoKey(ctx context.Context, t *asynq.Task) error { // want NoKey:"db_write/insert lc_ledger issue=claim-without-constraint; db_write/claim lc_nokey"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	if err := tx.QueryRow(ctx, "insert into lc_nokey(job_key) values($1) on conflict do nothing returning job_key", t.Type()).Scan(&k); errors.Is(err, pgx.ErrNoRows) { // want `claim-without-constraint: the claim on lc_nokey is backed by no unique key`
		return nil
	} else if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into lc_ledger(order_id) values ($1)", k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *Deps) WrongTarget(ctx context.Context, t *asynq.Task) error { // want WrongTarget:"db_write/insert lc_ledger issue=claim-without-constraint; db_write/claim lc_composite"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	if err := tx.QueryRow(ctx, "insert into lc_composite(tenant, job_id) values($1, 1) on conflict (job_id) do nothing returning tenant", t.Type()).Scan(&k); errors.Is(err, pgx.ErrNoRows) { // want `claim-without-constraint: the claim on lc_composite .*no unique key on lc_composite \(job_id\) in the migrations: its unique keys are unique index lc_composite_key \(tenant, job_id\)`
		return nil
	} else if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into lc_ledger(order_id) values ($1)", k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *Deps) Elsewhere(ctx context.Context, t *asynq.Task) error { // want Elsewhere:"db_write/insert lc_ledger guarded=processed_jobs; db_write/claim lc_elsewhere"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	if err := tx.QueryRow(ctx, "insert into lc_elsewhere(job_key) values($1) on conflict do nothing returning job_key", t.Type()).Scan(&k); errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into lc_ledger(order_id) values ($1)", k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Ignored: a claim whose missing key is known and accepted.
func (d *Deps) Ignored(ctx context.Context, t *asynq.Task) error { // want Ignored:"db_write/insert lc_ledger issue=claim-without-constraint; db_write/claim lc_nokey"
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var k string
	//jobeffects:ignore claim-without-constraint the key is added by the DBA's migration outside this repository
	if err := tx.QueryRow(ctx, "insert into lc_nokey(job_key) values($1) on conflict do nothing returning job_key", t.Type()).Scan(&k); errors.Is(err, pgx.ErrNoRows) {
		return nil
	} else if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into lc_ledger(order_id) values ($1)", k); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:"no effects"
	mux.HandleFunc("lc:keyed", d.Keyed)
	mux.HandleFunc("lc:nokey", d.NoKey)
	mux.HandleFunc("lc:wrongtarget", d.WrongTarget)
	mux.HandleFunc("lc:elsewhere", d.Elsewhere)
	mux.HandleFunc("lc:ignored", d.Ignored)
}

// The pruning jobs.

func PruneInterval(ctx context.Context, pool *pgxpool.Pool) error { // want PruneInterval:"db_write/delete lc_claims @p1"
	_, err := pool.Exec(ctx, "delete from lc_claims where created_at < now() - interval '14 days'")
	return err
}

func PruneDuration(ctx context.Context, pool *pgxpool.Pool) error { // want PruneDuration:"db_write/delete lc_composite @p1"
	_, err := pool.Exec(ctx, "delete from lc_composite where created_at < now() - $1::interval", 2*time.Hour)
	return err
}

func PruneDays(ctx context.Context, pool *pgxpool.Pool) error { // want PruneDays:"db_write/delete lc_claims @p1"
	_, err := pool.Exec(ctx, "delete from lc_claims where created_at < now() - $1 * interval '1 day'", 30)
	return err
}

func PruneCutoff(ctx context.Context, pool *pgxpool.Pool) error { // want PruneCutoff:"db_write/delete lc_nokey @p1"
	_, err := pool.Exec(ctx, "delete from lc_nokey where created_at < $1", time.Now().Add(-48*time.Hour))
	return err
}

// Release is no prune: it deletes one key (a failed job's claim).
func Release(ctx context.Context, pool *pgxpool.Pool, key string) error { // want Release:"db_write/delete lc_claims @p1"
	_, err := pool.Exec(ctx, "delete from lc_claims where job_key = $1", key)
	return err
}

// A pruning helper given its retention by its callers: each call is a
// prune with the value it passes.
func pruneOlder(ctx context.Context, pool *pgxpool.Pool, olderThan time.Duration) error { // want pruneOlder:"db_write/delete lc_claims @p1"
	_, err := pool.Exec(ctx, "delete from lc_claims where created_at < now() - $1::interval", olderThan)
	return err
}

func PruneViaHelper(ctx context.Context, pool *pgxpool.Pool) error { // want PruneViaHelper:"db_write/delete lc_claims @p1"
	return pruneOlder(ctx, pool, 7*24*time.Hour)
}

// ClearTenant bounds lc_composite not by age: it deletes a tenant's
// claims (a part of the unique key (tenant, job_id)) when a pass restarts.
// Release, above, fixes a whole key and is no prune.
func ClearTenant(ctx context.Context, pool *pgxpool.Pool, tenant string) error { // want ClearTenant:"db_write/delete lc_composite @p1"
	_, err := pool.Exec(ctx, "delete from lc_composite where tenant = $1", tenant)
	return err
}

// ResetNoKey empties lc_nokey: a TRUNCATE clears every row, as a DELETE
// with no WHERE does (not by age).
func ResetNoKey(ctx context.Context, pool *pgxpool.Pool) error { // want ResetNoKey:"db_write/delete lc_nokey @p1"
	_, err := pool.Exec(ctx, "truncate lc_nokey")
	return err
}
