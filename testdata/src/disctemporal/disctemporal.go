// Package disctemporal covers Temporal beyond activity registration:
// functions run with workflow.ExecuteLocalActivity are handlers (they
// need no registration; the task is the function's name), and workflow
// functions (workflow.Context first) are replayed, so an effect made
// directly in one is reported as workflow-side-effect; effects inside the
// activities a workflow executes are not the workflow's, and neither are
// effects inside workflow.SideEffect (recorded once in the history).
package disctemporal

import (
	"context"
	"database/sql"
	"time"

	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

var db *sql.DB

// Notify runs as a local activity.
func Notify(ctx context.Context, order string) error { // want Notify:`^effects: db_write/insert notifications$` `unguarded: handler disctemporal.Notify \(temporal task "Notify"\) .*insert into notifications`
	_, err := db.ExecContext(ctx, "insert into notifications(order_id) values ($1)", order)
	return err
}

// Charge, registered elsewhere, is an activity: a workflow executes it.
func Charge(ctx context.Context, order string) error { // want Charge:`^effects: db_write/insert charges$` `unguarded: handler disctemporal.Charge \(temporal task "Charge"\) .*insert into charges`
	_, err := db.ExecContext(ctx, "insert into charges(order_id) values ($1)", order)
	return err
}

// OrderWorkflow only executes activities: no effect of its own.
func OrderWorkflow(ctx workflow.Context, order string) error { // want OrderWorkflow:`^no effects$`
	ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{StartToCloseTimeout: time.Second})
	if err := workflow.ExecuteLocalActivity(ctx, Notify, order).Get(ctx, nil); err != nil {
		return err
	}
	// Temporal names a function by the last segment of its runtime name.
	f := workflow.ExecuteLocalActivity(ctx, func(ctx context.Context, order string) error { // want `unguarded: handler disctemporal.OrderWorkflow.func1 \(temporal task "func1"\) .*insert into local_audit`
		_, err := db.ExecContext(ctx, "insert into local_audit(order_id) values ($1)", order)
		return err
	}, order)
	if err := f.Get(ctx, nil); err != nil {
		return err
	}
	// An activity named by a string runs the one registered under that
	// name: not an unresolved registration.
	if err := workflow.ExecuteActivity(ctx, "Charge", order).Get(ctx, nil); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, Charge, order).Get(ctx, nil)
}

// LeakyWorkflow writes from workflow code: every replay writes again.
func LeakyWorkflow(ctx workflow.Context, order string) error { // want LeakyWorkflow:`^effects: db_write/insert audit_log$` `workflow-side-effect: workflow disctemporal.LeakyWorkflow performs insert into audit_log \(medium\) at disctemporal/disctemporal.go:57 directly`
	_, err := db.Exec("insert into audit_log(order_id) values ($1)", order)
	return err
}

func Register(w worker.Worker) { // want Register:`^no effects$`
	w.RegisterWorkflow(OrderWorkflow)
	w.RegisterWorkflow(LeakyWorkflow)
	w.RegisterWorkflow(StampWorkflow)
}

// StampWorkflow calls a helper that takes the workflow context and writes.
func StampWorkflow(ctx workflow.Context, order string) error { // want StampWorkflow:`^effects: db_write/insert stamps$` `workflow-side-effect: workflow disctemporal.StampWorkflow performs insert into stamps .*path: disctemporal/disctemporal.go:69 disctemporal.StampWorkflow → disctemporal/disctemporal.go:75 disctemporal.stamp`
	return stamp(ctx, order)
}

// stamp is not a workflow, only a helper of one: its write is reported
// once, at StampWorkflow.
func stamp(ctx workflow.Context, order string) error { // want stamp:`^effects: db_write/insert stamps$`
	_, err := db.Exec("insert into stamps(order_id) values ($1)", order)
	return err
}

// IDWorkflow makes its effect inside SideEffect: run once, recorded, not
// repeated on replay.
func IDWorkflow(ctx workflow.Context) (string, error) { // want IDWorkflow:`^no effects$`
	var id string
	err := workflow.SideEffect(ctx, func(ctx workflow.Context) any {
		var out string
		_ = db.QueryRow("insert into ids default values returning id").Scan(&out)
		return out
	}).Get(&id)
	return id, err
}
