package replacefix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// A TRUNCATE clears every row, as a DELETE with no WHERE does: the table
// refilled after it (COPY or INSERT) on the same handle is a replace. Near
// misses: the COPY before the TRUNCATE, a COPY into another table.

// Snapshot empties the snapshot table and loads it again with COPY.
func (d *Deps) Snapshot(ctx context.Context, t *asynq.Task) error { // want Snapshot:`^effects: db_write/delete rp_snapshot; db_write/upsert-set rp_snapshot$`
	if _, err := d.Pool.Exec(ctx, "TRUNCATE rp_snapshot"); err != nil {
		return err
	}
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"rp_snapshot"}, []string{"key", "val"}, pgx.CopyFromRows([][]any{{t.Type(), "x"}}))
	return err
}

// SnapshotInsert refills it with INSERTs in a transaction.
func (d *Deps) SnapshotInsert(ctx context.Context, t *asynq.Task) error { // want SnapshotInsert:`^effects: db_write/delete rp_snapshot; db_write/upsert-set rp_snapshot$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "truncate table rp_snapshot"); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into rp_snapshot (key, val) values ($1, 'x')", t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CopyFirst loads before it truncates (into a table with a surrogate id
// only, whose COPY no unique key fails).
func (d *Deps) CopyFirst(ctx context.Context, t *asynq.Task) error { // want CopyFirst:`^effects: db_write/insert rp_labels; db_write/delete rp_labels$` `unguarded: handler \(\*replacefix.Deps\).CopyFirst`
	if _, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"rp_labels"}, []string{"post_id", "label"}, pgx.CopyFromRows([][]any{{t.Type(), "x"}})); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "truncate rp_labels")
	return err
}

// TruncateOther truncates another table than it loads.
func (d *Deps) TruncateOther(ctx context.Context, t *asynq.Task) error { // want TruncateOther:`^effects: db_write/insert rp_days; db_write/delete rp_snapshot$` `unguarded: handler \(\*replacefix.Deps\).TruncateOther`
	if _, err := d.Pool.Exec(ctx, "truncate rp_snapshot"); err != nil {
		return err
	}
	_, err := d.Pool.CopyFrom(ctx, pgx.Identifier{"rp_days"}, []string{"day", "slot"}, pgx.CopyFromRows([][]any{{t.Type(), 1}}))
	return err
}

func registerTruncate(mux *asynq.ServeMux, d *Deps) { // want registerTruncate:`^no effects$`
	mux.HandleFunc("snapshot", d.Snapshot)
	mux.HandleFunc("snapshotinsert", d.SnapshotInsert)
	mux.HandleFunc("copyfirst", d.CopyFirst)
	mux.HandleFunc("truncateother", d.TruncateOther)
}
