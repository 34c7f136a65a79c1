// Package fxwhole: handlers whose dependencies go.uber.org/fx injects.
// The constructors handed to fx.Provide are called by the container
// through reflection, so no value flow shows what the interface fields of
// Params hold: the whole-program phase resolves a call on them to what
// the constructors providing that interface return.
package fxwhole

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"
)

// Store is provided by NewStore, which returns a *pgStore.
type Store interface {
	Insert(ctx context.Context, id string) error
}

type pgStore struct{ db *sql.DB }

func (s *pgStore) Insert(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, "insert into orders(id) values ($1)", id)
	return err
}

func NewStore(db *sql.DB) Store { return &pgStore{db: db} }

// TxRunner runs a function in a transaction (a client's WithTx that keeps
// the transaction in the context): provided through another constructor
// that returns NewStore's kind of value from a helper.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type client struct{ db *sql.DB }

func (c *client) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(ctx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func newClient(db *sql.DB) (*client, error) { return &client{db: db}, nil }

// monitored wraps the client and passes the function it is given on:
// which function that is, the path says (each handler's own closure),
// not the parameter, where the call graph merges every caller's.
type monitored struct{ inner TxRunner }

func (m *monitored) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return m.inner.WithTx(ctx, fn)
}

func NewTxRunner(db *sql.DB) (TxRunner, error) {
	c, err := newClient(db)
	if err != nil {
		return nil, err
	}
	return &monitored{inner: c}, nil
}

// Audit's constructor returns what a config holds: not traced to a
// concrete type, so a call through it stays unresolved (near miss).
type Audit interface {
	Record(ctx context.Context, what string) error
}

type Config struct{ Audit Audit }

func NewAudit(cfg Config) Audit { return cfg.Audit }

// Params is filled by the container.
type Params struct {
	fx.In

	Store Store
	Tx    TxRunner
	Audit Audit
	DB    *sql.DB
}

type Worker struct{ p Params }

// Save: the provided store's insert.
func (w *Worker) Save(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into orders \(medium\) at`
	return w.p.Store.Insert(ctx, string(t.Payload()))
}

// InTx: the insert in the callback the provided client runs.
func (w *Worker) InTx(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into orders \(medium\) at`
	return w.p.Tx.WithTx(ctx, func(ctx context.Context) error {
		return w.p.Store.Insert(ctx, string(t.Payload()))
	})
}

// Pay: another closure through the same wrapper: its insert is Pay's
// only.
func (w *Worker) Pay(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into payments \(medium\) at`
	return w.p.Tx.WithTx(ctx, func(ctx context.Context) error {
		_, err := w.p.DB.ExecContext(ctx, "insert into payments(id) values ($1)", string(t.Payload()))
		return err
	})
}

// Audited: the audit's constructor says nothing of its type: unknown.
func (w *Worker) Audited(ctx context.Context, t *asynq.Task) error {
	return w.p.Audit.Record(ctx, string(t.Payload()))
}

func Register(p Params) {
	w := &Worker{p: p}
	mux := asynq.NewServeMux()
	mux.HandleFunc("fx-save", w.Save)
	mux.HandleFunc("fx-tx", w.InTx)
	mux.HandleFunc("fx-audited", w.Audited)
	mux.HandleFunc("fx-pay", w.Pay)
}

func Main() {
	fx.New(
		fx.Provide(NewStore, fx.Annotate(NewTxRunner), NewAudit),
		fx.Invoke(Register),
	).Run()
}
