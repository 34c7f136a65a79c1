package jobs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/ecosystem/ent"
	"example.com/ecosystem/ent/customer"
	"example.com/ecosystem/ent/export"
)

// ent find-or-create (issue 28, stop 54; fixture ecoent/findcreate.go):
// the customer is looked up by its email and created only when no row was
// found. customers.email is unique (migrations/001_schema.sql), so a
// redelivery finds the row and creates none, and an overlapping one fails
// on the key and is retried: guarded. The near miss finds an export by
// its name, which no unique key holds (migrations/005_entid.sql), and
// creates it under a new id: two deliveries at once both create.

func (d *Deps) createCustomer(ctx context.Context, email string) (*ent.Customer, error) {
	return d.Ent.Customer.Create().SetEmail(email).Save(ctx)
}

// customerFor finds the customer with the email, or creates it.
func (d *Deps) customerFor(ctx context.Context, email string) (*ent.Customer, error) {
	c, err := d.Ent.Customer.Query().Where(customer.EmailEQ(email)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, fmt.Errorf("query customer: %w", err)
	}
	if c != nil {
		return c, nil
	}
	return d.createCustomer(ctx, email)
}

// EntEnsureCustomer makes sure the job's customer exists.
func (d *Deps) EntEnsureCustomer(ctx context.Context, t *asynq.Task) error {
	c, err := d.customerFor(ctx, decode(t).Email)
	if err != nil {
		return fmt.Errorf("get or create customer: %w", err)
	}
	if c.Balance > 0 {
		return nil
	}
	return nil
}

// exportFor finds the export with the name, or creates it.
func (d *Deps) exportFor(ctx context.Context, name string) (*ent.Export, error) {
	e, err := d.Ent.Export.Query().Where(export.NameEQ(name)).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, err
	}
	if e != nil {
		return e, nil
	}
	return d.Ent.Export.Create().SetID(uuid.NewString()).SetName(name).Save(ctx)
}

// EntEnsureExport makes sure the job's export exists (near miss).
func (d *Deps) EntEnsureExport(ctx context.Context, t *asynq.Task) error {
	_, err := d.exportFor(ctx, decode(t).Email)
	return err
}

// RegisterEntFindCreate registers the find-or-create handlers.
func RegisterEntFindCreate(mux *asynq.ServeMux, d *Deps) {
	mux.HandleFunc("ent:ensure-customer", d.EntEnsureCustomer)
	mux.HandleFunc("ent:ensure-export", d.EntEnsureExport)
}
