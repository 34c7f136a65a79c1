// Package disccqrs covers Watermill's CQRS component: the generic
// constructors NewEventHandler and NewCommandHandler build a handler from
// a function under a name (the task), NewGroupEventHandler one for an
// event processor group, and the processors' AddHandler registers a value
// of the user's type (its Handle method).
package disccqrs

import (
	"context"
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/components/cqrs"
)

type OrderPaid struct{ ID string }

type ShipOrder struct{ ID string }

type Deps struct{ DB *sql.DB }

func (d *Deps) OnOrderPaid(ctx context.Context, e *OrderPaid) error { // want OnOrderPaid:`^effects: db_write/insert ledger$` `unguarded: handler \(\*disccqrs.Deps\).OnOrderPaid \(watermill task "OnOrderPaid"\) .*insert into ledger`
	_, err := d.DB.ExecContext(ctx, "insert into ledger(order_id) values ($1)", e.ID)
	return err
}

func (d *Deps) HandleShipOrder(ctx context.Context, c *ShipOrder) error { // want HandleShipOrder:`^effects: db_write/insert shipments$` `unguarded: handler \(\*disccqrs.Deps\).HandleShipOrder \(watermill task "ShipOrder"\) .*insert into shipments`
	_, err := d.DB.ExecContext(ctx, "insert into shipments(order_id) values ($1)", c.ID)
	return err
}

// OnPaidBilling is a group handler: the group ("billing") is its task.
// TODO(engine): NewGroupEventHandler has no name argument and the group
// name is an argument of AddHandlersGroup, whose handlers are variadic (a
// slice literal the registration resolver does not read): the task should
// be "billing", (watermill task "billing"); got no task.
func (d *Deps) OnPaidBilling(ctx context.Context, e *OrderPaid) error { // want OnPaidBilling:`^effects: db_write/insert invoices$` `unguarded: handler \(\*disccqrs.Deps\).OnPaidBilling repeats .*insert into invoices`
	_, err := d.DB.ExecContext(ctx, "insert into invoices(order_id) values ($1)", e.ID)
	return err
}

// Refunder is a CommandHandler of the user's own: its HandlerName() names it.
type Refunder struct{ DB *sql.DB }

func (Refunder) HandlerName() string { return "Refunder" } // want HandlerName:`^no effects$` HandlerName:`const "Refunder"`

func (Refunder) NewCommand() any { return &ShipOrder{} } // want NewCommand:`^no effects$`

// Handle is registered through CommandProcessor.AddHandler.
// TODO(engine): the task is what HandlerName() returns ("Refunder"); only
// Kind() is read as a task, so (watermill task "Refunder") is missing.
func (r Refunder) Handle(ctx context.Context, cmd any) error { // want Handle:`^effects: db_write/insert refunds$` `unguarded: handler disccqrs.Refunder.Handle repeats .*insert into refunds`
	_, err := r.DB.ExecContext(ctx, "insert into refunds(order_id) values ($1)", cmd.(*ShipOrder).ID)
	return err
}

func Wire(ep *cqrs.EventProcessor, cp *cqrs.CommandProcessor, gp *cqrs.EventGroupProcessor, db *sql.DB) error { // want Wire:`^no effects$`
	d := &Deps{DB: db}
	if err := ep.AddHandlers(cqrs.NewEventHandler("OnOrderPaid", d.OnOrderPaid)); err != nil {
		return err
	}
	if err := cp.AddHandlers(cqrs.NewCommandHandler("ShipOrder", d.HandleShipOrder)); err != nil {
		return err
	}
	if err := gp.AddHandlersGroup("billing", cqrs.NewGroupEventHandler(d.OnPaidBilling)); err != nil {
		return err
	}
	_, err := cp.AddHandler(Refunder{DB: db})
	return err
}
