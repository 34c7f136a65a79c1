// Package app wires them: one make(chan …) handed to the consumer and to
// the service (their fields are the same channel), and two different makes
// for the audit and the archiver (not linked).
package app

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"chanalias/broker"
	"chanalias/model"
	"chanalias/service"
)

func Main(ctx context.Context, db *sql.DB, mux *asynq.ServeMux) { // want Main:`^effects: db_write/insert orders; db_write/insert archive$`
	orders := make(chan model.Order, 4)
	c := broker.New(orders)
	s := service.NewService(db, orders)
	go s.Run(ctx)
	mux.HandleFunc("order", c.Handle)

	a := broker.NewAudit(make(chan model.Order))
	ar := service.NewArchiver(db, make(chan model.Order))
	go ar.Run(ctx)
	mux.HandleFunc("audit", a.Handle)
}
