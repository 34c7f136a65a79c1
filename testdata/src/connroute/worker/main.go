package main

import (
	"github.com/hibiken/asynq"

	"connroute/session"
)

func main() {
	m := session.NewManager([]string{"https://device.example.com/a"})
	mux := asynq.NewServeMux()
	mux.Handle("push", &session.Push{M: m})
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: "localhost:6379"}, asynq.Config{})
	_ = srv.Run(mux)
}
