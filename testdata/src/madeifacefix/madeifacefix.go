// Package madeifacefix's handlers call interface methods on values they
// make with one of the package's constructors (calc :=
// newCalculator(db)): the constructor returns one concrete type behind the
// interface, so the call runs that type's method, decided by its code in
// the per-package pass (no dynamic hop left to the whole program, no
// reading of the method's name). Params builds a value in memory (its
// name reads as an insert: no finding now), Saved inserts a row
// (unguarded, from the SQL). Near misses stay dynamic calls read by
// name: the same interface in a field, and a constructor that may return
// what it is given.
package madeifacefix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Calculator interface {
	CreateParams(ctx context.Context, n int) (int, error)
	Save(ctx context.Context, n int) error
}

type calc struct{ db *sql.DB }

func newCalculator(db *sql.DB) Calculator { return &calc{db: db} } // want newCalculator:"no effects" newCalculator:`returns \*madeifacefix.calc`

func (c *calc) CreateParams(ctx context.Context, n int) (int, error) { return n * 2, nil } // want CreateParams:"no effects"

func (c *calc) Save(ctx context.Context, n int) error { // want Save:"effects: db_write/insert totals"
	_, err := c.db.ExecContext(ctx, "insert into totals (n) values ($1)", n)
	return err
}

// orGiven returns the calculator it is given when there is one: its
// concrete type is the caller's.
func orGiven(db *sql.DB, given Calculator) Calculator { // want orGiven:"no effects"
	if given != nil {
		return given
	}
	return &calc{db: db}
}

type Deps struct {
	DB  *sql.DB
	Ext Calculator
}

// Params computes in memory through the constructor's value: no effect.
func (d *Deps) Params(ctx context.Context, t *asynq.Task) error { // want Params:"no effects"
	c := newCalculator(d.DB)
	_, err := c.CreateParams(ctx, len(t.Payload()))
	return err
}

// Saved inserts through the constructor's value: decided by the SQL.
func (d *Deps) Saved(ctx context.Context, t *asynq.Task) error { // want Saved:"effects: db_write/insert totals" `unguarded: handler \(\*madeifacefix.Deps\).Saved \(asynq task "calc:saved"\) repeats its side effects when a job is delivered twice: insert into totals \(medium\) at madeifacefix/madeifacefix.go:32 is not guarded; path: madeifacefix/madeifacefix.go:59 \(\*madeifacefix.Deps\).Saved → madeifacefix/madeifacefix.go:32 \(\*madeifacefix.calc\).Save$`
	return newCalculator(d.DB).Save(ctx, len(t.Payload()))
}

// Field calls the interface in a field another package may wire: a
// dynamic call, read by its name.
func (d *Deps) Field(ctx context.Context, t *asynq.Task) error { // want Field:`handler asynq \(\*madeifacefix.Deps\).Field` Field:`effects: dynamic_call/call \(madeifacefix.Calculator\).CreateParams reads=db_write/insert`
	_, err := d.Ext.CreateParams(ctx, len(t.Payload()))
	return err
}

// Given calls it on what orGiven may return from its parameter: a
// dynamic call, read by its name.
func (d *Deps) Given(ctx context.Context, t *asynq.Task) error { // want Given:`effects: dynamic_call/call \(madeifacefix.Calculator\).CreateParams reads=db_write/insert` `unresolved: go vet cannot tell what \(\*madeifacefix.Deps\).Given does: calls \(madeifacefix.Calculator\).CreateParams through an interface`
	_, err := orGiven(d.DB, d.Ext).CreateParams(ctx, len(t.Payload()))
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:"no effects"
	mux.HandleFunc("calc:params", d.Params)
	mux.HandleFunc("calc:saved", d.Saved)
	mux.HandleFunc("calc:field", d.Field)
	mux.HandleFunc("calc:given", d.Given)
}
