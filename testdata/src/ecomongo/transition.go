package ecomongo

import (
	"context"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

// One update that is both the record and the act: its filter requires
// the status it moves away from ({status: "paid"}) and its $set writes
// another ({status: "shipped"}), so a second delivery matches no document
// and the $push beside the $set appends once per transition, not once per
// delivery (summary's transitionField; SQL's update … set status = … where
// status = …, sqlclass). Tested for no document matched, it also guards
// what follows only when it matched (a claim).

type TransDeps struct{ DB *mongo.Database }

// Ship: a conditional state transition whose result nothing tests: the
// update as written, a set; its $push runs once per transition.
func (d *TransDeps) Ship(ctx context.Context, t *asynq.Task) error { // want Ship:`^effects: db_write/set orders$`
	_, err := d.DB.Collection("orders").UpdateOne(ctx,
		bson.M{"_id": string(t.Payload()), "status": "paid"},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}})
	return err
}

// ShipFromTo: the statuses are the job's (from → to), told apart as
// different values; bson.D documents and a {$eq: …} condition.
func (d *TransDeps) ShipFromTo(ctx context.Context, t *asynq.Task) error { // want ShipFromTo:`^effects: db_write/set orders$`
	from, to := t.Type(), string(t.Payload())
	_, err := d.DB.Collection("orders").UpdateOne(ctx,
		bson.D{{Key: "_id", Value: 1}, {Key: "status", Value: bson.D{{Key: "$eq", Value: from}}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: to}}}, {Key: "$inc", Value: bson.D{{Key: "moves", Value: 1}}}})
	return err
}

// ShipOnce: the matched count tested: what follows runs only for the
// delivery that moved the order (a compare-and-set claim). The insert
// commits apart from the claim, so a crash between them loses it, as
// for SQL's claims (guard-separate-tx), rather than repeating it.
func (d *TransDeps) ShipOnce(ctx context.Context, t *asynq.Task) error { // want ShipOnce:`^effects: db_write/insert shipments issue=guard-separate-tx; db_write/claim orders$`
	id := string(t.Payload())
	res, err := d.DB.Collection("orders").UpdateOne(ctx, // wholewant `^guard-separate-tx: the claim on orders commits separately from the insert into shipments` // want `guard-separate-tx: the claim on orders commits separately from the insert into shipments`
		bson.M{"_id": id, "status": bson.M{"$ne": "shipped"}},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}})
	if err != nil {
		return err
	}
	if res.MatchedCount == 0 {
		return nil // shipped by an earlier delivery
	}
	_, err = d.DB.Collection("shipments").InsertOne(ctx, bson.M{"order": id})
	return err
}

// Near miss: the filter names the order only, so every delivery matches
// it and appends again.
func (d *TransDeps) ShipByID(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: append of orders \(medium\) at` // want ShipByID:`^effects: db_write/append orders$` `unguarded: handler \(\*ecomongo.TransDeps\).ShipByID .*append of orders \(medium\)`
	_, err := d.DB.Collection("orders").UpdateOne(ctx,
		bson.M{"_id": string(t.Payload())},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}})
	return err
}

// Near miss: the filter requires a status, but the $set writes another
// field: a second delivery still finds the order paid and appends again.
func (d *TransDeps) StampPaid(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: append of orders \(medium\) at` // want StampPaid:`^effects: db_write/append orders$` `unguarded: handler \(\*ecomongo.TransDeps\).StampPaid .*append of orders \(medium\)`
	_, err := d.DB.Collection("orders").UpdateOne(ctx,
		bson.M{"_id": string(t.Payload()), "status": "paid"},
		bson.M{"$set": bson.M{"checked": true}, "$push": bson.M{"history": "checked"}})
	return err
}

// Near miss: the filter requires the status the update sets: the moved
// document still matches, and appends again.
func (d *TransDeps) Reship(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: append of orders \(medium\) at` // want Reship:`^effects: db_write/append orders$` `unguarded: handler \(\*ecomongo.TransDeps\).Reship .*append of orders \(medium\)`
	_, err := d.DB.Collection("orders").UpdateOne(ctx,
		bson.M{"_id": string(t.Payload()), "status": "shipped"},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}})
	return err
}

// Near miss: the transition's result is not tested, so the insert after
// it runs on every delivery (claim-unchecked, as for SQL's).
func (d *TransDeps) ShipUnchecked(ctx context.Context, t *asynq.Task) error { // want ShipUnchecked:`^effects: db_write/insert shipments issue=claim-unchecked; db_write/claim orders$`
	id := string(t.Payload())
	if _, err := d.DB.Collection("orders").UpdateOne(ctx, // wholewant `^claim-unchecked: the result of this claim on orders is never tested` // want `claim-unchecked: the result of this claim on orders is never tested`
		bson.M{"_id": id, "status": "paid"},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}}); err != nil {
		return err
	}
	_, err := d.DB.Collection("shipments").InsertOne(ctx, bson.M{"order": id})
	return err
}

// Near miss: an upsert inserts the document when a second delivery's
// filter matches nothing, so options passed to the call (here
// SetUpsert) keep it from reading as a transition.
func (d *TransDeps) ShipUpsert(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: append of orders \(medium\) at` // want ShipUpsert:`^effects: db_write/append orders$` `unguarded: handler \(\*ecomongo.TransDeps\).ShipUpsert .*append of orders \(medium\)`
	_, err := d.DB.Collection("orders").UpdateOne(ctx,
		bson.M{"_id": string(t.Payload()), "status": "paid"},
		bson.M{"$set": bson.M{"status": "shipped"}, "$push": bson.M{"history": "shipped"}},
		options.Update().SetUpsert(true))
	return err
}
