// Command cmd wires the jobs' dependencies and registers the handlers.
package main

import (
	"context"
	"database/sql"

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
}
