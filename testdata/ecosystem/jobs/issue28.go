package jobs

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"example.com/ecosystem/internal/sqlcdb"
)

// ShapeDeps are the clients of the handlers below, one shape each on
// pgx v5 (and River v0.51.2, net/http), each with its near miss.
type ShapeDeps struct {
	Pool *pgxpool.Pool
}

// CTEClaim claims the order with a CTE that always returns one row,
// whether the key was new (with ins as (insert … on conflict do nothing
// returning 1) select exists (select 1 from ins)), skips when it was not,
// and inserts the shipment in the claim's transaction: guarded.
func (d *ShapeDeps) CTEClaim(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var inserted bool
	if err := tx.QueryRow(ctx, `WITH ins AS (
		INSERT INTO cte_claims (order_id) VALUES ($1) ON CONFLICT (order_id) DO NOTHING RETURNING 1
	) SELECT EXISTS (SELECT 1 FROM ins)`, p.OrderID).Scan(&inserted); err != nil {
		return err
	}
	if !inserted {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into cte_shipments (order_id) values ($1)", p.OrderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CTEUntested makes the same claim and never tests what it scanned (near
// miss): the shipment's insert runs on every delivery.
func (d *ShapeDeps) CTEUntested(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var inserted bool
	if err := tx.QueryRow(ctx, `WITH ins AS (
		INSERT INTO cte_claims (order_id) VALUES ($1) ON CONFLICT (order_id) DO NOTHING RETURNING 1
	) SELECT EXISTS (SELECT 1 FROM ins)`, p.OrderID).Scan(&inserted); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into cte_shipments (order_id) values ($1)", p.OrderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RMWCount reads the counter and writes back n+1 computed in Go: a
// read-modify-write increment, unguarded.
func (d *ShapeDeps) RMWCount(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	var n int64
	if err := d.Pool.QueryRow(ctx, "select n from rmw_counters where order_id = $1", p.OrderID).Scan(&n); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update rmw_counters set n = $1 where order_id = $2", n+1, p.OrderID)
	return err
}

// RMWCopy writes back the value it read, unchanged (near miss): a set.
func (d *ShapeDeps) RMWCopy(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	var n int64
	if err := d.Pool.QueryRow(ctx, "select n from rmw_counters where order_id = $1", p.OrderID).Scan(&n); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update rmw_totals set n = $1 where order_id = $2", n, p.OrderID)
	return err
}

// JSONMerge merges a jsonb object into the column: merging it again gives
// the same object (a set, safe).
func (d *ShapeDeps) JSONMerge(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, "update shape_orders set attrs = coalesce(attrs, '{}'::jsonb) || $1 where id = $2", `{"paid":true}`, decode(t).OrderID)
	return err
}

// JSONAppend appends to a jsonb array (near miss): each run adds an
// element, an increment.
func (d *ShapeDeps) JSONAppend(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, "update shape_orders set attrs = coalesce(attrs, '[]'::jsonb) || $1 where id = $2", `["paid"]`, decode(t).OrderID)
	return err
}

// StatusShip reads the order's status, skips when it is shipped, inserts
// the shipment and writes the status afterwards: two deliveries at once
// both read "pending" and both insert (check-then-act).
func (d *ShapeDeps) StatusShip(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from shape_orders where id = $1", p.OrderID).Scan(&status); err != nil {
		return err
	}
	if status == "shipped" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into shape_shipments (order_id) values ($1)", p.OrderID); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update shape_orders set status = 'shipped' where id = $1", p.OrderID)
	return err
}

// StatusCAS moves the status with a compare-and-set in a transaction,
// skips when no row moved, and inserts the shipment in that transaction
// (near miss): the claim guards it.
func (d *ShapeDeps) StatusCAS(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "update shape_orders set status = 'shipped' where id = $1 and status = 'pending'", p.OrderID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, "insert into shape_shipments (order_id) values ($1)", p.OrderID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// GetAction calls another service with a GET whose path names an action
// (/v1/create/user): not a read by default, unknown with the reason.
func (d *ShapeDeps) GetAction(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://legacy.example.com/v1/create/user?email="+decode(t).Email, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GetRead is a GET of a resource's collection (near miss): a read.
func (d *ShapeDeps) GetRead(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://legacy.example.com/v1/posts/"+decode(t).OrderID+"/comments", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RegisterShapes registers the handlers above.
func RegisterShapes(mux *asynq.ServeMux, d *ShapeDeps) {
	mux.HandleFunc("shape:cte-claim", d.CTEClaim)
	mux.HandleFunc("shape:cte-untested", d.CTEUntested)
	mux.HandleFunc("shape:rmw-count", d.RMWCount)
	mux.HandleFunc("shape:rmw-copy", d.RMWCopy)
	mux.HandleFunc("shape:json-merge", d.JSONMerge)
	mux.HandleFunc("shape:json-append", d.JSONAppend)
	mux.HandleFunc("shape:status-ship", d.StatusShip)
	mux.HandleFunc("shape:status-cas", d.StatusCAS)
	mux.HandleFunc("shape:get-action", d.GetAction)
	mux.HandleFunc("shape:get-read", d.GetRead)
}

// MaybeTxArgs is the River job whose sqlc handle is switched to the
// transaction behind a condition.
type MaybeTxArgs struct{ OrderID string }

func (MaybeTxArgs) Kind() string { return "shape:maybe-tx" }

// MaybeTxWorker begins a transaction when the job names an order, builds
// the sqlc handle on the pool and switches it to the transaction when
// there is one (q := sqlcdb.New(pool); if tx != nil { q = q.WithTx(tx) }),
// and completes the job in that transaction (River's JobCompleteTx): the
// insert commits with the completion, guarded.
type MaybeTxWorker struct {
	river.WorkerDefaults[MaybeTxArgs]
	Pool *pgxpool.Pool
}

func (w *MaybeTxWorker) Work(ctx context.Context, job *river.Job[MaybeTxArgs]) error {
	var tx pgx.Tx
	if job.Args.OrderID != "" {
		t, err := w.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer t.Rollback(ctx)
		tx = t
	}
	q := sqlcdb.New(w.Pool)
	if tx != nil {
		q = q.WithTx(tx)
	}
	if _, err := q.CreateOrder(ctx, sqlcdb.CreateOrderParams{Ref: job.Args.OrderID, Amount: 1}); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// NoTxArgs is the near miss: the same insert on the pool's handle, the
// completion in a transaction of its own.
type NoTxArgs struct{ OrderID string }

func (NoTxArgs) Kind() string { return "shape:no-tx" }

// NoTxWorker inserts on the pool and completes the job in a transaction
// that holds nothing else: the insert commits apart from the completion.
type NoTxWorker struct {
	river.WorkerDefaults[NoTxArgs]
	Pool *pgxpool.Pool
}

func (w *NoTxWorker) Work(ctx context.Context, job *river.Job[NoTxArgs]) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := sqlcdb.New(w.Pool)
	if _, err := q.CreateOrder(ctx, sqlcdb.CreateOrderParams{Ref: job.Args.OrderID, Amount: 1}); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RegisterShapeWorkers adds the River workers above.
func RegisterShapeWorkers(ws *river.Workers, pool *pgxpool.Pool) {
	river.AddWorker(ws, &MaybeTxWorker{Pool: pool})
	river.AddWorker(ws, &NoTxWorker{Pool: pool})
}
