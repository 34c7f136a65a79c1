// Package enqueuefix covers starting more work from a handler: a Temporal
// workflow start is an effect (medium), guarded when its workflow ID comes
// from the job's data (a second start with that ID is refused), not when it
// is random; a signal is delivered again.
package enqueuefix

import (
	"context"

	"github.com/google/uuid"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

type Acts struct{ C client.Client }

func (a *Acts) StartBilling(ctx context.Context, customer string) error { // want StartBilling:`^effects: publish/start-workflow temporal @p0 guarded=idempotency_key$`
	_, err := a.C.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "billing-" + customer}, "Billing", customer)
	return err
}

func (a *Acts) StartAudit(ctx context.Context, customer string) error { // want StartAudit:`^effects: publish/start-workflow temporal @p0 issue=random-key$`
	_, err := a.C.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "audit-" + uuid.NewString()}, "Audit", customer) // want `random-key: idempotency key "audit-" \+ uuid.NewString\(\) derives from uuid.NewString`
	return err
}

func (a *Acts) Poke(ctx context.Context, id string) error { // want Poke:`^effects: publish/signal temporal @p0$` `unguarded: handler \(\*enqueuefix.Acts\).Poke \(temporal task "Poke"\) repeats .*publish signal \(temporal\) \(medium\)`
	return a.C.SignalWorkflow(ctx, id, "", "poke", nil)
}

func Register(w worker.Worker, a *Acts) { // want Register:"no effects"
	w.RegisterActivity(a)
}
