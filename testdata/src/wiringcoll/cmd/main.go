// Command cmd wires the use cases and registers the handlers: the push
// senders reach the handlers inside a dispatcher that keeps them in a map
// or a slice its constructor fills from its parameter, or that a method
// registers them in.
package main

import (
	"database/sql"

	"firebase.google.com/go/v4/messaging"
	"github.com/hibiken/asynq"

	"wiringcoll/fcm"
	"wiringcoll/handlers"
	"wiringcoll/push"
	"wiringcoll/store"
	"wiringcoll/usecase"
)

func main() {
	db, _ := sql.Open("postgres", "")
	fb := fcm.New(&messaging.Client{})
	mux := asynq.NewServeMux()

	h := handlers.NewHandlers(usecase.New(store.New(db), push.NewDispatcher(fb)))
	mux.HandleFunc("notify", h.HandleNotify)

	f := &handlers.Sender{Out: push.NewFanout([]push.Sender{fb})}
	mux.HandleFunc("fanout", f.HandleFanout)

	reg := push.NewRegistry()
	reg.Register("fcm", fb)
	r := &handlers.RegistrySender{Out: reg}
	mux.HandleFunc("registry", r.HandleRegistry)

	// Senders chosen at run time: go vet cannot tell which, and says where.
	p := &handlers.PoolSender{Out: push.NewPool(loadSenders())}
	mux.HandleFunc("pool", p.HandlePool)
}

// loadSenders picks the senders from the configuration.
func loadSenders() []push.Sender {
	return nil
}
