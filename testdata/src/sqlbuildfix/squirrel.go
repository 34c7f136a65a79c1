// Package sqlbuildfix covers SQL built with query builders: squirrel
// (values, ToSql or RunWith(db).Exec) and go-sqlbuilder (pointers,
// Build). The text a chain builds is classified like literal SQL; a
// chain that cannot be read stays unknown with the reason.
package sqlbuildfix

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/hibiken/asynq"
)

type Deps struct {
	DB *sql.DB
}

// ToSql then database/sql: an insert.
func sqInsert(ctx context.Context, db *sql.DB, file int, mbi string) error { // want sqInsert:`^effects: db_write/insert sb_records @p1$`
	query, args, err := sq.Insert("sb_records").Columns("file_id", "mbi").Values(file, mbi).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// A constant ON CONFLICT … DO NOTHING suffix makes the insert a claim.
func sqClaim(ctx context.Context, db *sql.DB, name string) error { // want sqClaim:`^effects: db_write/claim sb_files @p1$`
	query, args, err := sq.StatementBuilder.PlaceholderFormat(sq.Dollar).
		Insert("sb_files").Columns("name").Values(name).
		Suffix("ON CONFLICT (name) DO NOTHING").ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// Set(col, Expr("col + ?")) is an increment.
func sqIncrement(ctx context.Context, db *sql.DB, id int) error { // want sqIncrement:`^effects: db_write/update-increment sb_counters @p1$`
	query, args, err := sq.Update("sb_counters").Set("n", sq.Expr("n + ?", 1)).Where("id = ?", id).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// A plain Set is a set.
func sqSet(ctx context.Context, db *sql.DB, id int) error { // want sqSet:`^effects: db_write/update-set sb_counters @p1$`
	query, args, err := sq.Update("sb_counters").Set("state", "done").Where(sq.Eq{"id": id}).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// RunWith(db).Exec(): the builder runs itself on db.
func sqRunWith(db *sql.DB, id int) error { // want sqRunWith:`^effects: db_write/delete sb_records @p0$`
	_, err := sq.Delete("sb_records").Where("file_id = ?", id).RunWith(db).Exec()
	return err
}

// A builder chosen on two paths: both statements are read.
func sqBranches(ctx context.Context, db *sql.DB, id int, reset bool) error { // want sqBranches:`^effects: db_write/update-increment sb_counters @p1; db_write/update-set sb_counters @p1$`
	q := sq.Update("sb_counters").Where("id = ?", id)
	if reset {
		q = q.Set("n", 0)
	} else {
		q = q.Set("n", sq.Expr("n + 1"))
	}
	query, args, err := q.ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// A read.
func sqSelect(ctx context.Context, db *sql.DB, id int) error { // want sqSelect:`^effects: db_read/select sb_counters @p1$`
	query, args, err := sq.Select("n").From("sb_counters").Where("id = ?", id).ToSql()
	if err != nil {
		return err
	}
	_, err = db.QueryContext(ctx, query, args...)
	return err
}

// SetMap of a map literal: the columns of an insert, the Sets of an
// update. The insert's unique name fails a second run, which returns
// before the increment; both run on the pool, each committing on its
// own, so a run that crashes between them loses the increment for good:
// guard-separate-tx.
func sqSetMap(db *sql.DB, name string, id int) error { // want sqSetMap:`^effects: db_write/insert sb_files @p0; db_write/update-increment sb_counters @p0 issue=guard-separate-tx$`
	if _, err := sq.Insert("sb_files").SetMap(map[string]interface{}{"name": name, "status": "new"}).RunWith(db).Exec(); err != nil {
		return err
	}
	_, err := sq.Update("sb_counters").SetMap(sq.Eq{"n": sq.Expr("n + 1"), "state": "x"}).Where("id = ?", id).RunWith(db).Exec()
	return err
}

// Near misses.

// The table is chosen at run time: an insert into a table not known.
func sqDynamicTable(ctx context.Context, db *sql.DB, table string, v int) error { // want sqDynamicTable:`^effects: db_write/insert @p1$`
	query, args, err := sq.Insert(table).Columns("v").Values(v).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// The suffix is set at run time: it may be ON CONFLICT … DO UPDATE.
func sqDynamicSuffix(ctx context.Context, db *sql.DB, name, onConflict string) error { // want sqDynamicSuffix:`^effects: db_write/unknown @p1$`
	query, args, err := sq.Insert("sb_files").Columns("name").Values(name).Suffix(onConflict).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// withTenant is a helper the builder goes through: what it adds is not
// read.
func withTenant(q sq.InsertBuilder) sq.InsertBuilder { // want withTenant:`^no effects$`
	return q.Suffix(fmt.Sprint("ON CONFLICT DO NOTHING"))
}

func sqViaHelper(ctx context.Context, db *sql.DB, name string) error { // want sqViaHelper:`^effects: db_write/unknown @p1$`
	query, args, err := withTenant(sq.Insert("sb_files").Columns("name").Values(name)).ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// A builder from the caller: not read here.
func sqFromCaller(ctx context.Context, db *sql.DB, q sq.UpdateBuilder) error { // want sqFromCaller:`^effects: db_write/unknown @p1$`
	query, args, err := q.ToSql()
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, query, args...)
	return err
}

// A Set value of type interface{}: squirrel writes it as SQL when it is
// a Sqlizer at run time (it may be "n + 1"): not read.
func sqSetAny(db *sql.DB, id int, v interface{}) error { // want sqSetAny:`^effects: db_write/unknown @p0$`
	_, err := sq.Update("sb_counters").Set("n", v).Where("id = ?", id).RunWith(db).Exec()
	return err
}

// The statement builder carries the executor: RunWith before Insert.
func sqStatementRunWith(db *sql.DB, name string) error { // want sqStatementRunWith:`^effects: db_write/claim sb_files @p0$`
	_, err := sq.StatementBuilder.RunWith(db).PlaceholderFormat(sq.Dollar).
		Insert("sb_files").Columns("name").Values(name).Suffix("ON CONFLICT DO NOTHING").Exec()
	return err
}

// A helper that executes the builder each caller makes, again on a
// deadlock (a retrier): unknown here, each call's chain decides it — a
// do-nothing insert of a unique name claims, a plain insert of an
// unkeyed row does not.
func sqRetry(q sq.InsertBuilder) error { // want sqRetry:`^effects: db_write/unknown; db_write/unknown$`
	_, err := q.Exec()
	for err != nil && strings.Contains(err.Error(), "deadlock detected") {
		_, err = q.Exec()
	}
	return err
}

func sqClaimViaRetry(db *sql.DB, name string) error { // want sqClaimViaRetry:`^effects: db_write/claim sb_files; db_write/claim sb_files$`
	return sqRetry(sq.Insert("sb_files").Columns("name").Values(name).Suffix("ON CONFLICT DO NOTHING").RunWith(db))
}

func sqInsertViaRetry(db *sql.DB, file int, mbi string) error { // want sqInsertViaRetry:`^effects: db_write/insert sb_records; db_write/insert sb_records$`
	return sqRetry(sq.Insert("sb_records").Columns("file_id", "mbi").Values(file, mbi).RunWith(db))
}

// Handlers.

// BumpCounter increments a counter per delivery: unguarded.
func (d *Deps) BumpCounter(ctx context.Context, t *asynq.Task) error { // want BumpCounter:`^effects: db_write/update-increment sb_counters$` `unguarded: handler \(\*sqlbuildfix.Deps\).BumpCounter`
	return sqIncrement(ctx, d.DB, len(t.Payload()))
}

// SuffixAtRunTime: the builder's suffix is not known.
func (d *Deps) SuffixAtRunTime(ctx context.Context, t *asynq.Task) error { // want SuffixAtRunTime:`^effects: db_write/unknown$`
	return sqDynamicSuffix(ctx, d.DB, t.Type(), string(t.Payload()))
}

func register(mux *asynq.ServeMux, d *Deps) { // want register:`^no effects$`
	mux.HandleFunc("counter:bump", d.BumpCounter)
	mux.HandleFunc("files:suffix", d.SuffixAtRunTime)
	mux.HandleFunc("files:import", d.ImportFile)
	mux.HandleFunc("counter:set", d.SetStatus)
	mux.HandleFunc("files:fresh", d.FreshFile)
	mux.HandleFunc("files:squirrel", d.SquirrelFile)
	mux.HandleFunc("files:squirrel-fresh", d.SquirrelFreshFile)
	mux.HandleFunc("recipes:save", d.SaveRecipe)
	mux.HandleFunc("recipes:part-keyed", d.SavePartKeyed)
	mux.HandleFunc("recipes:save-u", d.SaveRecipeU)
	mux.HandleFunc("recipes:part-u-keyed", d.SavePartUKeyed)
}

// One row per item added in a loop (NFT-com/indexer's trait batches): the
// statement is the one a row spells, an upsert by the key.
func sqRowsLoop(db *sql.DB, ids []int) error { // want sqRowsLoop:`^effects: db_write/upsert-set sb_counters$`
	q := sq.Insert("sb_counters").Columns("id", "n").Suffix("ON CONFLICT (id) DO UPDATE SET n = EXCLUDED.n").RunWith(db)
	for _, id := range ids {
		q = q.Values(id, 0)
	}
	_, err := q.Exec()
	return err
}

// Near miss: the loop changes more than the rows (a suffix per item): the
// text is not read.
func sqLoopSuffix(db *sql.DB, ids []int) error { // want sqLoopSuffix:`^effects: db_write/unknown$`
	q := sq.Insert("sb_counters").Columns("id", "n").RunWith(db)
	for _, id := range ids {
		q = q.Values(id, 0).Suffix("ON CONFLICT DO NOTHING")
	}
	_, err := q.Exec()
	return err
}
