package main

import (
	"log"
	"net/http"
	"os"

	"github.com/hibiken/asynq"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"example.com/routes/jobs"
	"example.com/routes/ordersv1"
)

func main() {
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, asynq.Config{})
	mux := asynq.NewServeMux()
	conn, err := grpc.NewClient(os.Getenv("ORDERS_GRPC"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		log.Fatal(err)
	}
	w := &jobs.Worker{OrdersURL: os.Getenv("ORDERS_URL"), Client: http.DefaultClient, Orders: ordersv1.NewOrdersClient(conn)}
	jobs.Register(mux, w)
	jobs.RegisterRemote(mux, w)
	log.Fatal(srv.Run(mux))
}
