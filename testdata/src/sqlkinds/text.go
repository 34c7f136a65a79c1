// Package sqlkinds pins down how SQL reaching an executor is classified.
//
// Every function is a small helper whose effect summary (the analysis fact)
// is asserted exactly: the operation the SQL text gets (insert, claim,
// upsert-set, upsert-increment, update-set, update-increment, delete,
// select, nextval, notify, call, unknown), its target table, and the
// parameter the statement runs on (@pN, receiver first).
//
//   - text.go: statement kinds, and the forms SQL text arrives in (literal,
//     package const, const concatenation, run-time concatenation,
//     fmt.Sprintf with a constant format, a phi of constants, a parameter);
//   - stdlib.go: every database/sql executor method (*DB, *Tx, *Conn);
//   - pgx.go: every pgx executor (*pgx.Conn, *pgxpool.Pool, pgx.Tx,
//     *pgxpool.Conn, *pgconn.PgConn, Batch.Queue, CopyFrom);
//   - sqlc.go: a user-declared sqlc-style DBTX interface matched by its
//     shape, sqlc's "-- name:" constants, and @pN through helpers.
//
// No function here is a handler: only facts are asserted.
package sqlkinds

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// ---- statement kinds ----

func insertLedger(ctx context.Context, db *sql.DB) { // want insertLedger:`^effects: db_write/insert ledger @p1$`
	db.ExecContext(ctx, "insert into ledger(account, amount) values ($1, $2)", "acct", 10)
}

func claimNoReturning(ctx context.Context, db *sql.DB) { // want claimNoReturning:`^effects: db_write/claim processed_jobs @p1$`
	db.ExecContext(ctx, "insert into processed_jobs(job_id) values ($1) on conflict do nothing", "job-1")
}

func claimReturning(ctx context.Context, db *sql.DB) { // want claimReturning:`^effects: db_write/claim processed_jobs @p1$`
	db.QueryRowContext(ctx, "insert into processed_jobs(job_id) values ($1) on conflict (job_id) do nothing returning job_id", "job-1")
}

func upsertSet(ctx context.Context, db *sql.DB) { // want upsertSet:`^effects: db_write/upsert-set settings @p1$`
	db.ExecContext(ctx, "insert into settings(k, v) values ($1, $2) on conflict (k) do update set v = excluded.v", "k", "v")
}

func upsertIncrement(ctx context.Context, db *sql.DB) { // want upsertIncrement:`^effects: db_write/upsert-increment counters @p1$`
	db.ExecContext(ctx, "insert into counters(k, n) values ($1, 1) on conflict (k) do update set n = counters.n + excluded.n", "k")
}

func updateSet(ctx context.Context, db *sql.DB) { // want updateSet:`^effects: db_write/update-set accounts @p1$`
	db.ExecContext(ctx, "update accounts set status = $1 where id = $2", "closed", 1)
}

func updateIncrement(ctx context.Context, db *sql.DB) { // want updateIncrement:`^effects: db_write/update-increment accounts @p1$`
	db.ExecContext(ctx, "update accounts set balance = balance + $1 where id = $2", 10, 1)
}

func updateGreatest(ctx context.Context, db *sql.DB) { // want updateGreatest:`^effects: db_write/update-set accounts @p1$`
	db.ExecContext(ctx, "update accounts set last_seq = greatest(last_seq, $1) where id = $2", 7, 1)
}

func deleteSessions(ctx context.Context, db *sql.DB) { // want deleteSessions:`^effects: db_write/delete sessions @p1$`
	db.ExecContext(ctx, "delete from sessions where user_id = $1", 1)
}

func selectBalance(ctx context.Context, db *sql.DB) { // want selectBalance:`^effects: db_read/select accounts @p1$`
	db.QueryRowContext(ctx, "select balance from accounts where id = $1", 1)
}

func nextInvoiceNumber(ctx context.Context, db *sql.DB) { // want nextInvoiceNumber:`^effects: db_write/nextval invoice_seq @p1$`
	db.QueryRowContext(ctx, "select nextval('invoice_seq')")
}

func notifyStatement(ctx context.Context, db *sql.DB) { // want notifyStatement:`^effects: db_write/notify jobs_done @p1$`
	db.ExecContext(ctx, "NOTIFY jobs_done, 'finished'")
}

func notifyFunction(ctx context.Context, db *sql.DB) { // want notifyFunction:`^effects: db_write/notify jobs_done @p1$`
	db.ExecContext(ctx, "select pg_notify('jobs_done', $1)", "finished")
}

func callProcedure(ctx context.Context, db *sql.DB) { // want callProcedure:`^effects: db_write/call @p1$`
	db.ExecContext(ctx, "CALL refresh_totals($1)", 1)
}

func doBlock(ctx context.Context, db *sql.DB) { // want doBlock:`^effects: db_write/call @p1$`
	db.ExecContext(ctx, "DO $$ BEGIN PERFORM refresh_totals(1); END $$")
}

// A data-modifying CTE is an effect of its own, next to its statement's;
// the insert takes only the rows the delete returned, so it is guarded by
// that delete (a second run deletes, and so inserts, nothing).
func archiveQueue(ctx context.Context, db *sql.DB) { // want archiveQueue:`^effects: db_write/insert archive @p1 guarded=processed_jobs; db_write/delete queue @p1$`
	db.ExecContext(ctx, "with moved as (delete from queue where id = $1 returning *) insert into archive select * from moved", 1)
}

// A string holding two statements has two effects at the same call.
func twoStatements(ctx context.Context, db *sql.DB) { // want twoStatements:`^effects: db_write/insert audit @p1; db_write/update-increment counters @p1$`
	db.ExecContext(ctx, "insert into audit(msg) values ('bump'); update counters set n = n + 1 where k = 'bump'")
}

// ---- where the text comes from ----

const insertAudit = "insert into audit(msg) values ($1)"

func fromPackageConst(ctx context.Context, db *sql.DB) { // want fromPackageConst:`^effects: db_write/insert audit @p1$`
	db.ExecContext(ctx, insertAudit, "hello")
}

const (
	upsertPrefix = "insert into settings(k, v) values ($1, $2) "
	upsertSuffix = "on conflict (k) do update set v = excluded.v"
)

// Concatenated constants fold into one constant at compile time.
func fromConstConcat(ctx context.Context, db *sql.DB) { // want fromConstConcat:`^effects: db_write/upsert-set settings @p1$`
	db.ExecContext(ctx, upsertPrefix+upsertSuffix, "k", "v")
}

// A variable built from constants is a run-time concatenation in SSA.
func fromVarConcat(ctx context.Context, db *sql.DB) { // want fromVarConcat:`^effects: db_write/update-increment accounts @p1$`
	q := "update accounts set balance = balance + $1"
	q += " where id = $2"
	db.ExecContext(ctx, q, 10, 1)
}

// A dynamic tail does not hide the constant statement in front of it.
func fromDynamicTail(ctx context.Context, db *sql.DB, cond string) { // want fromDynamicTail:`^effects: db_write/delete sessions @p1$`
	db.ExecContext(ctx, "delete from sessions where "+cond)
}

// fmt.Sprintf with a constant format: the table is a verb, so unknown.
func fromSprintfTable(ctx context.Context, db *sql.DB, table string) { // want fromSprintfTable:`^effects: db_write/insert @p1$`
	db.ExecContext(ctx, fmt.Sprintf("insert into %s (msg) values ($1)", table), "hello")
}

// fmt.Sprintf with a constant format and a constant table.
func fromSprintfValue(ctx context.Context, db *sql.DB, n int) { // want fromSprintfValue:`^effects: db_write/update-increment accounts @p1$`
	db.ExecContext(ctx, fmt.Sprintf("update accounts set balance = balance + %d where id = $1", n), 1)
}

// SQL that arrives as a parameter cannot be told statically.
func fromParameter(ctx context.Context, db *sql.DB, query string) { // want fromParameter:`^effects: db_write/unknown @p1$`
	db.ExecContext(ctx, query)
}

// Either constant may run: both are effects of the call.
func fromPhi(ctx context.Context, db *sql.DB, credit bool) { // want fromPhi:`^effects: db_write/update-increment accounts @p1; db_write/update-set accounts @p1$`
	var q string
	if credit {
		q = "update accounts set balance = balance + $1 where id = $2"
	} else {
		q = "update accounts set status = $1 where id = $2"
	}
	db.ExecContext(ctx, q, 1, 2)
}

// strings.Replace of a constant statement's placeholder list by one built
// at run time (dendrite's sqlutil.QueryVariadic): the statement stays.
func fromReplaceVariadic(ctx context.Context, db *sql.DB, ids []any) { // want fromReplaceVariadic:`^effects: db_write/update-set sessions @p1$`
	db.ExecContext(ctx, strings.Replace("update sessions set expired = true where id in ($1) and owner = 'jobs'", "($1)", variadic(len(ids)), 1), ids...)
}

// strings.ReplaceAll of a table name by a run-time one: the table is not known.
func fromReplaceTable(ctx context.Context, db *sql.DB, table string) { // want fromReplaceTable:`^effects: db_write/insert @p1$`
	db.ExecContext(ctx, strings.ReplaceAll("insert into TABLE (msg) values ($1)", "TABLE", table), "hello")
}

func variadic(n int) string { // want variadic:"no effects"
	return "(" + strings.Repeat("?,", n) + ")"
}

// ---- batches (sqlclass batch.go, sweep.go) ----

// A sweep: a constant batch of the rows not yet disabled, set to the
// constant; a second run sets only rows the first had not reached.
func sweepDisable(ctx context.Context, db *sql.DB) { // want sweepDisable:`^effects: db_write/update-set subscriptions @p1$`
	db.ExecContext(ctx, `update subscriptions set disabled = true where id = any (
		select id from subscriptions where last_access < now() - interval '30 days' and not disabled
		order by id limit 100 for update skip locked)`)
}

// A sweep that marks rows by a state other than a boolean.
func sweepArchive(ctx context.Context, db *sql.DB) { // want sweepArchive:`^effects: db_write/update-set reports @p1$`
	db.ExecContext(ctx, `update reports set state = 'archived' where id in (
		select id from reports where created_at < now() - interval '1 year' and state <> 'archived' limit 500)`)
}

// Near miss: the caller decides how many (a quota): a second run takes
// as many more.
func quotaDisable(ctx context.Context, db *sql.DB, n int) { // want quotaDisable:`^effects: db_write/update-increment subscriptions @p1$`
	db.ExecContext(ctx, `update subscriptions set disabled = true where id = any (
		select id from subscriptions where not disabled order by id limit $1)`, n)
}

// Near miss: rows claimed for a worker (owner = $1 where owner is null):
// a second run takes ten more for it.
func claimNext(ctx context.Context, db *sql.DB, worker string) { // want claimNext:`^effects: db_write/update-increment jobs @p1$`
	db.ExecContext(ctx, `update jobs set owner = $1 where id in (
		select id from jobs where owner is null order by id limit 10)`, worker)
}

// Near miss: picked from a pool by another value of the column (accept
// the next ten of a waitlist): the next n, not a sweep.
func acceptNext(ctx context.Context, db *sql.DB) { // want acceptNext:`^effects: db_write/update-increment applications @p1$`
	db.ExecContext(ctx, `update applications set status = 'accepted' where id in (
		select id from applications where status = 'waitlisted' order by joined limit 10)`)
}
