package main

import (
	"log"

	"github.com/hibiken/asynq"

	"example.com/saas/jobs"
)

func main() {
	d := &jobs.Deps{}
	mux := asynq.NewServeMux()
	mux.HandleFunc("order:announce", d.Announce)
	mux.HandleFunc("user:welcome", d.Welcome)
	mux.HandleFunc("report:daily", d.Report)
	mux.HandleFunc("file:upload", d.Upload)
	mux.HandleFunc("text:summarize", d.Summarize)
	n := &jobs.Notifiers{}
	mux.HandleFunc("order:receipt", n.Receipt)
	mux.HandleFunc("order:invoice", n.Invoice)
	mux.HandleFunc("cart:reminder", n.Reminder)
	mux.HandleFunc("user:digest", n.Digest)
	mux.HandleFunc("check:page", n.Page)
	mux.HandleFunc("check:page-always", n.PageEveryTime)
	mux.HandleFunc("order:invoice-fresh", n.InvoiceFreshKey)
	mux.HandleFunc("order:invoice-task", n.InvoiceTaskKey)
	mux.HandleFunc("order:parse", jobs.ParseOrder)
	mux.HandleFunc("hook:fire", jobs.FireHook)
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: "localhost:6379"}, asynq.Config{})
	if err := srv.Run(mux); err != nil {
		log.Fatal(err)
	}
}
