// Package machv1 is a machinery v1 worker (package
// github.com/RichardKnop/machinery/v1 of the module
// github.com/RichardKnop/machinery v1.10.6, the API of v2 under another
// path) on Redis: RegisterTasks with a map of task name → function, and
// RegisterTask. record_payment inserts a payment row (repeats on a second
// delivery), set_status sets a status (the same row either way), fan_out
// sends a record_payment task per order with SendTask (an enqueue).
package machv1

import (
	"context"

	machinery "github.com/RichardKnop/machinery/v1"
	"github.com/RichardKnop/machinery/v1/config"
	"github.com/RichardKnop/machinery/v1/tasks"

	"example.com/consumers/internal/store"
)

var (
	st     *store.Store
	server *machinery.Server
)

// RecordPayment inserts a payment.
func RecordPayment(ctx context.Context, orderID string, amount int64) error {
	return st.AddPayment(ctx, orderID, amount)
}

// SetStatus sets an order's status.
func SetStatus(ctx context.Context, orderID, status string) error {
	return st.SetStatus(ctx, orderID, status)
}

// FanOut sends a record_payment task per order.
func FanOut(orderIDs []string) error {
	for _, id := range orderIDs {
		sig := &tasks.Signature{Name: "record_payment", Args: []tasks.Arg{{Type: "string", Value: id}, {Type: "int64", Value: 100}}}
		if _, err := server.SendTask(sig); err != nil {
			return err
		}
	}
	return nil
}

// Start registers the tasks and runs the worker.
func Start(s *store.Store) error {
	st = s
	var err error
	server, err = machinery.NewServer(&config.Config{Broker: "redis://localhost:6379", DefaultQueue: "machinery_tasks", ResultBackend: "redis://localhost:6379"})
	if err != nil {
		return err
	}
	if err := server.RegisterTasks(map[string]interface{}{
		"record_payment": RecordPayment,
		"set_status":     SetStatus,
	}); err != nil {
		return err
	}
	if err := server.RegisterTask("fan_out", FanOut); err != nil {
		return err
	}
	return server.NewWorker("machv1", 2).Launch()
}
