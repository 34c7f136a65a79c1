// Package app: River workers apply a record through the store with a
// hook factory. The factory that returns its closure only when the
// apply's claim took the key (Applied) makes an insert on the claim's
// transaction guarded; one that tests a field known before the claim
// (Key), one that tests nothing, and one whose closure writes on the
// pool are not.
package app

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"hookgate/store"
)

type ItemArgs struct{ Key string }

func (ItemArgs) Kind() string { return "hookgate:applied" }

type KeyArgs struct{ Key string }

func (KeyArgs) Kind() string { return "hookgate:key" }

type AlwaysArgs struct{ Key string }

func (AlwaysArgs) Kind() string { return "hookgate:always" }

func audit(r store.Result) store.TxHook {
	return func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "insert into audit (key) values ($1)", r.Key)
		return err
	}
}

// appliedHook returns its closure only when the apply took the key.
func appliedHook() store.Hook {
	return func(r store.Result) store.TxHook {
		if !r.Applied {
			return nil
		}
		return audit(r)
	}
}

// keyHook tests Key, which the apply sets before its claim: a
// redelivery runs the closure too.
func keyHook() store.Hook {
	return func(r store.Result) store.TxHook {
		if r.Key == "" {
			return nil
		}
		return audit(r)
	}
}

// alwaysHook tests nothing.
func alwaysHook() store.Hook {
	return func(r store.Result) store.TxHook { return audit(r) }
}

type ItemWorker struct {
	river.WorkerDefaults[ItemArgs]
	Store *store.Store
}

func (w *ItemWorker) Work(ctx context.Context, job *river.Job[ItemArgs]) error {
	return w.Store.ApplyItem(ctx, job.Args.Key, appliedHook())
}

type KeyWorker struct {
	river.WorkerDefaults[KeyArgs]
	Store *store.Store
}

func (w *KeyWorker) Work(ctx context.Context, job *river.Job[KeyArgs]) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	return w.Store.ApplyKey(ctx, job.Args.Key, keyHook())
}

type AlwaysWorker struct {
	river.WorkerDefaults[AlwaysArgs]
	Store *store.Store
}

func (w *AlwaysWorker) Work(ctx context.Context, job *river.Job[AlwaysArgs]) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	return w.Store.ApplyAlways(ctx, job.Args.Key, alwaysHook())
}

func Register(workers *river.Workers, s *store.Store) {
	river.AddWorker(workers, &ItemWorker{Store: s})
	river.AddWorker(workers, &KeyWorker{Store: s})
	river.AddWorker(workers, &AlwaysWorker{Store: s})
}
