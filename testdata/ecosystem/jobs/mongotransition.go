package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// One UpdateOne that is both the record and the act: it sets the order's
// status and $pushes a history item. Filtered on the status it moves
// away from, it is a conditional state transition: a second delivery
// matches no document, so the append runs once per transition (safe);
// its matched count tested, it also guards the insert after it, which
// commits apart from it (guard-separate-tx). The near miss filters on
// the order's id only and appends on every delivery (unguarded).

// TransitionDeps hold the orders' database.
type TransitionDeps struct{ DB *mongo.Database }

// Advance moves a paid order to shipped and records the move.
func (d *TransitionDeps) Advance(ctx context.Context, t *asynq.Task) error {
	_, err := d.DB.Collection("advance_orders").UpdateOne(ctx,
		bson.M{"_id": decode(t).OrderID, "status": "paid"},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}})
	return err
}

// AdvanceOnce ships only when this delivery moved the order.
func (d *TransitionDeps) AdvanceOnce(ctx context.Context, t *asynq.Task) error {
	id := decode(t).OrderID
	res, err := d.DB.Collection("advance_orders").UpdateOne(ctx,
		bson.M{"_id": id, "status": "paid"},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}})
	if err != nil {
		return err
	}
	if res.ModifiedCount == 0 {
		return nil // moved by an earlier delivery
	}
	_, err = d.DB.Collection("advance_shipments").InsertOne(ctx, bson.M{"order": id})
	return err
}

// AdvancePlain is the near miss: the filter names the order only.
func (d *TransitionDeps) AdvancePlain(ctx context.Context, t *asynq.Task) error {
	_, err := d.DB.Collection("advance_orders").UpdateOne(ctx,
		bson.M{"_id": decode(t).OrderID},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}})
	return err
}
