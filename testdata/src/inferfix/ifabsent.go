package inferfix

import (
	"context"
	"fmt"
	"strings"

	"example.org/ordersdk"
	"github.com/hibiken/asynq"
)

// CreateIfAbsent creates the order through a helper that takes the
// service's "already exists" as done: a create-if-absent, a second
// delivery creates nothing. Safe, no finding.
func (d *Deps) CreateIfAbsent(ctx context.Context, t *asynq.Task) error { // want CreateIfAbsent:`^effects: dynamic_call/call \(\*ordersdk.Client\).CreateOrder reads=http/post$`
	if err := d.ensureOrder(ctx, string(t.Payload())); err != nil {
		return fmt.Errorf("ensuring order: %w", err)
	}
	return nil
}

func (d *Deps) ensureOrder(ctx context.Context, id string) error { // want ensureOrder:`^effects: dynamic_call/call \(\*ordersdk.Client\).CreateOrder reads=http/post$`
	err := d.SDK.CreateOrder(ctx, ordersdk.Order{ID: id})
	if err != nil && !strings.Contains(err.Error(), "already exists") {
		return fmt.Errorf("creating order %s: %w", id, err)
	}
	return nil
}

// CreateTolerant takes a timeout as done, not a duplicate: the creation
// stays one, a second delivery creates another order.
func (d *Deps) CreateTolerant(ctx context.Context, t *asynq.Task) error { // want CreateTolerant:`^effects: dynamic_call/call \(\*ordersdk.Client\).CreateOrder reads=http/post$` `unguarded: handler \(\*inferfix.Deps\).CreateTolerant repeats .*http post \(inferred from the name \(\*ordersdk.Client\).CreateOrder\) \(high\)`
	err := d.SDK.CreateOrder(ctx, ordersdk.Order{ID: string(t.Payload())})
	if err != nil && !strings.Contains(err.Error(), "timeout") {
		return err
	}
	return nil
}

// CreateDupFails tests for the duplicate and returns it all the same: the
// queue retries, the creation stays as read.
func (d *Deps) CreateDupFails(ctx context.Context, t *asynq.Task) error { // want CreateDupFails:`^effects: dynamic_call/call \(\*ordersdk.Client\).CreateOrder reads=http/post$` `unguarded: handler \(\*inferfix.Deps\).CreateDupFails repeats .*http post \(inferred from the name \(\*ordersdk.Client\).CreateOrder\) \(high\)`
	err := d.SDK.CreateOrder(ctx, ordersdk.Order{ID: string(t.Payload())})
	if err != nil && strings.Contains(err.Error(), "already exists") {
		return fmt.Errorf("order %s exists: %w", t.Payload(), err)
	}
	return err
}
