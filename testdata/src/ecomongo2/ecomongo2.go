// Package ecomongo2 covers the MongoDB Go driver v2: the same
// *mongo.Collection methods as v1 with v2's bson types and options
// builders, and v2's *mongo.Session callbacks.
package ecomongo2

import (
	"context"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

type Deps struct {
	DB     *mongo.Database
	Client *mongo.Client
}

func (d *Deps) Insert(ctx context.Context, t *asynq.Task) error { // want Insert:`^effects: db_write/insert orders$` `unguarded: handler \(\*ecomongo2.Deps\).Insert .*insert into orders \(medium\)`
	_, err := d.DB.Collection("orders").InsertOne(ctx, bson.D{{Key: "ref", Value: t.Type()}})
	return err
}

func (d *Deps) IncUpsert(ctx context.Context, t *asynq.Task) error { // want IncUpsert:`^effects: db_write/increment counters$` `unguarded: handler \(\*ecomongo2.Deps\).IncUpsert .*increment of counters \(medium\)`
	_, err := d.DB.Collection("counters").UpdateOne(ctx, bson.D{{Key: "_id", Value: t.Type()}},
		bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: 1}}}}, options.UpdateOne().SetUpsert(true))
	return err
}

func (d *Deps) SetUpsert(ctx context.Context, t *asynq.Task) error { // want SetUpsert:`^effects: db_write/set profiles$`
	_, err := d.DB.Collection("profiles").UpdateByID(ctx, t.Type(),
		bson.M{"$set": bson.M{"name": "x"}, "$setOnInsert": bson.M{"created": 1}}, options.UpdateOne().SetUpsert(true))
	return err
}

func (d *Deps) Delete(ctx context.Context, t *asynq.Task) error { // want Delete:`^effects: db_write/delete sessions$`
	_, err := d.DB.Collection("sessions").DeleteMany(ctx, bson.M{"user": t.Type()})
	return err
}

func (d *Deps) Read(ctx context.Context, t *asynq.Task) error { // want Read:`^effects: db_read/read orders$`
	return d.DB.Collection("orders").FindOne(ctx, bson.M{"_id": 1}).Err()
}

// InTransaction pushes inside a v2 session transaction.
func (d *Deps) InTransaction(ctx context.Context, t *asynq.Task) error { // want InTransaction:`^effects: db_write/append carts$` `unguarded: handler \(\*ecomongo2.Deps\).InTransaction .*append of carts \(medium\) at ecomongo2/ecomongo2.go:\d+ is not guarded; path: ecomongo2/ecomongo2.go:\d+ \(\*ecomongo2.Deps\).InTransaction → ecomongo2/ecomongo2.go:\d+ \(\*ecomongo2.Deps\).InTransaction.func1`
	sess, err := d.Client.StartSession()
	if err != nil {
		return err
	}
	defer sess.EndSession(ctx)
	_, err = sess.WithTransaction(ctx, func(ctx context.Context) (any, error) {
		return d.DB.Collection("carts").UpdateOne(ctx, bson.M{"_id": 1}, bson.M{"$push": bson.M{"items": t.Type()}})
	})
	return err
}
