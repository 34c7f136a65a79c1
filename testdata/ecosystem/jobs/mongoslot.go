package jobs

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// The data layer wraps the driver: the update document is the wrapper's
// parameter, and the wrappers return the driver's failure wrapped.

func mongoUpdateOne(ctx context.Context, coll *mongo.Collection, filter, update any) (*mongo.UpdateResult, error) {
	res, err := coll.UpdateOne(ctx, filter, update)
	if err != nil {
		return nil, fmt.Errorf("mongo update one: %w", err)
	}
	return res, nil
}

func mongoInsertOne(ctx context.Context, coll *mongo.Collection, doc any) error {
	if _, err := coll.InsertOne(ctx, doc); err != nil {
		return fmt.Errorf("mongo insert one: %w", err)
	}
	return nil
}

// SlotStore keeps an order's lines in one document, a slot per line.
type SlotStore struct{ coll *mongo.Collection }

// NewSlotStore keeps the lines in the collection.
func NewSlotStore(db *mongo.Database) *SlotStore {
	return &SlotStore{coll: db.Collection("order_lines")}
}

func (s *SlotStore) SetLine(ctx context.Context, orderID string, line int, v any) (*mongo.UpdateResult, error) {
	return mongoUpdateOne(ctx, s.coll, bson.M{"_id": orderID}, bson.M{"$set": bson.M{fmt.Sprintf("lines.%d", line): v}})
}

func (s *SlotStore) Create(ctx context.Context, orderID string, v any) error {
	return mongoInsertOne(ctx, s.coll, bson.M{"_id": orderID, "lines": []any{v}})
}

// SlotDeps are the clients of the slot handlers.
type SlotDeps struct{ Lines *SlotStore }

// WriteLine overwrites the order's line, inserting the document when no
// document matched and going back to the update on a duplicate key (a
// second try): an insert-if-absent, then a set. Safe.
func (d *SlotDeps) WriteLine(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	for try := 0; try < 2; try++ {
		res, err := d.Lines.SetLine(ctx, p.OrderID, 0, p.Amount)
		if err != nil {
			return err
		}
		if res.MatchedCount > 0 {
			return nil
		}
		if err := d.Lines.Create(ctx, p.OrderID, p.Amount); err != nil {
			if mongo.IsDuplicateKeyError(err) {
				continue // created meanwhile: update it
			}
			return err
		}
		return nil
	}
	return nil
}

// CreateLine is the near miss: the same insert with no duplicate-key test.
func (d *SlotDeps) CreateLine(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Lines.Create(ctx, p.OrderID, p.Amount)
}

// RegisterSlots registers the handlers.
func RegisterSlots(mux *asynq.ServeMux, d *SlotDeps) {
	mux.HandleFunc("mongo:line", d.WriteLine)
	mux.HandleFunc("mongo:line-create", d.CreateLine)
}
