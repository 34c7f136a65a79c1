// Package jobs holds the shop's background-job handlers.
package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"
)

// Deps carries what the asynq handlers need; the handlers are its methods.
type Deps struct {
	Pool   *pgxpool.Pool
	Stripe *stripe.Client
	// Notifier and Audit are wired in cmd/worker: which implementation
	// runs is only known to the whole program.
	Notifier Notifier
	Audit    func(ctx context.Context, msg string) error
}

// Notifier tells a partner about an event.
type Notifier interface {
	Notify(ctx context.Context, event string) error
}

// CreditPayload is the payload of the credit:* tasks.
type CreditPayload struct {
	OrderID string `json:"order_id"`
	Account int64  `json:"account"`
	Amount  int64  `json:"amount"`
}

// ShipmentPayload is the payload of shipment:upsert.
type ShipmentPayload struct {
	OrderID  string `json:"order_id"`
	Carrier  string `json:"carrier"`
	Tracking string `json:"tracking"`
}

// UserPayload is the payload of user:welcome.
type UserPayload struct {
	UserID int64 `json:"user_id"`
}

// ChargePayload is the payload of the charge:* tasks.
type ChargePayload struct {
	OrderID       string `json:"order_id"`
	Customer      string `json:"customer"`
	PaymentMethod string `json:"payment_method"`
	Amount        int64  `json:"amount"`
}

// decode unmarshals t's payload into v; a malformed payload is not retried.
func decode(t *asynq.Task, v any) error {
	if err := json.Unmarshal(t.Payload(), v); err != nil {
		return fmt.Errorf("%s: bad payload: %v: %w", t.Type(), err, asynq.SkipRetry)
	}
	return nil
}
