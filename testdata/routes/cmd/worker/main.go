package main

import (
	"log"
	"net/http"
	"os"

	"github.com/hibiken/asynq"

	"example.com/routes/jobs"
)

func main() {
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, asynq.Config{})
	mux := asynq.NewServeMux()
	jobs.Register(mux, &jobs.Worker{OrdersURL: os.Getenv("ORDERS_URL"), Client: http.DefaultClient})
	log.Fatal(srv.Run(mux))
}
