// Package work holds functions of the shape discovery takes for a handler
// on its own (a weak candidate takes a message or event type; a workflow
// helper takes workflow.Context) that handlers of package app run: they
// are those handlers' work, dropped as handlers by the whole program
// (their package cannot see the calls). Near misses stay handlers: one
// nothing calls (of each shape), and a registered one another handler
// also calls.
package work

import (
	"context"
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-lambda-go/events"
	"go.temporal.io/sdk/workflow"
)

var db *sql.DB

// Record is what app's Lambda closure delegates each delivery to: the
// closure's work, and its insert is reported on the closure.
func Record(ctx context.Context, ev events.SQSEvent) error {
	for _, rec := range ev.Records {
		if _, err := db.ExecContext(ctx, "insert into receipts(id) values ($1)", rec.MessageId); err != nil {
			return err
		}
	}
	return nil
}

// Orphan has Record's shape but nothing calls it: still a (weak) handler.
func Orphan(ctx context.Context, ev events.SQSEvent) error { // want `unguarded: handler work.Orphan repeats .*insert into orphans`
	_, err := db.ExecContext(ctx, "insert into orphans(n) values ($1)", len(ev.Records))
	return err
}

// Sender is reached only through app.Dispatcher, an interface a
// registered handler calls.
type Sender struct{}

// Handle takes a message: a weak candidate, the work of app.Consume.
func (Sender) Handle(m *message.Message) error {
	_, err := db.Exec("insert into sent(id) values ($1)", m.UUID)
	return err
}

// Audit takes a message and app.Consume calls it, but app.Wire registers
// it with a router: a handler of its own.
func Audit(m *message.Message) error { // want `unguarded: handler work.Audit repeats .*insert into audits`
	_, err := db.Exec("insert into audits(id) values ($1)", m.UUID)
	return err
}

// Steps is a workflow helper app.OrderWorkflow calls: its code.
func Steps(ctx workflow.Context, order string) error {
	return workflow.Sleep(ctx, 0)
}

// Stamp is a workflow helper nothing calls: still listed.
func Stamp(ctx workflow.Context, order string) error {
	return workflow.Sleep(ctx, 0)
}
