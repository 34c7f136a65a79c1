// Command cmd wires the jobs' dependencies and registers the handlers.
package main

import (
	"context"
	"database/sql"
	"os"

	"github.com/hibiken/asynq"

	"wiringfix/impl"
	"wiringfix/jobs"
)

func main() {
	db, _ := sql.Open("postgres", "")
	deps := jobs.NewDeps(&impl.Poster{URL: "https://partner.example.com/hook"}, impl.NewStore(db))
	deps.Audit = func(ctx context.Context, msg string) error { return nil }
	deps.Payments = &impl.Payments{DB: db}
	mux := asynq.NewServeMux()
	mux.HandleFunc("notify", deps.Notify)
	mux.HandleFunc("save", deps.Save)
	mux.HandleFunc("quiet", deps.Quiet)
	mux.HandleFunc("local", deps.Local)
	mux.HandleFunc("pay", deps.Pay)
	billing := jobs.NewBilling(jobs.BillingDeps{Invoices: &impl.Invoices{DB: db}})
	mux.HandleFunc("invoice", billing.Invoice)
	deps.Alerter = chooseAlerter()
	mux.HandleFunc("alert", deps.Alert)
}

// chooseAlerter picks the alerter from the environment.
func chooseAlerter() jobs.Notifier {
	if os.Getenv("ALERTS") != "" {
		return &impl.Poster{URL: os.Getenv("ALERTS")}
	}
	return nil
}
