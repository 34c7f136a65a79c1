package ecomongo

import (
	"context"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

// A repository that keeps its collection in an unexported field, set in
// its constructor from db.Collection("orders") (ecom-back's
// MongoOrderRepository): the read and the write in its methods name the
// field, and the field's only store names the collection, so both are of
// orders and the status read, the insert into shipments and the $set of the
// status after it are a check-then-act.
type orderRepo struct {
	db   *mongo.Database
	coll *mongo.Collection
}

func newOrderRepo(db *mongo.Database) *orderRepo { // want newOrderRepo:`^no effects$`
	return &orderRepo{coll: db.Collection("orders")}
}

type FieldDeps struct {
	orders *orderRepo
	mixed  *mixedRepo
	given  *givenRepo
}

func NewFieldDeps(db *mongo.Database, c *mongo.Collection) *FieldDeps { // want NewFieldDeps:`^no effects$`
	m := newMixedRepo(db)
	if c == nil {
		m = newArchiveRepo(db)
	}
	return &FieldDeps{orders: newOrderRepo(db), mixed: m, given: &givenRepo{coll: c}}
}

type order struct {
	Status string `bson:"status"`
}

func (r *orderRepo) advance(ctx context.Context, id string) error { // want advance:`^effects: db_write/insert shipments issue=check-then-act; db_read/read orders; db_write/set orders$`
	var o order
	if err := r.coll.FindOne(ctx, bson.M{"_id": id}).Decode(&o); err != nil { // wholewant `^check-then-act: this check of orders` // want `check-then-act: this check of orders and the write into it at ecomongo/fieldcoll.go:\d+ sit on either side of the insert into shipments`
		return err
	}
	if o.Status != "pending" {
		return nil
	}
	if _, err := r.db.Collection("shipments").InsertOne(ctx, bson.M{"order": id}); err != nil {
		return err
	}
	_, err := r.coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"status": "shipped"}})
	return err
}

func (d *FieldDeps) Advance(ctx context.Context, t *asynq.Task) error { // want Advance:`^effects: db_write/insert shipments issue=check-then-act; db_read/read orders; db_write/set orders$`
	return d.orders.advance(ctx, string(t.Payload()))
}

// Near miss: the field is stored with two collections' names (orders by
// one constructor, archive by the other), so which one a method reads is
// not known: no collection, no check-then-act.
type mixedRepo struct {
	db   *mongo.Database
	coll *mongo.Collection
}

func newMixedRepo(db *mongo.Database) *mixedRepo { // want newMixedRepo:`^no effects$`
	return &mixedRepo{coll: db.Collection("orders")}
}

func newArchiveRepo(db *mongo.Database) *mixedRepo { // want newArchiveRepo:`^no effects$`
	return &mixedRepo{coll: db.Collection("archive")}
}

func (r *mixedRepo) advance(ctx context.Context, id string) error { // want advance:`^effects: db_write/insert shipments; db_read/read; db_write/set$`
	var o order
	if err := r.coll.FindOne(ctx, bson.M{"_id": id}).Decode(&o); err != nil {
		return err
	}
	if o.Status != "pending" {
		return nil
	}
	if _, err := r.db.Collection("shipments").InsertOne(ctx, bson.M{"order": id}); err != nil {
		return err
	}
	_, err := r.coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"status": "shipped"}})
	return err
}

func (d *FieldDeps) AdvanceMixed(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into shipments \(medium\) at` // want AdvanceMixed:`^effects: db_write/insert shipments; db_read/read; db_write/set$` `unguarded: handler \(\*ecomongo.FieldDeps\).AdvanceMixed .*insert into shipments \(medium\)`
	return d.mixed.advance(ctx, string(t.Payload()))
}

// Near miss: the field holds the collection the caller passed in, whose
// name this package never sees: no collection, no check-then-act.
type givenRepo struct {
	db   *mongo.Database
	coll *mongo.Collection
}

func (r *givenRepo) advance(ctx context.Context, id string) error { // want advance:`^effects: db_write/insert shipments; db_read/read; db_write/set$`
	var o order
	if err := r.coll.FindOne(ctx, bson.M{"_id": id}).Decode(&o); err != nil {
		return err
	}
	if o.Status != "pending" {
		return nil
	}
	if _, err := r.db.Collection("shipments").InsertOne(ctx, bson.M{"order": id}); err != nil {
		return err
	}
	_, err := r.coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"status": "shipped"}})
	return err
}

func (d *FieldDeps) AdvanceGiven(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into shipments \(medium\) at` // want AdvanceGiven:`^effects: db_write/insert shipments; db_read/read; db_write/set$` `unguarded: handler \(\*ecomongo.FieldDeps\).AdvanceGiven .*insert into shipments \(medium\)`
	return d.given.advance(ctx, string(t.Payload()))
}
