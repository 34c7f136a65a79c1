package sqlkinds

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A WHERE clause built at run time: the placeholder list of an IN is
// made by a helper the SQL text does not show.

func placeholders(n int) string { // want placeholders:"no effects"
	return "(" + strings.Repeat("?,", n) + ")"
}

// A SELECT is a read whatever its WHERE holds.
func dynWhereSelect(ctx context.Context, pool *pgxpool.Pool, ids []int) { // want dynWhereSelect:`^effects: db_read/select dyn_events @p1$`
	q := "select id from dyn_events where id > $1"
	if len(ids) > 0 {
		q += " and kind in " + placeholders(len(ids))
	}
	q += " order by id"
	pool.Query(ctx, q, 1)
}

// Near miss: an UPDATE's WHERE can make it a compare-and-set, so a
// run-time WHERE leaves it unknown.
func dynWhereUpdate(ctx context.Context, pool *pgxpool.Pool, ids []int) { // want dynWhereUpdate:`^effects: db_write/unknown @p1$`
	pool.Exec(ctx, "update dyn_jobs set state = 'done' where id in "+placeholders(len(ids)), 1)
}

// Near miss: a run-time part before the WHERE (the select list) is not
// cut away.
func dynSelectList(ctx context.Context, pool *pgxpool.Pool, expr string) { // want dynSelectList:`^effects: db_write/unknown @p1$`
	pool.Query(ctx, "select "+expr+" from dyn_events where id in "+placeholders(2), 1)
}
