package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// A repository keeping its collection in an unexported field that its
// constructor fills from db.Collection("ship_orders"): the status
// read and the status write in Ship name the field, and the field's only
// store names the collection, so both are of one collection and the
// insert between them is a check-then-act. The near miss keeps a
// collection its caller passes in: no name, so the read and the write
// have no collection in common and the insert stays unguarded.

type shipOrder struct {
	Status string `bson:"status"`
}

// ShipStore holds the orders' collection, named by its constructor.
type ShipStore struct {
	db   *mongo.Database
	coll *mongo.Collection
}

// NewShipStore keeps the orders of db.
func NewShipStore(db *mongo.Database) *ShipStore {
	return &ShipStore{db: db, coll: db.Collection("ship_orders")}
}

// Ship reads the order's status, returns when it is shipped, inserts the
// shipment and then sets the status: check-then-act.
func (s *ShipStore) Ship(ctx context.Context, id string) error {
	var o shipOrder
	if err := s.coll.FindOne(ctx, bson.M{"_id": id}).Decode(&o); err != nil {
		return err
	}
	if o.Status == "shipped" {
		return nil
	}
	if _, err := s.db.Collection("shipments").InsertOne(ctx, bson.M{"order": id}); err != nil {
		return err
	}
	_, err := s.coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"status": "shipped"}})
	return err
}

// GivenStore is the near miss: its collection is the caller's.
type GivenStore struct {
	db   *mongo.Database
	coll *mongo.Collection
}

// NewGivenStore keeps the collection it is given.
func NewGivenStore(db *mongo.Database, coll *mongo.Collection) *GivenStore {
	return &GivenStore{db: db, coll: coll}
}

// Ship is ShipStore's, on a collection whose name is not known.
func (s *GivenStore) Ship(ctx context.Context, id string) error {
	var o shipOrder
	if err := s.coll.FindOne(ctx, bson.M{"_id": id}).Decode(&o); err != nil {
		return err
	}
	if o.Status == "shipped" {
		return nil
	}
	if _, err := s.db.Collection("shipments").InsertOne(ctx, bson.M{"order": id}); err != nil {
		return err
	}
	_, err := s.coll.UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"status": "shipped"}})
	return err
}

// ShipDeps are the clients of the ship handlers.
type ShipDeps struct {
	Named      *ShipStore
	Given      *GivenStore
	Transition *TransitionDeps
}

// ShipNamed ships through the store whose collection is named.
func (d *ShipDeps) ShipNamed(ctx context.Context, t *asynq.Task) error {
	return d.Named.Ship(ctx, decode(t).OrderID)
}

// ShipGiven ships through the store whose collection is the caller's.
func (d *ShipDeps) ShipGiven(ctx context.Context, t *asynq.Task) error {
	return d.Given.Ship(ctx, decode(t).OrderID)
}

// RegisterShips registers the handlers.
func RegisterShips(mux *asynq.ServeMux, d *ShipDeps) {
	mux.HandleFunc("mongo:ship", d.ShipNamed)
	mux.HandleFunc("mongo:ship-given", d.ShipGiven)
	mux.HandleFunc("mongo:advance", d.Transition.Advance)
	mux.HandleFunc("mongo:advance-once", d.Transition.AdvanceOnce)
	mux.HandleFunc("mongo:advance-plain", d.Transition.AdvancePlain)
}
