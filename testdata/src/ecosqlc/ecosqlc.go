// Package ecosqlc covers sqlc-generated code (ecosqlc/db, in the exact
// shape sqlc v1.31 generates for pgx/v5 with emit_interface): the DBTX
// interface is matched structurally, the handlers call the generated
// methods on *db.Queries, on the Querier interface, and through WithTx in
// a pgx.BeginFunc transaction with an :execrows claim.
//
// The generated methods run on the Queries.db field, not on a parameter,
// so their facts carry no executor (@pN).
package ecosqlc

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"ecosqlc/db"
)

type Deps struct {
	Pool    *pgxpool.Pool
	Q       *db.Queries
	Querier db.Querier
}

func (d *Deps) CreateOrder(ctx context.Context, t *asynq.Task) error { // want CreateOrder:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecosqlc.Deps\).CreateOrder .*insert into orders \(medium\) at ecosqlc/db/query.sql.go:\d+ is not guarded; path: ecosqlc/ecosqlc.go:\d+ \(\*ecosqlc.Deps\).CreateOrder → ecosqlc/db/query.sql.go:\d+ \(\*db.Queries\).CreateOrder`
	_, err := d.Q.CreateOrder(ctx, db.CreateOrderParams{Ref: t.Type(), Amount: 10})
	return err
}

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:`^effects: db_write/update-increment accounts$` `unguarded: handler \(\*ecosqlc.Deps\).Credit .*update-increment of accounts \(medium\)`
	return d.Q.CreditAccount(ctx, db.CreditAccountParams{ID: 1, Balance: 10})
}

func (d *Deps) Cleanup(ctx context.Context, t *asynq.Task) error { // want Cleanup:`^effects: db_write/delete orders$`
	return d.Q.DeleteOrder(ctx, 1)
}

// ViaQuerier holds the emit_interface Querier: a package alone cannot
// resolve the interface call (go vet reports it as a dynamic call); the
// inventory resolves it over the whole program to (*db.Queries).CreateOrder.
func (d *Deps) ViaQuerier(ctx context.Context, t *asynq.Task) error { // want ViaQuerier:`^effects: dynamic_call/call \(db.Querier\).CreateOrder reads=db_write/insert$` ViaQuerier:`^handler asynq`
	_, err := d.Querier.CreateOrder(ctx, db.CreateOrderParams{Ref: t.Type(), Amount: 10})
	return err
}

// Guarded claims with the :execrows query and creates the order, both
// through WithTx in one pgx.BeginFunc transaction: ClaimJob is a claim
// helper (it returns RowsAffected), and q.db is the transaction WithTx got.
func (d *Deps) Guarded(ctx context.Context, t *asynq.Task) error { // want Guarded:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim processed_jobs$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		q := d.Q.WithTx(tx)
		n, err := q.ClaimJob(ctx, t.Type())
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		_, err = q.CreateOrder(ctx, db.CreateOrderParams{Ref: t.Type(), Amount: 10})
		return err
	})
}

// PruneThenCreate drops the count PruneOrders returns: the delete is a
// delete, not a claim left unchecked, and the insert after it is
// unguarded as it is.
func (d *Deps) PruneThenCreate(ctx context.Context, t *asynq.Task) error { // want PruneThenCreate:`^effects: db_write/insert orders; db_write/delete orders$` `unguarded: handler \(\*ecosqlc.Deps\).PruneThenCreate .*insert into orders \(medium\)`
	if _, err := d.Q.PruneOrders(ctx); err != nil {
		return err
	}
	_, err := d.Q.CreateOrder(ctx, db.CreateOrderParams{Ref: t.Type(), Amount: 10})
	return err
}

// PruneOnce tests the count in a transaction: a compare-and-set claim
// on orders that guards the insert after it.
func (d *Deps) PruneOnce(ctx context.Context, t *asynq.Task) error { // want PruneOnce:`^effects: db_write/insert orders guarded=processed_jobs; db_write/claim orders$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		q := d.Q.WithTx(tx)
		n, err := q.PruneOrders(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		_, err = q.CreateOrder(ctx, db.CreateOrderParams{Ref: t.Type(), Amount: 10})
		return err
	})
}

// LockedAdvance locks the order row through sqlc's New(tx), leaves when
// it has moved on, and on the same transaction credits and moves it with
// a compare-and-set: a second delivery waits for the lock, reads the
// moved amount and leaves, so neither the credit, the ledger insert made
// on tx itself, nor the compare-and-set's error path repeats.
func (d *Deps) LockedAdvance(ctx context.Context, t *asynq.Task) error { // want LockedAdvance:`^effects: db_write/update-increment accounts guarded=processed_jobs; db_write/insert ledger guarded=processed_jobs; db_read/select orders; db_write/claim orders$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := db.New(tx)
	o, err := q.GetOrderForUpdate(ctx, 1)
	if err != nil {
		return err
	}
	if o.Amount != 10 {
		return tx.Commit(ctx)
	}
	if err := q.CreditAccount(ctx, db.CreditAccountParams{ID: 1, Balance: 10}); err != nil {
		return err
	}
	// On tx itself, which New(tx) wraps: the same transaction.
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", t.Type()); err != nil {
		return err
	}
	if _, err := q.AdvanceOrder(ctx, 1, 11, 10); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
