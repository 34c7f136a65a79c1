// Package jobs defines handlers whose effects go through fields that the
// cmd package wires: alone, go vet sees dynamic calls.
package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

type Store interface {
	Save(ctx context.Context, id string) error
}

type Deps struct {
	Notifier Notifier
	Alerter  Notifier
	Audit    func(ctx context.Context, msg string) error
	store    Store
	Payments Payments
}

type Payments interface {
	Record(ctx context.Context, id string) error
}

// NewDeps wires the fields from its parameters: a constructor (ctorFact).
func NewDeps(n Notifier, s Store) *Deps {
	return &Deps{Notifier: n, store: s}
}

// Notify posts through the Notifier field: cmd stores an *impl.Poster.
func (d *Deps) Notify(ctx context.Context, t *asynq.Task) error {
	return d.Notifier.Notify(ctx, string(t.Payload()))
}

// Save hands the store field to a helper, which calls it as a parameter.
func (d *Deps) Save(ctx context.Context, t *asynq.Task) error {
	return save(ctx, d.store, string(t.Payload()))
}

func save(ctx context.Context, s Store, id string) error {
	return s.Save(ctx, id)
}

// Audit calls a func field that cmd sets to a function without effects.
func (d *Deps) Quiet(ctx context.Context, t *asynq.Task) error {
	return d.Audit(ctx, "quiet")
}

// Local calls a Notifier no field holds: no package can wire it, so go
// vet says it cannot tell.
func (d *Deps) Local(ctx context.Context, t *asynq.Task) error {
	return pick(d).Notify(ctx, "local")
}

func pick(d *Deps) Notifier {
	if d == nil {
		return nil
	}
	return d.Notifier
}

// Pay records a payment through a service whose claim commits apart from
// the insert (impl.Payments): the pitfall reaches the handler.
func (d *Deps) Pay(ctx context.Context, t *asynq.Task) error {
	return d.Payments.Record(ctx, string(t.Payload()))
}

// Invoices is a domain interface the billing handler is given through a
// Deps struct (clean architecture): its constructor copies the field.
type Invoices interface {
	Issue(ctx context.Context, id string) error
}

type BillingDeps struct {
	Invoices Invoices
}

type Billing struct {
	invoices Invoices
}

func NewBilling(d BillingDeps) *Billing {
	return &Billing{invoices: d.Invoices}
}

// Invoice issues through the field cmd wires via the Deps struct.
func (b *Billing) Invoice(ctx context.Context, t *asynq.Task) error {
	return b.invoices.Issue(ctx, string(t.Payload()))
}

// Alert notifies through a field cmd sets to what a function of its own
// picks at run time: go vet cannot tell, and says where the field is set.
func (d *Deps) Alert(ctx context.Context, t *asynq.Task) error {
	return d.Alerter.Notify(ctx, "alert")
}
