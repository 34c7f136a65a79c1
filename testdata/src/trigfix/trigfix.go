// Package trigfix writes to a table with a trigger (migrations/002_audit.sql):
// the write gains the trigger function's effects, with the migration's
// file and line in the path, and a trigger on the trigger's own table is
// followed too.
package trigfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

func (d *Deps) Credit(ctx context.Context, t *asynq.Task) error { // want Credit:"db_write/insert audit_log; db_write/notify ledger_changed; db_write/update-increment big_moves; db_write/insert ledger" `unguarded: handler \(\*trigfix.Deps\).Credit .*insert into ledger \(medium\) at trigfix/trigfix.go:17 is not guarded, nor are 3 other effects`
	_, err := d.DB.ExecContext(ctx, "insert into ledger(amount) values ($1)", 10)
	return err
}

// Cleanup deletes: the trigger does not fire on delete.
func (d *Deps) Cleanup(ctx context.Context, t *asynq.Task) error { // want Cleanup:"db_write/delete ledger"
	_, err := d.DB.ExecContext(ctx, "delete from ledger where amount = 0")
	return err
}
