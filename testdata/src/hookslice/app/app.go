// Package app wires the logger's hooks and the handlers.
package app

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"hookslice/jobs"
	"hookslice/logx"
)

type detailKey struct{}

func Main(db *sql.DB) {
	l := logx.New()
	l.AddErrorMapper(func(ctx context.Context, err error) context.Context {
		return context.WithValue(ctx, detailKey{}, err.Error())
	})
	l.AddSink("db", func(ctx context.Context, msg string) {
		db.ExecContext(ctx, "insert into log_lines(msg) values ($1)", msg)
	})
	w := &jobs.Worker{DB: db, Log: l}
	mux := asynq.NewServeMux()
	mux.HandleFunc("purge", w.Purge)
	mux.HandleFunc("notify", w.Notify)
	mux.HandleFunc("expire", w.Expire)
}
