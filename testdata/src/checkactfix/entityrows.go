package checkactfix

import (
	"context"
	"strings"

	"github.com/hibiken/asynq"
)

// The rows a write-if-changed upsert returns, gathered by a generated
// querier's :many method, are its outcome in the entity transaction a
// helper hands its callback too (guards/rows.go has the near misses).

// ReplaceRows returns the keys the write-if-changed upsert changed (sqlc
// :many).
func (q *queries) ReplaceRows(ctx context.Context, k string) ([]string, error) { // want ReplaceRows:`^effects: db_write/claim entities @p0; returns claim result 0 \(rows\)$`
	rows, err := q.db.Query(ctx, "insert into entities (k, v) values ($1, 1) on conflict (k) do update set v = excluded.v where entities.v is distinct from excluded.v returning k", k) // want `guard-separate-tx: the claim on entities commits separately from the insert into change_events at checkactfix/entitytx.go:\d+`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []string
	for rows.Next() {
		var key string
		if err := rows.Scan(&key); err != nil {
			return nil, err
		}
		items = append(items, key)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return items, nil
}

// EntityRows emits the change only when rows changed, in the entity
// transaction (ghsync's checks.go:79-144).
func (d *Deps) EntityRows(ctx context.Context, t *asynq.Task) error { // want EntityRows:`^effects: db_write/insert change_events guarded=processed_jobs; db_write/claim entities$`
	return d.withEntityTx(ctx, func(entity entityTx) error {
		ctx, queries := entity.ctx, entity.queries
		changed, err := queries.ReplaceRows(ctx, t.Type())
		if err != nil {
			return err
		}
		if len(changed) > 0 {
			keys := make([]string, 0, len(changed))
			for _, c := range changed {
				keys = append(keys, c)
			}
			if err := emit(ctx, queries, strings.Join(keys, ",")); err != nil {
				return err
			}
		}
		return nil
	})
}

func registerEntityRows(mux *asynq.ServeMux, d *Deps) { // want registerEntityRows:`^no effects$`
	mux.HandleFunc("entityrows", d.EntityRows)
}
