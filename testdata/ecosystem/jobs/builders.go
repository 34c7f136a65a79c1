package jobs

import (
	"context"
	"database/sql"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/hibiken/asynq"
	"github.com/huandu/go-sqlbuilder"
)

// SQL built with query builders (squirrel v1.5.4, go-sqlbuilder v1.14.1)
// is read from the chain that builds it: the statement, its table, a
// constant ON CONFLICT suffix, a self-referencing Set. A suffix set at
// run time leaves the statement unknown.

// BuilderDeps are the query-builder handlers' clients.
type BuilderDeps struct {
	DB *sql.DB
}

// SqCredit adds the amount with Set("balance", Expr("balance + ?")),
// run by the builder itself on the pool: an increment per delivery.
func (d *BuilderDeps) SqCredit(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := sq.StatementBuilder.PlaceholderFormat(sq.Dollar).
		Update("accounts").
		Set("balance", sq.Expr("balance + ?", p.Amount)).
		Where(sq.Eq{"id": 1}).
		RunWith(d.DB).ExecContext(ctx)
	return err
}

// SqClaimed claims the job with INSERT … ON CONFLICT DO NOTHING built by
// squirrel (ToSql, then database/sql) before it records the payment.
func (d *BuilderDeps) SqClaimed(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	query, args, err := sq.Insert("processed_jobs").Columns("job_key").Values(p.OrderID).
		Suffix("ON CONFLICT DO NOTHING").PlaceholderFormat(sq.Dollar).ToSql()
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	query, args, err = sq.Insert("payments").Columns("order_id", "amount").Values(1, p.Amount).
		PlaceholderFormat(sq.Dollar).ToSql()
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, query, args...); err != nil {
		return err
	}
	return tx.Commit()
}

// SqSuffix appends a suffix the payload chooses: the statement is not
// known (it may be ON CONFLICT … DO UPDATE).
func (d *BuilderDeps) SqSuffix(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := sq.Insert("counters").Columns("id").Values(p.OrderID).Suffix(p.Email).RunWith(d.DB).ExecContext(ctx)
	return err
}

// SbCustomer inserts the customer with go-sqlbuilder's PostgreSQL flavour
// and RETURNING id appended with Sprintf; the email is unique, so a
// redelivery fails on it and returns that error.
func (d *BuilderDeps) SbCustomer(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	ib := sqlbuilder.PostgreSQL.NewInsertBuilder().InsertInto("customers")
	ib.Cols("email", "balance").Values(p.Email, p.Amount)
	query, args := ib.Build()
	query = fmt.Sprintf("%s RETURNING id", query)
	var id int64
	return d.DB.QueryRowContext(ctx, query, args...).Scan(&id)
}

// RegisterBuilders registers the query-builder handlers.
func RegisterBuilders(mux *asynq.ServeMux, d *BuilderDeps) {
	mux.HandleFunc("sq:credit", d.SqCredit)
	mux.HandleFunc("sq:claimed", d.SqClaimed)
	mux.HandleFunc("sq:suffix", d.SqSuffix)
	mux.HandleFunc("sb:customer", d.SbCustomer)
}
