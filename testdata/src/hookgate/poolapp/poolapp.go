// Package poolapp: a gated hook factory whose closure writes on the
// pool, which commits apart from the apply's claim (a package of its own:
// the whole program resolves a call of a TxHook to every closure of its
// signature).
package poolapp

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"hookgate/store"
)

type PoolArgs struct{ Key string }

func (PoolArgs) Kind() string { return "hookgate:pool" }

// poolHook is gated, but its closure writes on the pool, which commits
// apart from the claim.
func poolHook(pool *pgxpool.Pool) store.Hook {
	return func(r store.Result) store.TxHook {
		if len(r.Changed) == 0 {
			return nil
		}
		return func(ctx context.Context, _ pgx.Tx) error {
			_, err := pool.Exec(ctx, "insert into audit (key) values ($1)", r.Key)
			return err
		}
	}
}

type PoolWorker struct {
	river.WorkerDefaults[PoolArgs]
	Store *store.Store
	Pool  *pgxpool.Pool
}

func (w *PoolWorker) Work(ctx context.Context, job *river.Job[PoolArgs]) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	return w.Store.ApplyPool(ctx, job.Args.Key, poolHook(w.Pool))
}

func Register(workers *river.Workers, s *store.Store, pool *pgxpool.Pool) {
	river.AddWorker(workers, &PoolWorker{Store: s, Pool: pool})
}
