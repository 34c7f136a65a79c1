// Package lib sits between the handler and package deep, and calls
// function values it is given.
package lib

import (
	"context"
	"database/sql"
	"sync"

	"calls/deep"
)

// Audit records through package deep.
func Audit(ctx context.Context, db *sql.DB, msg string) error { // want Audit:"db_write/insert audit_log"
	return deep.Record(ctx, db, msg)
}

// WithRetry calls fn: its callers' function values are its effects.
func WithRetry(fn func() error) error { // want WithRetry:"calls p0"
	for i := 0; i < 3; i++ {
		if err := fn(); err == nil {
			return nil
		}
	}
	return nil
}

// Store keeps fn for later: not an effect of calling Store.
type Store struct{ hooks []func() }

func (s *Store) Add(fn func()) { s.hooks = append(s.hooks, fn) } // want Add:"no effects" Add:`stores map\[1:\[field calls/lib.Store.hooks\[\]\]\]`

var once sync.Once

// Init runs fn once through sync.Once: the closure is taken as called.
func Init(ctx context.Context, db *sql.DB) { // want Init:"db_write/insert boot"
	once.Do(func() {
		db.ExecContext(ctx, "insert into boot(at) values (now())")
	})
}

// Countdown is recursive.
func Countdown(ctx context.Context, db *sql.DB, n int) { // want Countdown:"db_write/update-increment ticks"
	if n == 0 {
		return
	}
	db.ExecContext(ctx, "update ticks set n = n + 1")
	Countdown(ctx, db, n-1)
}

// SelfCalling is a closure that calls itself through its own variable.
func SelfCalling(ctx context.Context, db *sql.DB) { // want SelfCalling:"db_write/insert steps"
	var step func(n int)
	step = func(n int) {
		if n > 0 {
			db.ExecContext(ctx, "insert into steps(n) values ($1)", n)
			step(n - 1)
		}
	}
	step(3)
}

type Runner struct{ DB *sql.DB }

// Run is passed as a bound method value below.
func (r *Runner) Run() error { // want Run:"db_write/insert runs"
	_, err := r.DB.Exec("insert into runs(at) values (now())")
	return err
}

// RunBound hands a method value to WithRetry, which calls it.
func RunBound(r *Runner) error { // want RunBound:"db_write/insert runs"
	return WithRetry(r.Run)
}

// Retry is a generic helper: its instantiations are followed.
func Retry[T any](n int, f func() (T, error)) (T, error) { // want Retry:"calls p1"
	var zero T
	for i := 0; i < n; i++ {
		if v, err := f(); err == nil {
			return v, nil
		}
	}
	return zero, nil
}

// Insert counts with a generic helper.
func Insert(ctx context.Context, db *sql.DB) (int64, error) { // want Insert:"db_write/insert generic_rows"
	return Retry(3, func() (int64, error) {
		res, err := db.ExecContext(ctx, "insert into generic_rows(x) values (1)")
		if err != nil {
			return 0, err
		}
		return res.LastInsertId()
	})
}

// Option configures Apply; options are called in a loop.
type Option func(ctx context.Context) error

// Apply calls each option it is given: its callers' options are its effects.
func Apply(ctx context.Context, opts ...Option) error { // want Apply:"calls p1"
	for _, o := range opts {
		if err := o(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Configured passes one option that writes, and Bare passes none.
func Configured(ctx context.Context, db *sql.DB) error { // want Configured:"db_write/insert options_log"
	return Apply(ctx, func(ctx context.Context) error {
		_, err := db.ExecContext(ctx, "insert into options_log(x) values (1)")
		return err
	})
}

func Bare(ctx context.Context) error { return Apply(ctx) } // want Bare:"no effects"
