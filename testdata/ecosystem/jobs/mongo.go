package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// MongoInc increments a counter document ($inc).
func (d *Deps) MongoInc(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Mongo.Collection("stats").UpdateOne(ctx, bson.M{"_id": "orders"}, bson.M{"$inc": bson.M{"total": p.Amount}})
	return err
}

// MongoSet sets a field ($set): idempotent.
func (d *Deps) MongoSet(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Mongo.Collection("orders").UpdateOne(ctx, bson.M{"_id": p.OrderID}, bson.M{"$set": bson.M{"status": "paid"}})
	return err
}
