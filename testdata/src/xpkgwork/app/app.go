// Package app registers the handlers whose work package work holds.
package app

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"xpkgwork/work"
)

// Start delegates the whole delivery to work.Record.
func Start() {
	lambda.Start(func(ctx context.Context, ev events.SQSEvent) error { // want `unguarded: handler app.Start.func1 repeats .*insert into receipts .*path: xpkgwork/app/app.go:19 app.Start.func1 → xpkgwork/work/work.go:\d+ work.Record`
		return work.Record(ctx, ev)
	})
}

// Dispatcher is how Consume hands a message on.
type Dispatcher interface {
	Handle(m *message.Message) error
}

var dispatcher Dispatcher = work.Sender{}

// Consume is registered; it runs work.Sender's Handle through the
// interface and calls work.Audit, a registered handler too.
func Consume(m *message.Message) error { // want `unguarded: handler app.Consume \(watermill task "orders"\) repeats .*insert into sent .*nor are 1 other effects; path: xpkgwork/app/app.go:33 app.Consume → xpkgwork/work/work.go:44 work.Sender.Handle`
	if err := dispatcher.Handle(m); err != nil {
		return err
	}
	return work.Audit(m)
}

// Wire registers Consume and work.Audit.
func Wire(r *message.Router, sub message.Subscriber) {
	r.AddNoPublisherHandler("orders", "orders", sub, Consume)
	r.AddNoPublisherHandler("audit", "audit", sub, work.Audit)
}

// OrderWorkflow runs work.Steps as its own code.
func OrderWorkflow(ctx workflow.Context, order string) error {
	return work.Steps(ctx, order)
}

// Register registers OrderWorkflow.
func Register(w worker.Worker) {
	w.RegisterWorkflow(OrderWorkflow)
}
