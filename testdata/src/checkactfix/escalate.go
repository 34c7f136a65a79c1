package checkactfix

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A locked check whose "done" branch runs a statement of its own (the
// found row touched) and returns that statement's failure still leaves
// without the work: a duplicate waits for the lock, reads what the first
// delivery wrote (escalated_at set) and touches the row, failing only if
// the touch does. Shape of ghsync's drift detector
// (internal/drift/drift.go:661-720: GetOpenDriftFindingByHash … for
// update, EscalateOpenDriftFinding only while escalated_at is null, else
// TouchOpenDriftFinding, whose error is returned wrapped).

type finding struct {
	ID          int64
	HealGen     int64
	EscalatedAt *time.Time
}

// Escalate runs the locked check in its transaction.
func (d *Deps) Escalate(ctx context.Context, t *asynq.Task) error { // want Escalate:`^effects: db_write/update-increment findings guarded=processed_jobs; db_read/select findings; db_write/update-set findings$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, _, err := escalateTx(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func escalateTx(ctx context.Context, tx pgx.Tx, key string) (finding, bool, error) { // want escalateTx:`^effects: db_write/update-increment findings @p1 guarded=processed_jobs; db_read/select findings @p1; db_write/update-set findings @p1$`
	var f finding
	err := tx.QueryRow(ctx, "select id, heal_gen, escalated_at from findings where key = $1 and resolved_at is null for update", key).Scan(&f.ID, &f.HealGen, &f.EscalatedAt)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return finding{}, false, err
	}
	if err == nil {
		escalated := f.HealGen > 0 && f.EscalatedAt == nil
		if escalated {
			if _, err := tx.Exec(ctx, "update findings set occurrence_count = occurrence_count + 1, escalated_at = coalesce(escalated_at, now()) where id = $1", f.ID); err != nil {
				return finding{}, false, fmt.Errorf("escalate: %w", err)
			}
		} else {
			if _, err := tx.Exec(ctx, "update findings set last_seen_at = now() where id = $1", f.ID); err != nil {
				return finding{}, false, fmt.Errorf("touch: %w", err)
			}
		}
		return f, escalated, nil
	}
	return f, false, nil
}

// EscalateRefused answers the escalated finding with an error it makes
// itself: that branch does not leave as done (the queue retries it), so
// the lock is no guard here and the increment stays unguarded.
func (d *Deps) EscalateRefused(ctx context.Context, t *asynq.Task) error { // want EscalateRefused:`^effects: db_write/update-increment findings; db_read/select findings$` `unguarded: handler \(\*checkactfix.Deps\).EscalateRefused \(asynq task "escalaterefused"\) repeats its side effects when a job is delivered twice: update-increment of findings`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var f finding
	if err := tx.QueryRow(ctx, "select id, heal_gen, escalated_at from findings where key = $1 for update", t.Type()).Scan(&f.ID, &f.HealGen, &f.EscalatedAt); err != nil {
		return err
	}
	if f.EscalatedAt != nil {
		return errors.New("already escalated")
	}
	if _, err := tx.Exec(ctx, "update findings set occurrence_count = occurrence_count + 1, escalated_at = now() where id = $1", f.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func registerEscalate(mux *asynq.ServeMux, d *Deps) { // want registerEscalate:`^no effects$`
	mux.HandleFunc("escalate", d.Escalate)
	mux.HandleFunc("escalaterefused", d.EscalateRefused)
}
