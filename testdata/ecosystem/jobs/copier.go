package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jinzhu/copier"
)

// Handlers that copy values with jinzhu/copier v0.4.0 (the real library):
// Copy sets the destination's fields from the source's in memory, and
// calls by name the methods of the values' types named after a field of
// the other (copier.go:380-406): those methods' effects are the copy's,
// and nothing else is.

// CopierDeps are the clients of the copier handlers.
type CopierDeps struct {
	Pool *pgxpool.Pool
}

// copierOrder is the value copied from.
type copierOrder struct {
	ID     int64
	Amount int64
	Note   string
}

// copierView has the fields of copierOrder but no method named after one.
type copierView struct {
	ID     int64
	Amount int64
	pool   *pgxpool.Pool
}

// Describe is named after no field: the copy never calls it.
func (v *copierView) Describe(ctx context.Context) {
	v.pool.Exec(ctx, "insert into payments(order_id, amount) values ($1, $2)", v.ID, v.Amount)
}

// copierPayment has a setter named after copierOrder's Note field.
type copierPayment struct {
	ID     int64
	Amount int64
	pool   *pgxpool.Pool
}

// Note records a payment for the order: Copy calls it with the source's
// Note.
func (p *copierPayment) Note(n string) {
	p.pool.Exec(context.Background(), "insert into payments(order_id, amount) values ($1, $2)", p.ID, p.Amount)
}

// CopierView copies the order into a view and sets the account's balance
// from it: the copy has no effect, the set is safe.
func (d *CopierDeps) CopierView(ctx context.Context, t *asynq.Task) error {
	var v copierView
	if err := copier.Copy(&v, &copierOrder{ID: int64(len(t.Payload())), Amount: 10}); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update accounts set balance = $1 where id = $2", v.Amount, v.ID)
	return err
}

// CopierNote copies the order into a payment whose Note method inserts a
// payment: the copy calls it, so a second delivery inserts again.
func (d *CopierDeps) CopierNote(ctx context.Context, t *asynq.Task) error {
	p := copierPayment{pool: d.Pool}
	return copier.Copy(&p, copierOrder{ID: int64(len(t.Payload())), Amount: 10, Note: "copied"})
}

// RegisterCopier registers the copier handlers.
func RegisterCopier(mux *asynq.ServeMux, d *CopierDeps) {
	mux.HandleFunc("copier:view", d.CopierView)
	mux.HandleFunc("copier:note", d.CopierNote)
}
