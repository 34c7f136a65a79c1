package main

import (
	"database/sql"
	"log"
	"net"
	"net/http"
	"os"

	"google.golang.org/grpc"

	"example.com/routes/api"
	"example.com/routes/billing"
	"example.com/routes/ordersv1"
)

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	s := grpc.NewServer()
	ordersv1.RegisterOrdersServer(s, &api.OrdersServer{DB: db})
	lis, err := net.Listen("tcp", ":9090")
	if err != nil {
		log.Fatal(err)
	}
	go s.Serve(lis)
	a := &api.API{DB: db, Tally: map[string]int{}}
	inv := &api.Invoicing{DB: db, Billing: &billing.Ledger{DB: db}}
	go func() { log.Fatal(http.ListenAndServe(":8081", inv.Routes())) }()
	log.Fatal(http.ListenAndServe(":8080", a.Routes()))
}
