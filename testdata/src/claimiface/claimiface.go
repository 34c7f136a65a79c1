// Package claimiface claims through a store interface (changelogue's
// gate workers): the store's OpenGate is a compare-and-set on its own
// pool that returns whether a row changed, and the worker runs the
// effects only when it did. Per package the claim is an unknown interface
// call; over the whole program it is a claim helper whose outcome the
// worker tests: the effects after it run only for the delivery that won
// the transition, but the claim commits alone, apart from them
// (guard-separate-tx). Near misses: the outcome ignored (nothing
// guarded), an effect before the claim (unguarded), and a claim made on
// the worker's transaction that its writes share (guarded).
package claimiface

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// Gate is a readiness row.
type Gate struct{ ID string }

// Store is the workers' store.
type Store interface {
	ListExpired(ctx context.Context) ([]Gate, error)
	OpenGate(ctx context.Context, id, status string) (bool, error)
	OpenGateTx(ctx context.Context, tx *sql.Tx, id string) (bool, error)
	RecordEvent(ctx context.Context, id, kind string) error
	RecordEventTx(ctx context.Context, tx *sql.Tx, id, kind string) error
	EnqueueRun(ctx context.Context, id string) error
	MarkTriggered(ctx context.Context, id string) error
}

type pgStore struct{ db *sql.DB }

func (p *pgStore) ListExpired(ctx context.Context) ([]Gate, error) {
	rows, err := p.db.QueryContext(ctx, "select id from ci_readiness where status = 'pending' and timeout_at < now()")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Gate
	for rows.Next() {
		var g Gate
		if err := rows.Scan(&g.ID); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// OpenGate moves the row out of pending: true when this call did.
func (p *pgStore) OpenGate(ctx context.Context, id, status string) (bool, error) {
	res, err := p.db.ExecContext(ctx, "update ci_readiness set status = $2 where id = $1 and status = 'pending'", id, status) // want `^guard-separate-tx: the claim on ci_readiness commits separately from the insert into`
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// OpenGateTx is OpenGate on the caller's transaction.
func (p *pgStore) OpenGateTx(ctx context.Context, tx *sql.Tx, id string) (bool, error) {
	res, err := tx.ExecContext(ctx, "update ci_readiness set status = 'ready' where id = $1 and status = 'pending'", id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

func (p *pgStore) RecordEvent(ctx context.Context, id, kind string) error {
	_, err := p.db.ExecContext(ctx, "insert into ci_events (readiness_id, kind) values ($1, $2)", id, kind)
	return err
}

func (p *pgStore) RecordEventTx(ctx context.Context, tx *sql.Tx, id, kind string) error {
	_, err := tx.ExecContext(ctx, "insert into ci_events (readiness_id, kind) values ($1, $2)", id, kind)
	return err
}

// EnqueueRun inserts the run in a transaction of its own.
func (p *pgStore) EnqueueRun(ctx context.Context, id string) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "insert into ci_runs (readiness_id) values ($1)", id); err != nil {
		return err
	}
	return tx.Commit()
}

func (p *pgStore) MarkTriggered(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "update ci_readiness set triggered = true where id = $1", id)
	return err
}

type worker struct {
	store Store
	db    *sql.DB
}

// Timeout: the sweep opens each expired gate and runs the effects only
// when this delivery opened it; the claim commits alone.
func (w *worker) Timeout(ctx context.Context, _ *asynq.Task) error {
	expired, err := w.store.ListExpired(ctx)
	if err != nil {
		return err
	}
	for _, g := range expired {
		opened, err := w.store.OpenGate(ctx, g.ID, "timed_out")
		if err != nil {
			continue
		}
		if !opened {
			continue
		}
		_ = w.store.RecordEvent(ctx, g.ID, "timed_out")
		if err := w.store.EnqueueRun(ctx, g.ID); err != nil {
			continue
		}
		_ = w.store.MarkTriggered(ctx, g.ID)
	}
	return nil
}

// Check: an event recorded before the claim runs on every delivery; the
// ones after it run only when it won.
func (w *worker) Check(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into ci_events \(medium\) at`
	id := string(t.Payload())
	if err := w.store.RecordEvent(ctx, id, "source_met"); err != nil {
		return err
	}
	opened, err := w.store.OpenGate(ctx, id, "ready")
	if err != nil {
		return err
	}
	if !opened {
		return nil
	}
	return w.trigger(ctx, id)
}

func (w *worker) trigger(ctx context.Context, id string) error {
	if err := w.store.EnqueueRun(ctx, id); err != nil {
		return err
	}
	return w.store.MarkTriggered(ctx, id)
}

// Ignored: the outcome dropped, the claim guards nothing.
func (w *worker) Ignored(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into ci_runs \(medium\) at`
	id := string(t.Payload())
	if _, err := w.store.OpenGate(ctx, id, "ready"); err != nil {
		return err
	}
	return w.store.EnqueueRun(ctx, id)
}

// SameTx: the claim and the event on the worker's transaction commit
// together.
func (w *worker) SameTx(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	opened, err := w.store.OpenGateTx(ctx, tx, id)
	if err != nil {
		return err
	}
	if !opened {
		return nil
	}
	if err := w.store.RecordEventTx(ctx, tx, id, "ready"); err != nil {
		return err
	}
	return tx.Commit()
}

// Register wires the jobs.
func Register(db *sql.DB) *asynq.ServeMux {
	w := &worker{store: &pgStore{db: db}, db: db}
	mux := asynq.NewServeMux()
	mux.HandleFunc("check", w.Check)
	mux.HandleFunc("ignored", w.Ignored)
	mux.HandleFunc("same-tx", w.SameTx)
	mux.HandleFunc("timeout", w.Timeout)
	return mux
}
