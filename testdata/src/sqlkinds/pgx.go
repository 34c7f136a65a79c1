package sqlkinds

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Every pgx executor, each statement naming its table after the API.

func viaPgxConn(ctx context.Context, conn *pgx.Conn) { // want viaPgxConn:`^effects: db_write/insert conn_exec @p1; db_write/insert conn_query @p1; db_write/insert conn_query_row @p1$`
	conn.Exec(ctx, "insert into conn_exec(k) values ($1)", 1)
	conn.Query(ctx, "insert into conn_query(k) values ($1) returning k", 1)
	conn.QueryRow(ctx, "insert into conn_query_row(k) values ($1) returning k", 1)
}

func viaPool(ctx context.Context, pool *pgxpool.Pool) { // want viaPool:`^effects: db_write/insert pool_exec @p1; db_write/insert pool_query @p1; db_write/insert pool_query_row @p1$`
	pool.Exec(ctx, "insert into pool_exec(k) values ($1)", 1)
	pool.Query(ctx, "insert into pool_query(k) values ($1) returning k", 1)
	pool.QueryRow(ctx, "insert into pool_query_row(k) values ($1) returning k", 1)
}

// pgx.Tx is an interface: its methods are invoked, matched by the model of
// the interface method.
func viaPgxTx(ctx context.Context, tx pgx.Tx) { // want viaPgxTx:`^effects: db_write/insert tx_exec @p1; db_write/insert tx_query @p1; db_write/insert tx_query_row @p1$`
	tx.Exec(ctx, "insert into tx_exec(k) values ($1)", 1)
	tx.Query(ctx, "insert into tx_query(k) values ($1) returning k", 1)
	tx.QueryRow(ctx, "insert into tx_query_row(k) values ($1) returning k", 1)
}

func viaPoolConn(ctx context.Context, c *pgxpool.Conn) { // want viaPoolConn:`^effects: db_write/insert poolconn_exec @p1; db_write/insert poolconn_query @p1; db_write/insert poolconn_query_row @p1$`
	c.Exec(ctx, "insert into poolconn_exec(k) values ($1)", 1)
	c.Query(ctx, "insert into poolconn_query(k) values ($1) returning k", 1)
	c.QueryRow(ctx, "insert into poolconn_query_row(k) values ($1) returning k", 1)
}

// The low-level connection runs several statements in one string.
func viaPgConn(ctx context.Context, conn *pgx.Conn) { // want viaPgConn:`^effects: db_write/insert audit; db_write/delete sessions$`
	conn.PgConn().Exec(ctx, "insert into audit(msg) values ('purge'); delete from sessions")
}

// Queued SQL runs at SendBatch; the effect is reported at Queue and runs on
// no parameter (the batch is not the executor).
func viaBatch(ctx context.Context, conn *pgx.Conn) { // want viaBatch:`^effects: db_write/insert batch_rows; db_write/update-set accounts$`
	b := &pgx.Batch{}
	b.Queue("insert into batch_rows(k) values ($1)", 1)
	b.Queue("update accounts set status = $1 where id = $2", "open", 1)
	conn.SendBatch(ctx, b).Close()
}

// COPY FROM appends rows to the table named by the identifier.
func copyViaConn(ctx context.Context, conn *pgx.Conn, rows [][]any) { // want copyViaConn:`^effects: db_write/insert ledger @p1$`
	conn.CopyFrom(ctx, pgx.Identifier{"ledger"}, []string{"account", "amount"}, pgx.CopyFromRows(rows))
}

func copyViaPool(ctx context.Context, pool *pgxpool.Pool, rows [][]any) { // want copyViaPool:`^effects: db_write/insert ledger @p1$`
	pool.CopyFrom(ctx, pgx.Identifier{"ledger"}, []string{"account", "amount"}, pgx.CopyFromRows(rows))
}

func copyViaTx(ctx context.Context, tx pgx.Tx, rows [][]any) { // want copyViaTx:`^effects: db_write/insert ledger @p1$`
	tx.CopyFrom(ctx, pgx.Identifier{"ledger"}, []string{"account", "amount"}, pgx.CopyFromRows(rows))
}

// A package-level pool is no parameter.
var pool *pgxpool.Pool

func viaPackagePool(ctx context.Context) { // want viaPackagePool:`^effects: db_write/claim processed_jobs$`
	pool.Exec(ctx, "insert into processed_jobs(job_id) values ($1) on conflict do nothing", "job-1")
}

// A callback run by pgx.BeginFunc gets a fresh transaction: no parameter.
func viaBeginFunc(ctx context.Context, conn *pgx.Conn) error { // want viaBeginFunc:`^effects: db_write/update-increment accounts$`
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "update accounts set balance = balance - $1 where id = $2", 5, 1)
		return err
	})
}
