package jobs

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// AnyDeps are the clients of the handler that mirrors an entity with
// several compare-and-set writes and emits one change event when any of
// them changed something (ghsync's applyPullRequest shape).
type AnyDeps struct {
	Pool *pgxpool.Pool
}

type anyResult struct {
	DomainChanged bool
	LabelsChanged bool
	Applied       bool
}

// AnyChanged: the entity's write-if-newer upsert and the labels'
// write-if-changed upsert, each returning a row only when it changed
// one, their outcomes kept in a result the caller declared, and the
// change event emitted when either changed: all on the real pgx
// transaction, so a redelivery that changes nothing emits nothing. The
// result is reset first: a field set only in a branch otherwise keeps
// what it held before the callback ran.
func (d *AnyDeps) AnyChanged(ctx context.Context, t *asynq.Task) error {
	var result anyResult
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		key := string(t.Payload())
		result = anyResult{} // this attempt's outcomes only
		var version int64
		err := tx.QueryRow(ctx, "insert into any_entities (key, version) values ($1, 1) on conflict (key) do update set version = excluded.version where any_entities.version < excluded.version returning version", key).Scan(&version)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		result.DomainChanged = err == nil
		if len(t.Payload()) > 1 {
			var label string
			err := tx.QueryRow(ctx, "insert into any_labels (key, label) values ($1, $2) on conflict (key) do update set label = excluded.label where any_labels.label is distinct from excluded.label returning label", key, t.Type()).Scan(&label)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			result.LabelsChanged = err == nil
		}
		result.Applied = result.DomainChanged || result.LabelsChanged
		if result.Applied {
			if _, err := tx.Exec(ctx, "insert into any_change_events (key) values ($1)", key); err != nil {
				return err
			}
		}
		return nil
	})
}

// RegisterAny registers the handler.
func RegisterAny(mux *asynq.ServeMux, d *AnyDeps) {
	mux.HandleFunc("any:changed", d.AnyChanged)
}
