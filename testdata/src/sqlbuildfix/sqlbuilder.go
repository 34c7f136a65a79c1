package sqlbuildfix

import (
	"context"
	"database/sql"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/huandu/go-sqlbuilder"
)

const flavor = sqlbuilder.PostgreSQL

// Build, then RETURNING id appended with Sprintf: an insert.
func createFile(ctx context.Context, db *sql.DB, name string) (int, error) { // want createFile:`^effects: db_write/insert sb_files @p1$`
	ib := flavor.NewInsertBuilder().InsertInto("sb_files")
	ib.Cols("name", "status").Values(name, "new")
	query, args := ib.Build()
	query = fmt.Sprintf("%s RETURNING id", query)
	var id int
	err := db.QueryRowContext(ctx, query, args...).Scan(&id) // want `guard-separate-tx: the insert into sb_files, which fails on a duplicate and so keeps a redelivery from what follows it, commits separately from the insert into sb_records at sqlbuildfix/sqlbuilder.go:\d+`
	return id, err
}

func createRecord(ctx context.Context, db *sql.DB, file int, mbi string) error { // want createRecord:`^effects: db_write/insert sb_records @p1$`
	ib := sqlbuilder.NewInsertBuilder().InsertInto("sb_records").Cols("file_id", "mbi").Values(file, mbi)
	query, args := ib.Build()
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

func setStatus(ctx context.Context, db *sql.DB, id int, status string) error { // want setStatus:`^effects: db_write/update-set sb_files @p1$`
	ub := flavor.NewUpdateBuilder().Update("sb_files")
	ub.Set(ub.Assign("status", status))
	ub.Where(ub.Equal("id", id))
	query, args := ub.Build()
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

func incr(ctx context.Context, db *sql.DB, id int) error { // want incr:`^effects: db_write/update-increment sb_counters @p1$`
	ub := flavor.NewUpdateBuilder().Update("sb_counters")
	ub.Set(ub.Incr("n"))
	ub.Where(ub.Equal("id", id))
	query, args := ub.Build()
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

func deleteRecords(ctx context.Context, db *sql.DB, file int) error { // want deleteRecords:`^effects: db_write/delete sb_records @p1$`
	del := sqlbuilder.DeleteFrom("sb_records")
	del.Where(del.Equal("file_id", file))
	query, args := del.Build()
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

// Near misses.

// The table is chosen at run time.
func insertInto(ctx context.Context, db *sql.DB, table string, v int) error { // want insertInto:`^effects: db_write/insert @p1$`
	ib := flavor.NewInsertBuilder().InsertInto(table)
	ib.Cols("v").Values(v)
	query, args := ib.Build()
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

// The builder is handed to a helper that may change it.
func addConflict(ib *sqlbuilder.InsertBuilder, clause string) { // want addConflict:`^no effects$`
	ib.SQL(clause)
}

func insertViaHelper(ctx context.Context, db *sql.DB, name string) error { // want insertViaHelper:`^effects: db_write/unknown @p1$`
	ib := flavor.NewInsertBuilder().InsertInto("sb_files")
	ib.Cols("name").Values(name)
	addConflict(ib, "ON CONFLICT DO NOTHING")
	query, args := ib.Build()
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

// Raw SQL set at run time.
func insertRawSQL(ctx context.Context, db *sql.DB, name, clause string) error { // want insertRawSQL:`^effects: db_write/unknown @p1$`
	ib := flavor.NewInsertBuilder().InsertInto("sb_files")
	ib.Cols("name").Values(name)
	ib.SQL(clause)
	query, args := ib.Build()
	_, err := db.ExecContext(ctx, query, args...)
	return err
}

// ImportFile is the import of a file named by the task: the file row,
// unique by name, on the pool, then a record per line, each in its own
// statement. A redelivery fails on the unique name and returns that
// error; a delivery that crashes after the file's row committed loses the
// records no redelivery gets past the file's row to insert
// (guard-separate-tx, at the file's insert).
func (d *Deps) ImportFile(ctx context.Context, t *asynq.Task) error { // want ImportFile:`^effects: db_write/insert sb_files; db_write/insert sb_records issue=guard-separate-tx; db_write/update-set sb_files$` `duplicate-as-error: a second delivery's insert into sb_files \(medium\) at sqlbuildfix/sqlbuilder.go:\d+ fails on the duplicate \(a second insert of the row violates the unique \(name\) at declared/migrations/007_sqlbuildfix.sql:3\) and handler \(\*sqlbuildfix.Deps\).ImportFile returns that error`
	id, err := createFile(ctx, d.DB, t.Type())
	if err != nil {
		return err
	}
	for _, b := range t.Payload() {
		if err := createRecord(ctx, d.DB, id, string(b)); err != nil {
			return err
		}
	}
	return setStatus(ctx, d.DB, id, "done")
}

// FreshFile names the file row with a new uuid: no delivery's insert
// fails on the unique name, each makes a row (the builder's values are
// the statement's parameters).
func (d *Deps) FreshFile(ctx context.Context, t *asynq.Task) error { // want FreshFile:`^effects: db_write/insert sb_files$` `unguarded: handler \(\*sqlbuildfix.Deps\).FreshFile`
	_, err := createFile(ctx, d.DB, uuid.NewString())
	return err
}

// SquirrelFile: the same with squirrel, the name from the task: a second
// delivery fails on it and returns that error.
func (d *Deps) SquirrelFile(ctx context.Context, t *asynq.Task) error { // want SquirrelFile:`^effects: db_write/insert sb_files$` `duplicate-as-error: a second delivery's insert into sb_files`
	_, err := sq.Insert("sb_files").Columns("name").Values(t.Type()).RunWith(d.DB).Exec()
	return err
}

// SquirrelFreshFile: squirrel, a new uuid: unguarded.
func (d *Deps) SquirrelFreshFile(ctx context.Context, t *asynq.Task) error { // want SquirrelFreshFile:`^effects: db_write/insert sb_files$` `unguarded: handler \(\*sqlbuildfix.Deps\).SquirrelFreshFile`
	_, err := sq.Insert("sb_files").Columns("name").Values(uuid.NewString()).RunWith(d.DB).Exec()
	return err
}

// SetStatus sets a status: safe.
func (d *Deps) SetStatus(ctx context.Context, t *asynq.Task) error { // want SetStatus:`^effects: db_write/update-set sb_files$`
	return setStatus(ctx, d.DB, len(t.Payload()), t.Type())
}
