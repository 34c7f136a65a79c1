// Package jobs calls interfaces: the whole program resolves what main
// wires (Checker: its GetStatus inserts, the code decides), and reads the
// rest by their names (Orders, Mail: nothing implements them here).
package jobs

import (
	"context"
	"fmt"
	"strings"

	"github.com/hibiken/asynq"
)

type OrderStore interface {
	CreateOrder(ctx context.Context, id string) error
	GetOrder(ctx context.Context, id string) (string, error)
}

type Mailer interface {
	SendWelcome(ctx context.Context, to string) error
}

type Checker interface {
	GetStatus(ctx context.Context, id string) (string, error)
}

type Deps struct {
	Orders  OrderStore
	Mail    Mailer
	Checker Checker
	Audit   func(ctx context.Context, msg string) error
}

func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: db_write insert \(inferred from the name \(jobs.OrderStore\).CreateOrder\) \(medium\) at`
	return d.Orders.CreateOrder(ctx, string(t.Payload()))
}

func (d *Deps) Read(ctx context.Context, t *asynq.Task) error {
	_, err := d.Orders.GetOrder(ctx, string(t.Payload()))
	return err
}

func (d *Deps) Welcome(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: email send \(inferred from the name \(jobs.Mailer\).SendWelcome\) \(high\) at`
	return d.Mail.SendWelcome(ctx, string(t.Payload()))
}

func (d *Deps) Status(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	_, err := d.Checker.GetStatus(ctx, string(t.Payload()))
	return err
}

// Ensure creates the order through a helper that takes the store's
// "already exists" as done: a create-if-absent, safe.
func (d *Deps) Ensure(ctx context.Context, t *asynq.Task) error {
	return d.ensure(ctx, string(t.Payload()))
}

func (d *Deps) ensure(ctx context.Context, id string) error {
	err := d.Orders.CreateOrder(ctx, id)
	if err != nil && !strings.Contains(err.Error(), "already exists") {
		return fmt.Errorf("creating order %s: %w", id, err)
	}
	return nil
}
