package jobs

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// DedupDeps are the clients of the handlers that dedupe by a unique key.
type DedupDeps struct {
	Pool  *pgxpool.Pool
	Mongo *mongo.Database
}

// PgxDedup inserts the payment by its order ID and takes a unique
// violation (SQLSTATE 23505) as "delivered before"; the order's status is
// set in the same transaction after it: both guarded.
func (d *DedupDeps) PgxDedup(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO payments (order_id, amount) VALUES ($1, $2)`, p.OrderID, p.Amount); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return nil
		}
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE stats SET paid = paid + 1 WHERE id = 1`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// MongoDedup inserts a document keyed by the order and takes a duplicate
// key as success, then increments a counter outside any transaction: the
// insert is deduplicated, the increment commits separately.
func (d *DedupDeps) MongoDedup(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	if _, err := d.Mongo.Collection("processed").InsertOne(ctx, bson.M{"_id": p.OrderID}); err != nil {
		if mongo.IsDuplicateKeyError(err) {
			return nil
		}
		return err
	}
	_, err := d.Mongo.Collection("stats").UpdateOne(ctx, bson.M{"_id": "orders"}, bson.M{"$inc": bson.M{"total": p.Amount}})
	return err
}

// CheckThenRecord checks whether the order was processed, credits it,
// and records it afterwards: check-then-act.
func (d *DedupDeps) CheckThenRecord(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	var done bool
	if err := d.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM processed_orders WHERE order_id = $1)`, p.OrderID).Scan(&done); err != nil {
		return err
	}
	if done {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, `UPDATE stats SET paid = paid + 1 WHERE id = 1`); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, `INSERT INTO processed_orders (order_id) VALUES ($1)`, p.OrderID)
	return err
}

// StateTransition moves the invoice from open to paid with a
// compare-and-set and credits the ledger only when this delivery made the
// move, in the same transaction: guarded.
func (d *DedupDeps) StateTransition(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, `UPDATE invoices SET state = 'paid' WHERE order_id = $1 AND state = 'open'`, p.OrderID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil // paid by an earlier delivery
	}
	if _, err := tx.Exec(ctx, `INSERT INTO ledger (order_id, amount) VALUES ($1, $2)`, p.OrderID, p.Amount); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RegisterDedup registers the handlers.
func RegisterDedup(mux *asynq.ServeMux, d *DedupDeps) {
	mux.HandleFunc("pgx:dedup", d.PgxDedup)
	mux.HandleFunc("mongo:dedup", d.MongoDedup)
	mux.HandleFunc("pgx:check", d.CheckThenRecord)
	mux.HandleFunc("pgx:transition", d.StateTransition)
}
