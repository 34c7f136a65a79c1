package pgxtwice

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/jobeffects/jobeffects/twice"
)

// Tracer is a pgx tracer (QueryTracer, BatchTracer, CopyFromTracer) that
// reports the handler's writes and commits as twice effect points. Next,
// if set, is called too (an application's own tracer).
type Tracer struct {
	Next pgx.QueryTracer
}

var (
	_ pgx.QueryTracer    = Tracer{}
	_ pgx.BatchTracer    = Tracer{}
	_ pgx.CopyFromTracer = Tracer{}
)

type sqlKey struct{}

// TraceQueryStart remembers the statement for TraceQueryEnd.
func (t Tracer) TraceQueryStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	ctx = context.WithValue(ctx, sqlKey{}, data.SQL)
	if t.Next != nil {
		ctx = t.Next.TraceQueryStart(ctx, conn, data)
	}
	return ctx
}

// TraceQueryEnd reports a statement that wrote, or a commit that
// committed, as an effect point.
func (t Tracer) TraceQueryEnd(ctx context.Context, conn *pgx.Conn, data pgx.TraceQueryEndData) {
	sql, _ := ctx.Value(sqlKey{}).(string)
	if data.Err == nil {
		done(ctx, sql, data.CommandTag.String())
	}
	if t.Next != nil {
		t.Next.TraceQueryEnd(ctx, conn, data)
	}
}

// TraceBatchStart passes through.
func (t Tracer) TraceBatchStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchStartData) context.Context {
	if n, ok := t.Next.(pgx.BatchTracer); ok {
		ctx = n.TraceBatchStart(ctx, conn, data)
	}
	return ctx
}

// TraceBatchQuery reports each statement of a batch that wrote.
func (t Tracer) TraceBatchQuery(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchQueryData) {
	if data.Err == nil {
		done(ctx, data.SQL, data.CommandTag.String())
	}
	if n, ok := t.Next.(pgx.BatchTracer); ok {
		n.TraceBatchQuery(ctx, conn, data)
	}
}

// TraceBatchEnd passes through.
func (t Tracer) TraceBatchEnd(ctx context.Context, conn *pgx.Conn, data pgx.TraceBatchEndData) {
	if n, ok := t.Next.(pgx.BatchTracer); ok {
		n.TraceBatchEnd(ctx, conn, data)
	}
}

type copyKey struct{}

// TraceCopyFromStart remembers the table.
func (t Tracer) TraceCopyFromStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceCopyFromStartData) context.Context {
	ctx = context.WithValue(ctx, copyKey{}, data.TableName.Sanitize())
	if n, ok := t.Next.(pgx.CopyFromTracer); ok {
		ctx = n.TraceCopyFromStart(ctx, conn, data)
	}
	return ctx
}

// TraceCopyFromEnd reports a COPY as an effect point.
func (t Tracer) TraceCopyFromEnd(ctx context.Context, conn *pgx.Conn, data pgx.TraceCopyFromEndData) {
	if data.Err == nil {
		table, _ := ctx.Value(copyKey{}).(string)
		_ = twice.Effect(ctx, "copy into "+table)
	}
	if n, ok := t.Next.(pgx.CopyFromTracer); ok {
		n.TraceCopyFromEnd(ctx, conn, data)
	}
}

// done reports sql as an effect point if it wrote. A COMMIT of a failed
// transaction answers ROLLBACK: nothing was committed, no effect.
func done(ctx context.Context, sql, tag string) {
	if !twice.IsWrite(sql) {
		return
	}
	if s := twice.Statement(sql); s == "commit" || s == "end" {
		if tag != "COMMIT" {
			return
		}
	}
	_ = twice.Effect(ctx, twice.Statement(sql))
}

// Instrument sets cfg's tracer to a Tracer, keeping a tracer already set
// as its Next.
func Instrument(cfg *pgxpool.Config) {
	if _, ok := cfg.ConnConfig.Tracer.(Tracer); ok {
		return
	}
	cfg.ConnConfig.Tracer = Tracer{Next: cfg.ConnConfig.Tracer}
}

// NewPool opens a pool on dsn with the Tracer installed: give it to the
// handlers under test.
func NewPool(ctx context.Context, dsn string) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	Instrument(cfg)
	return pgxpool.NewWithConfig(ctx, cfg)
}

// Queryer is what Querier needs: *pgxpool.Pool, *pgx.Conn and pgx.Tx
// have it.
type Queryer interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Querier returns the twice.Querier reading through q, for
// twice.NewPostgres.
func Querier(q Queryer) twice.Querier { return querier{q} }

type querier struct{ q Queryer }

func (q querier) QueryText(ctx context.Context, sql string) ([][]string, error) {
	rows, err := q.q.Query(ctx, sql)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][]string
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, err
		}
		row := make([]string, len(vals))
		for i, v := range vals {
			s, ok := v.(string)
			if !ok {
				return nil, fmt.Errorf("column %d is %T, not text", i+1, v)
			}
			row[i] = s
		}
		out = append(out, row)
	}
	return out, rows.Err()
}
