package main

import (
	"github.com/hibiken/asynq"

	"globalifacewhole/jobs"
	"globalifacewhole/logx"
)

func main() {
	logx.Log = &logx.Quiet{Prefix: "worker: "}
	logx.Alerts = &logx.Hook{URL: "https://alerts.example.com"}
	mux := asynq.NewServeMux()
	mux.HandleFunc("log", jobs.HandleLog)
	mux.HandleFunc("alert", jobs.HandleAlert)
	mux.HandleFunc("other", jobs.HandleOther)
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: "localhost:6379"}, asynq.Config{})
	_ = srv.Run(mux)
}
