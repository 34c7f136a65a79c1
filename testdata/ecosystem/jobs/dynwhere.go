package jobs

import (
	"context"
	"fmt"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A SELECT whose IN list is built at run time is still a read: the
// handler below only reads, so a redelivery repeats nothing.

// DynWhereDeps are the run-time WHERE handler's clients.
type DynWhereDeps struct {
	Pool *pgxpool.Pool
}

// inList is "($2, $3, …)" for n values after the first parameter.
func inList(n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = fmt.Sprintf("$%d", i+2)
	}
	return "(" + strings.Join(ps, ", ") + ")"
}

// DynWhereRead counts the customer's orders of some amounts.
func (d *DynWhereDeps) DynWhereRead(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	amounts := []any{p.Amount, p.Amount * 2}
	q := "SELECT count(*) FROM orders WHERE ref = $1 AND amount IN " + inList(len(amounts)) + " ORDER BY 1"
	var n int
	return d.Pool.QueryRow(ctx, q, append([]any{p.OrderID}, amounts...)...).Scan(&n)
}

// RegisterDynWhere registers the run-time WHERE handler.
func RegisterDynWhere(mux *asynq.ServeMux, d *DynWhereDeps) {
	mux.HandleFunc("dynwhere:read", d.DynWhereRead)
}
