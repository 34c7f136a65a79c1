// Package inferfix covers name inference: calls the analysis cannot
// follow (interfaces nothing in sight implements) read as a reviewer
// reads them — a creation with a payload is an inferred insert, a send
// to a mailer an inferred email, a read returning data an inferred read
// (by: name, confidence medium); a POST to …/_search is a read, a GET to
// …/create is not; a call the catalog models (a Find… that updates) or
// that the code resolves (a Get… whose implementation inserts) is never
// decided by its name.
package inferfix

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

type Order struct{ ID, Status string }

// OrderStore is implemented elsewhere (not in sight of this package).
type OrderStore interface {
	CreateOrder(ctx context.Context, o Order) error
	GetOrder(ctx context.Context, id string) (Order, error)
	SetStatus(ctx context.Context, id, status string) error
	UpdateBalance(ctx context.Context, id string, delta int) error
	Process(ctx context.Context, id string) error
}

type Mailer interface {
	SendWelcome(ctx context.Context, to string) error
}

// Checker is implemented below, by a type whose GetStatus inserts.
type Checker interface {
	GetStatus(ctx context.Context, id string) (string, error)
}

type inserter struct{ db *sql.DB }

func (i *inserter) GetStatus(ctx context.Context, id string) (string, error) { // want GetStatus:`^effects: db_write/insert audit$`
	_, err := i.db.ExecContext(ctx, "insert into audit(id) values ($1)", id)
	return "", err
}

// The stores, mailer and metrics are set up by a main this package does
// not see (package-level variables: go vet leaves no other package to
// resolve them, so their readings apply here).
var (
	Orders  OrderStore
	Mail    Mailer
	Stats   Metrics
)

type Metrics interface {
	AddOrder(ctx context.Context, n int) error
}

type Deps struct {
	Checker Checker
	Mongo   *mongo.Database
}

// NewDeps wires the Checker: the code says what GetStatus does.
func NewDeps(db *sql.DB) *Deps { // want NewDeps:"no effects"
	return &Deps{Checker: &inserter{db: db}}
}

func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want Create:`reads=db_write/insert` `unguarded: handler \(\*inferfix.Deps\).Create repeats .*db_write insert \(inferred from the name \(inferfix.OrderStore\).CreateOrder\) \(medium\) .*; confidence medium: decided from names, not followed in code; path:`
	return Orders.CreateOrder(ctx, Order{ID: string(t.Payload())})
}

func (d *Deps) Welcome(ctx context.Context, t *asynq.Task) error { // want Welcome:`reads=email/send` `unguarded: handler \(\*inferfix.Deps\).Welcome repeats .*email send \(inferred from the name \(inferfix.Mailer\).SendWelcome\) \(high\) .*inferred from the name \(inferfix.Mailer\).SendWelcome: an email`
	return Mail.SendWelcome(ctx, string(t.Payload()))
}

// Read only reads and sets by key: safe, inferred (no finding).
func (d *Deps) Read(ctx context.Context, t *asynq.Task) error { // want Read:`reads=db_read/read.*reads=db_write/set`
	o, err := Orders.GetOrder(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	return Orders.SetStatus(ctx, o.ID, "seen")
}

// Balance changes an amount, and Process names no verb: no reading
// decides them; Count goes to a metrics interface, never read as a write.
func (d *Deps) Balance(ctx context.Context, t *asynq.Task) error { // want Balance:`^effects: dynamic_call/call \(inferfix.OrderStore\).UpdateBalance; dynamic_call/call \(inferfix.Metrics\).AddOrder; dynamic_call/call \(inferfix.OrderStore\).Process$` `unresolved: go vet cannot tell what \(\*inferfix.Deps\).Balance does`
	if err := Orders.UpdateBalance(ctx, "a", 1); err != nil {
		return err
	}
	if err := Stats.AddOrder(ctx, 1); err != nil {
		return err
	}
	return Orders.Process(ctx, "a")
}

// Status calls a Get… whose implementation the code shows inserting:
// the code decides (unguarded insert into audit), not the name.
func (d *Deps) Status(ctx context.Context, t *asynq.Task) error { // want Status:`reads=db_read/read` `unguarded: handler \(\*inferfix.Deps\).Status repeats .*insert into audit \(medium\)`
	_, err := d.Checker.GetStatus(ctx, "a")
	return err
}

// FindAndInc calls a Find… that the catalog models as an update with
// $inc: a write, whatever its name reads as.
func (d *Deps) FindAndInc(ctx context.Context, t *asynq.Task) error { // want FindAndInc:`^effects: db_write/increment counters$` `unguarded: handler \(\*inferfix.Deps\).FindAndInc .*increment of counters \(medium\)`
	return d.Mongo.Collection("counters").FindOneAndUpdate(ctx, bson.M{"_id": "seq"}, bson.M{"$inc": bson.M{"n": 1}}).Err()
}

// Search POSTs a query: read by its path, no finding.
func Search(ctx context.Context, t *asynq.Task) error { // want Search:`^effects: http/post search.example.com/orders/_search$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://search.example.com/orders/_search", strings.NewReader(`{"query":{}}`))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// CreateByGet GETs a path that names an action: not a read.
func CreateByGet(ctx context.Context, t *asynq.Task) error { // want CreateByGet:`^effects: http/get api.example.com/v1/orders/create$` `unguarded: handler inferfix.CreateByGet repeats .*http get \(api.example.com/v1/orders/create\) \(medium\) .*a GET that names an action \(create\), not taken as a read; a creation with a payload\); confidence medium`
	_, err := http.Get("https://api.example.com/v1/orders/create?id=" + string(t.Payload()))
	return err
}
