// Package worker is a Lambda function of the invokefix program: it reads
// the item its event names and returns it. The dispatcher (invokefix/app)
// invokes it by a name from its configuration.
package worker

import (
	"context"
	"database/sql"

	"github.com/aws/aws-lambda-go/lambda"
)

type Handler struct{ DB *sql.DB }

type Event struct{ ID string }

type Item struct{ Name string }

func (h *Handler) Handle(ctx context.Context, ev Event) (Item, error) {
	var it Item
	err := h.DB.QueryRowContext(ctx, "select name from items where id = $1", ev.ID).Scan(&it.Name)
	return it, err
}

// Main is the function's entry point (cmd/worker's main).
func Main(db *sql.DB) {
	h := &Handler{DB: db}
	lambda.Start(h.Handle)
}
