package store

import (
	"context"
	"database/sql"

	"preparedfix/sqlutil"
)

// Statements made with the application's own preparer (sqlutil.Prepare,
// goalert's util.Prepare), called directly and through a method value
// (goalert's alert.NewStore: p := prep.P).
type Alerts struct {
	closeStmt *sql.Stmt // want closeStmt:`prepared \["update alerts set status = \$1 where id = any \(\$2\) and \(\$1 > status\) returning id"\]`
	logsStmt  *sql.Stmt // want logsStmt:`prepared \["select event from alert_logs where alert_id = \$1"\]`
}

func NewAlerts(ctx context.Context, db *sql.DB) (*Alerts, error) { // want NewAlerts:`^effects: dynamic_call/call \(sqlutil.Preparer\).PrepareContext; dynamic_call/call \(sqlutil.Preparer\).PrepareContext$`
	prep := &sqlutil.Prepare{DB: db, Ctx: ctx}
	p := prep.P
	a := &Alerts{
		closeStmt: p(`update alerts set status = $1 where id = any ($2) and ($1 > status) returning id`),
		logsStmt:  prep.P(`select event from alert_logs where alert_id = $1`),
	}
	return a, prep.Err
}

// Close moves the alerts to closed, a set (only forward: a second run
// changes nothing).
func (a *Alerts) Close(ctx context.Context, tx *sql.Tx, ids []int64) error { // want Close:`^effects: db_write/update-set alerts @p2$`
	_, err := tx.StmtContext(ctx, a.closeStmt).ExecContext(ctx, "closed", ids)
	return err
}

func (a *Alerts) Logs(ctx context.Context, id int64) error { // want Logs:`^effects: db_read/select alert_logs$`
	_, err := a.logsStmt.QueryContext(ctx, id)
	return err
}
