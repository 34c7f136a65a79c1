package guards

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A write that returns only the rows it changed (an upsert whose do update
// has a where, RETURNING), read by a helper that gathers them in a slice
// (sqlc's :many), tells a duplicate by an empty slice: the caller's
// len(changed) > 0 is the claim's test. Shape of ghsync's ReplaceRepoRules
// (internal/store/dbgen/cache.sql.go:1981-2080) and its caller
// (internal/store/repo_rules.go:62-100: markAndEmit only when
// len(changed) > 0).

func replaceRules(ctx context.Context, tx pgx.Tx, key, rule string) ([]string, error) { // want replaceRules:`^effects: db_write/claim rules @p1; returns claim result 0 \(rows\)$`
	rows, err := tx.Query(ctx, "insert into rules (k, rule) values ($1, $2) on conflict (k) do update set rule = excluded.rule where rules.rule is distinct from excluded.rule returning k", key, rule)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		items = append(items, k)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return items, nil
}

// RulesChanged emits the change only when a rule changed.
func (d *Deps) RulesChanged(ctx context.Context, t *asynq.Task) error { // want RulesChanged:`^effects: db_write/insert change_events guarded=processed_jobs; db_write/claim rules$`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		changed, err := replaceRules(ctx, tx, t.Type(), string(t.Payload()))
		if err != nil {
			return err
		}
		if len(changed) > 0 {
			if _, err := tx.Exec(ctx, "insert into change_events (kind) values ('rules')"); err != nil {
				return err
			}
		}
		return nil
	})
}

// RulesAlways emits whatever came back: unguarded.
func (d *Deps) RulesAlways(ctx context.Context, t *asynq.Task) error { // want RulesAlways:`^effects: db_write/insert change_events; db_write/upsert-set rules$` `unguarded: handler \(\*guards.Deps\).RulesAlways .*insert into change_events`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		if _, err := replaceRules(ctx, tx, t.Type(), string(t.Payload())); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "insert into change_events (kind) values ('rules')")
		return err
	})
}

// replaceRulesPlus also puts a key of its own in the slice: not empty on
// a duplicate, so no claim's outcome.
func replaceRulesPlus(ctx context.Context, tx pgx.Tx, key, rule string) ([]string, error) { // want replaceRulesPlus:`^effects: db_write/upsert-set rules @p1$`
	rows, err := tx.Query(ctx, "insert into rules (k, rule) values ($1, $2) on conflict (k) do update set rule = excluded.rule where rules.rule is distinct from excluded.rule returning k", key, rule)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []string{key}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		items = append(items, k)
	}
	return items, rows.Err()
}

// RulesPlus tests a slice that is never empty: unguarded.
func (d *Deps) RulesPlus(ctx context.Context, t *asynq.Task) error { // want RulesPlus:`^effects: db_write/insert change_events; db_write/upsert-set rules$` `unguarded: handler \(\*guards.Deps\).RulesPlus .*insert into change_events`
	return pgx.BeginFunc(ctx, d.Pool, func(tx pgx.Tx) error {
		changed, err := replaceRulesPlus(ctx, tx, t.Type(), string(t.Payload()))
		if err != nil {
			return err
		}
		if len(changed) > 0 {
			if _, err := tx.Exec(ctx, "insert into change_events (kind) values ('rules')"); err != nil {
				return err
			}
		}
		return nil
	})
}

func registerRows(mux *asynq.ServeMux, d *Deps) { // want registerRows:`^no effects$`
	mux.HandleFunc("ruleschanged", d.RulesChanged)
	mux.HandleFunc("rulesalways", d.RulesAlways)
	mux.HandleFunc("rulesplus", d.RulesPlus)
}
