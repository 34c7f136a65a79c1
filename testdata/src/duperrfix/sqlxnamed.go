package duperrfix

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"duperrfix/queries"
)

// sqlx prepared statements carry the SQL they were prepared with
// (PrepareNamed, Preparex), read here from another package's query table
// (queries.Audit.Create, an embedded file): mint-app's storage package.
// The named statement's bound struct is the named query's argument, as
// for NamedExec (sqlid.go).

type auditMsg struct {
	PlanID string `json:"plan_id"`
	Day    string `json:"day"`
}

type audit struct {
	ID     string `db:"id"`
	PlanID string `db:"plan_id"`
	Day    string `db:"day"`
}

func decodeAudit(t *asynq.Task) auditMsg { // want decodeAudit:`^no effects$`
	var m auditMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

// createAudit inserts through a named statement prepared from the table.
func (d *SQLIDDeps) createAudit(a *audit) (*audit, error) { // want createAudit:`^effects: db_write/insert de_audits$`
	stmt, err := d.X.PrepareNamed(queries.Audit.Create)
	if err != nil {
		return nil, err
	}
	defer stmt.Close()
	var out audit
	if err := stmt.Get(&out, a); err != nil {
		return nil, err
	}
	return &out, nil
}

// AuditDay: the (plan, day) unique key fails a second delivery's insert,
// whose error the handler returns.
func (d *SQLIDDeps) AuditDay(ctx context.Context, t *asynq.Task) error { // want AuditDay:`^effects: db_write/insert de_audits$` `duplicate-as-error: a second delivery's insert into de_audits \(medium\) at duperrfix/sqlxnamed.go:\d+ fails on the duplicate \(a second insert of the row violates the unique`
	m := decodeAudit(t)
	_, err := d.createAudit(&audit{ID: uuid.NewString(), PlanID: m.PlanID, Day: m.Day})
	return err
}

// AuditRead (near miss): a named SELECT through the same table is a read.
func (d *SQLIDDeps) AuditRead(ctx context.Context, t *asynq.Task) error { // want AuditRead:`^effects: db_read/select de_audits$`
	m := decodeAudit(t)
	stmt, err := d.X.PrepareNamedContext(ctx, queries.Audit.GetByPlan)
	if err != nil {
		return err
	}
	var out audit
	return stmt.GetContext(ctx, &out, map[string]any{"plan_id": m.PlanID, "day": m.Day})
}

// AuditPurge: Preparex, and the promoted database/sql Exec of *sqlx.Stmt,
// run the table's constant DELETE.
func (d *SQLIDDeps) AuditPurge(ctx context.Context, t *asynq.Task) error { // want AuditPurge:`^effects: db_write/delete de_audits$`
	stmt, err := d.X.Preparex(queries.Audit.DeleteByDay)
	if err != nil {
		return err
	}
	_, err = stmt.ExecContext(ctx, "2020-01-01")
	return err
}

// AuditTx: a named statement bound to a transaction (tx.NamedStmt).
func (d *SQLIDDeps) AuditTx(ctx context.Context, t *asynq.Task) error { // want AuditTx:`^effects: db_write/insert de_audits$` `duplicate-as-error: a second delivery's insert into de_audits \(medium\) at duperrfix/sqlxnamed.go:\d+ fails on the duplicate \(a second insert of the row violates the unique`
	stmt, err := d.X.PrepareNamed(queries.Audit.Create)
	if err != nil {
		return err
	}
	tx, err := d.X.Beginx()
	if err != nil {
		return err
	}
	m := decodeAudit(t)
	if _, err := tx.NamedStmt(stmt).Exec(&audit{ID: uuid.NewString(), PlanID: m.PlanID, Day: m.Day}); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// EventNamedKeyed: the bound struct's id is the payload's: a business key
// (sqlid.go's NamedEventKeyed, through a prepared named statement).
func (d *SQLIDDeps) EventNamedKeyed(ctx context.Context, t *asynq.Task) error { // want EventNamedKeyed:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/sqlxnamed.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from the argument bound to id\)`
	m := decodeEvent(t)
	stmt, err := d.X.PrepareNamedContext(ctx, queries.Event.Create)
	if err != nil {
		return err
	}
	_, err = stmt.ExecContext(ctx, event{UID: m.EventID, Body: m.Body})
	return err
}

// EventNamedFresh (near miss): a new uuid per delivery: unguarded.
func (d *SQLIDDeps) EventNamedFresh(ctx context.Context, t *asynq.Task) error { // want EventNamedFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).EventNamedFresh`
	m := decodeEvent(t)
	stmt, err := d.X.PrepareNamedContext(ctx, queries.Event.Create)
	if err != nil {
		return err
	}
	_, err = stmt.ExecContext(ctx, event{UID: uuid.NewString(), Body: m.Body})
	return err
}

// Near misses: tables whose texts are not read: one reassigned at run
// time, one whose address escapes, one not of strings alone.
func (d *SQLIDDeps) AuditMutable(ctx context.Context, t *asynq.Task) error { // want AuditMutable:`^effects: db_write/unknown$`
	stmt, err := d.X.PrepareNamed(queries.Mutable.Create)
	if err != nil {
		return err
	}
	_, err = stmt.Exec(&audit{})
	return err
}

func (d *SQLIDDeps) AuditEscaped(ctx context.Context, t *asynq.Task) error { // want AuditEscaped:`^effects: db_write/unknown$`
	stmt, err := d.X.PrepareNamed(queries.Escaped.Create)
	if err != nil {
		return err
	}
	_, err = stmt.Exec(&audit{})
	return err
}

func (d *SQLIDDeps) AuditLimited(ctx context.Context, t *asynq.Task) error { // want AuditLimited:`^effects: db_write/unknown$`
	stmt, err := d.X.PrepareNamed(queries.Limited.Create)
	if err != nil {
		return err
	}
	_, err = stmt.Exec(&audit{})
	return err
}

// AuditLocal (near miss): this package assigns a field of the imported
// table a text from the payload: that field is not read (its other fields
// are).
func (d *SQLIDDeps) AuditLocal(ctx context.Context, t *asynq.Task) error { // want AuditLocal:`^effects: db_write/unknown; memory_write/set duperrfix/queries.auditScripts.Unset$`
	queries.Audit.Unset = string(t.Payload())
	stmt, err := d.X.PrepareNamed(queries.Audit.Unset)
	if err != nil {
		return err
	}
	_, err = stmt.Exec(&audit{})
	return err
}

// namedPreparer is the application's interface over *sqlx.DB and
// *sqlx.Tx (mint-app's sqlutils.NamedPreparer): a method given one SQL
// text that returns a statement prepares that text.
type namedPreparer interface {
	PrepareNamed(query string) (*sqlx.NamedStmt, error)
}

func auditByPlan(np namedPreparer, plan string) (*audit, error) { // want auditByPlan:`^effects: dynamic_call/call \(duperrfix.namedPreparer\).PrepareNamed; db_read/select de_audits @p0$`
	stmt, err := np.PrepareNamed(queries.Audit.GetByPlan)
	if err != nil {
		return nil, err
	}
	defer stmt.Close()
	var out audit
	return &out, stmt.Get(&out, map[string]any{"plan_id": plan})
}

// tablePreparer (near miss) takes two strings: which one is the SQL is
// not told by the shape.
type tablePreparer interface {
	PrepareFor(table, query string) (*sqlx.NamedStmt, error)
}

func auditFor(tp tablePreparer, plan string) error { // want auditFor:`^effects: dynamic_call/call \(duperrfix.tablePreparer\).PrepareFor; db_write/unknown$`
	stmt, err := tp.PrepareFor("de_audits", queries.Audit.GetByPlan)
	if err != nil {
		return err
	}
	var out audit
	return stmt.Get(&out, map[string]any{"plan_id": plan})
}

func registerSQLXNamed(mux *asynq.ServeMux, d *SQLIDDeps) { // want registerSQLXNamed:`^no effects$`
	mux.HandleFunc("sqlx:auditday", d.AuditDay)
	mux.HandleFunc("sqlx:auditread", d.AuditRead)
	mux.HandleFunc("sqlx:auditpurge", d.AuditPurge)
	mux.HandleFunc("sqlx:audittx", d.AuditTx)
	mux.HandleFunc("sqlx:eventnamed", d.EventNamedKeyed)
	mux.HandleFunc("sqlx:eventnamedfresh", d.EventNamedFresh)
	mux.HandleFunc("sqlx:auditmutable", d.AuditMutable)
	mux.HandleFunc("sqlx:auditescaped", d.AuditEscaped)
	mux.HandleFunc("sqlx:auditlimited", d.AuditLimited)
	mux.HandleFunc("sqlx:auditlocal", d.AuditLocal)
}
