package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// GateStore is the gate handlers' store, implemented by
// internal/gatestore.PgStore (wired in cmd/worker): OpenGate's
// compare-and-set outcome, tested here, decides the writes after it.
type GateStore interface {
	Expired(ctx context.Context) ([]string, error)
	OpenGate(ctx context.Context, id, status string) (bool, error)
	OpenGateTx(ctx context.Context, tx pgx.Tx, id string) (bool, error)
	RecordEvent(ctx context.Context, id, kind string) error
	RecordEventTx(ctx context.Context, tx pgx.Tx, id, kind string) error
	EnqueueRun(ctx context.Context, id string) error
}

// GateDeps are the gate handlers' clients.
type GateDeps struct {
	Store GateStore
	Pool  *pgxpool.Pool
}

// GateTimeout opens each expired gate and records and enqueues only when
// this delivery opened it: the claim commits alone (guard-separate-tx).
func (d *GateDeps) GateTimeout(ctx context.Context, _ *asynq.Task) error {
	ids, err := d.Store.Expired(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		opened, err := d.Store.OpenGate(ctx, id, "timed_out")
		if err != nil {
			continue
		}
		if !opened {
			continue
		}
		_ = d.Store.RecordEvent(ctx, id, "timed_out")
		if err := d.Store.EnqueueRun(ctx, id); err != nil {
			continue
		}
	}
	return nil
}

// GateCheck records an event before the claim (every delivery:
// unguarded) and enqueues after it (guard-separate-tx).
func (d *GateDeps) GateCheck(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	if err := d.Store.RecordEvent(ctx, id, "source_met"); err != nil {
		return err
	}
	opened, err := d.Store.OpenGate(ctx, id, "ready")
	if err != nil {
		return err
	}
	if !opened {
		return nil
	}
	return d.Store.EnqueueRun(ctx, id)
}

// GateIgnored drops the outcome: the enqueue runs every time (unguarded).
func (d *GateDeps) GateIgnored(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	if _, err := d.Store.OpenGate(ctx, id, "ready"); err != nil {
		return err
	}
	return d.Store.EnqueueRun(ctx, id)
}

// GateSameTx claims and records on the handler's transaction: they commit
// together (guarded).
func (d *GateDeps) GateSameTx(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	opened, err := d.Store.OpenGateTx(ctx, tx, id)
	if err != nil {
		return err
	}
	if !opened {
		return nil
	}
	if err := d.Store.RecordEventTx(ctx, tx, id, "ready"); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RegisterGates registers the handlers.
func RegisterGates(mux *asynq.ServeMux, d *GateDeps) {
	mux.HandleFunc("gate:timeout", d.GateTimeout)
	mux.HandleFunc("gate:check", d.GateCheck)
	mux.HandleFunc("gate:ignored", d.GateIgnored)
	mux.HandleFunc("gate:same-tx", d.GateSameTx)
}
