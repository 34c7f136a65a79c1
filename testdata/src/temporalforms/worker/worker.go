// Package worker registers Temporal activities: a function, a struct
// pointer (all exported methods, names prefixed by Options.Name) and a
// method value with an explicit name.
package worker

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"

	"temporalforms/activities"
)

func Register(w worker.Worker, pool *pgxpool.Pool) { // want Register:"no effects"
	w.RegisterActivity(activities.SendReceipt) // want `unguarded: handler activities.SendReceipt \(temporal task "SendReceipt"\) .*email send \(smtp\) \(high\)`
	acts := &activities.Activities{Pool: pool}
	w.RegisterActivityWithOptions(acts, activity.RegisterOptions{Name: "inventory."}) // want `unguarded: handler \(\*activities.Activities\).Reserve \(temporal task "inventory.Reserve"\)` `unguarded: handler \(\*activities.Activities\).Refund \(temporal task "inventory.Refund"\)`
	w.RegisterActivityWithOptions(acts.Refund, activity.RegisterOptions{Name: "refund-order"})
	ledger := &activities.Ledger{Pool: pool}
	w.RegisterActivityWithOptions(ledger.Post, activity.RegisterOptions{Name: "ledger-post"}) // want `unguarded: handler \(\*activities.Ledger\).Post \(temporal task "ledger-post"\)`
}
