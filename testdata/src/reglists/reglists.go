// Package reglists registers Temporal activities and workflows from
// []interface{} lists: ranged over and handed to a local registrar, to the
// application's service interface (two interface layers, in other
// packages, before worker.Worker), and built per queue in a function that
// returns them in a struct for another to range over. Each element is a
// handler named by Temporal's rule (the method's or function's name); an
// element of no handler's shape (a string) is none.
package reglists

import (
	"context"
	"database/sql"
	"time"

	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"reglists/tapi"
	"reglists/tservice"
	"reglists/tworker"
)

var db *sql.DB

// Billing holds the billing activities.
type Billing struct{}

func (b *Billing) Charge(ctx context.Context, id string) error { // want Charge:`^effects: db_write/insert charges$` `unguarded: handler \(\*reglists.Billing\).Charge \(temporal task "Charge"\) .*insert into charges`
	_, err := db.ExecContext(ctx, "insert into charges(id) values ($1)", id)
	return err
}

func (b *Billing) Refund(ctx context.Context, id string) error { // want Refund:`^effects: db_write/insert refunds$` `unguarded: handler \(\*reglists.Billing\).Refund \(temporal task "Refund"\) .*insert into refunds`
	_, err := db.ExecContext(ctx, "insert into refunds(id) values ($1)", id)
	return err
}

// Ledger holds the ledger activities.
type Ledger struct{}

func (l *Ledger) Post(ctx context.Context, id string) error { // want Post:`^effects: db_write/insert ledger$` `unguarded: handler \(\*reglists.Ledger\).Post \(temporal task "Post"\) .*insert into ledger`
	_, err := db.ExecContext(ctx, "insert into ledger(id) values ($1)", id)
	return err
}

// Tasks holds the task activities.
type Tasks struct{}

func (t *Tasks) Process(ctx context.Context, id string) error { // want Process:`^effects: db_write/insert task_runs$` `unguarded: handler \(\*reglists.Tasks\).Process \(temporal task "Process"\) .*insert into task_runs`
	_, err := db.ExecContext(ctx, "insert into task_runs(id) values ($1)", id)
	return err
}

// Notify is an activity function.
func Notify(ctx context.Context, id string) error { // want Notify:`^effects: db_write/insert notices$` `unguarded: handler reglists.Notify \(temporal task "Notify"\) .*insert into notices`
	_, err := db.ExecContext(ctx, "insert into notices(id) values ($1)", id)
	return err
}

// BillingWorkflow only waits.
func BillingWorkflow(ctx workflow.Context, id string) error { // want BillingWorkflow:"no effects"
	return workflow.Sleep(ctx, time.Hour)
}

// TaskWorkflow only waits.
func TaskWorkflow(ctx workflow.Context, id string) error { // want TaskWorkflow:"no effects"
	return workflow.Sleep(ctx, time.Minute)
}

// register is a local registrar.
func register(w worker.Worker, a interface{}) { // want register:"no effects" register:`forwards`
	w.RegisterActivity(a)
}

// RegisterDirect ranges over a literal of method values.
func RegisterDirect(w worker.Worker) { // want RegisterDirect:"no effects"
	b := &Billing{}
	for _, a := range []interface{}{b.Charge, b.Refund} {
		register(w, a)
	}
}

// Audit holds the audit activities.
type Audit struct{}

func (a *Audit) Write(ctx context.Context, id string) error { // want Write:`^effects: db_write/insert audit$` `unguarded: handler \(\*reglists.Audit\).Write \(temporal task "Write"\) .*insert into audit`
	_, err := db.ExecContext(ctx, "insert into audit(id) values ($1)", id)
	return err
}

// RegisterHelper hands a list to another package's helper that ranges
// over it.
func RegisterHelper(w worker.Worker) { // want RegisterHelper:"no effects"
	a := &Audit{}
	tworker.RegisterActivities(w, a.Write, "not-a-handler")
}

// Archive holds the archive activities.
type Archive struct{}

func (a *Archive) Store(ctx context.Context, id string) error { // want Store:`^effects: db_write/insert archive$` `unguarded: handler \(\*reglists.Archive\).Store \(temporal task "Store"\) .*insert into archive`
	_, err := db.ExecContext(ctx, "insert into archive(id) values ($1)", id)
	return err
}

// RegisterAPI registers through an interface of one package implemented
// in another.
func RegisterAPI(r tapi.Registrar) { // want RegisterAPI:`^effects: dynamic_call/call \(tapi.Registrar\).Register$`
	ar := &Archive{}
	for _, a := range []interface{}{ar.Store} {
		r.Register(a)
	}
}

// RegisterService ranges over a literal through the service interface.
func RegisterService(svc tservice.Service) error { // want RegisterService:`^effects: dynamic_call/call \(tservice.Service\).RegisterActivity$`
	l := &Ledger{}
	for _, a := range []interface{}{l.Post, Notify, "not-a-handler"} {
		if err := svc.RegisterActivity("ledger", a); err != nil {
			return err
		}
	}
	return nil
}

// queueConfig is what one task queue registers.
type queueConfig struct {
	Queue      string
	Workflows  []interface{}
	Activities []interface{}
}

// buildConfig builds the lists of a queue.
func buildConfig(queue string, b *Billing, t *Tasks) queueConfig { // want buildConfig:"no effects"
	workflows := []interface{}{}
	activities := []interface{}{}
	switch queue {
	case "billing":
		workflows = append(workflows, BillingWorkflow)
		activities = append(activities, b.Charge)
	case "tasks":
		workflows = append(workflows, TaskWorkflow)
		activities = append(activities, t.Process)
	}
	return queueConfig{Queue: queue, Workflows: workflows, Activities: activities}
}

// registerQueue ranges over a queue's lists.
func registerQueue(svc tservice.Service, cfg queueConfig) error { // want registerQueue:`^effects: dynamic_call/call \(tservice.Service\).RegisterWorkflow; dynamic_call/call \(tservice.Service\).RegisterActivity$`
	for _, wf := range cfg.Workflows {
		if err := svc.RegisterWorkflow(cfg.Queue, wf); err != nil {
			return err
		}
	}
	for _, a := range cfg.Activities {
		if err := svc.RegisterActivity(cfg.Queue, a); err != nil {
			return err
		}
	}
	return nil
}

// RegisterAll registers every queue.
func RegisterAll(svc tservice.Service) error { // want RegisterAll:`^effects: dynamic_call/call \(tservice.Service\).RegisterWorkflow; dynamic_call/call \(tservice.Service\).RegisterActivity$`
	b, t := &Billing{}, &Tasks{}
	for _, q := range []string{"billing", "tasks"} {
		if err := registerQueue(svc, buildConfig(q, b, t)); err != nil {
			return err
		}
	}
	return nil
}
