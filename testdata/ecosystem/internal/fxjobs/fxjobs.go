// Package fxjobs holds asynq handlers whose dependencies go.uber.org/fx
// v1.23.0 injects: the container calls the constructors handed to
// fx.Provide through reflection and fills the fx.In struct, so no value
// flow shows what its interface fields hold. The whole program resolves a
// call on them to what the constructors providing that interface return.
package fxjobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
)

// Ledger is provided by NewLedger, which returns a *pgLedger.
type Ledger interface {
	Add(ctx context.Context, orderID string) error
}

type pgLedger struct{ pool *pgxpool.Pool }

func (l *pgLedger) Add(ctx context.Context, orderID string) error {
	_, err := l.pool.Exec(ctx, "insert into fx_ledger (order_id) values ($1)", orderID)
	return err
}

// NewLedger provides the Ledger.
func NewLedger(pool *pgxpool.Pool) Ledger { return &pgLedger{pool: pool} }

// Auditor's constructor returns what a config holds: the value is not
// traced to a concrete type, so a call through it stays unknown.
type Auditor interface {
	Record(ctx context.Context, what string) error
}

// AuditConfig carries an Auditor someone else made.
type AuditConfig struct{ Auditor Auditor }

// NewAuditor provides the Auditor of the config.
func NewAuditor(cfg AuditConfig) Auditor { return cfg.Auditor }

// Params is filled by the container.
type Params struct {
	fx.In

	Ledger  Ledger
	Auditor Auditor
}

// Worker holds the injected dependencies.
type Worker struct{ p Params }

// Add inserts through the provided ledger: the insert repeats.
func (w *Worker) Add(ctx context.Context, t *asynq.Task) error {
	return w.p.Ledger.Add(ctx, string(t.Payload()))
}

// Audited calls the provided auditor (near miss): its constructor says
// nothing of its type, unknown.
func (w *Worker) Audited(ctx context.Context, t *asynq.Task) error {
	return w.p.Auditor.Record(ctx, string(t.Payload()))
}

// Register registers the handlers on the mux; fx invokes it.
func Register(mux *asynq.ServeMux, p Params) {
	w := &Worker{p: p}
	mux.HandleFunc("fx:add", w.Add)
	mux.HandleFunc("fx:audited", w.Audited)
}

// New builds the fx application that provides the dependencies and
// registers the handlers on mux.
func New(pool *pgxpool.Pool, mux *asynq.ServeMux, cfg AuditConfig) *fx.App {
	return fx.New(
		fx.Supply(pool, mux, cfg),
		fx.Provide(NewLedger, NewAuditor),
		fx.Invoke(Register),
	)
}
