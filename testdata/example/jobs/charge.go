package jobs

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"
)

// paymentIntent builds the confirmed, off-session PaymentIntent for p.
func paymentIntent(p ChargePayload) *stripe.PaymentIntentCreateParams {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(p.Amount),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		Customer:      stripe.String(p.Customer),
		PaymentMethod: stripe.String(p.PaymentMethod),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
	}
	params.AddMetadata("order_id", p.OrderID)
	return params
}

// ChargeKeyed charges with an idempotency key derived from the order, so
// Stripe returns the original PaymentIntent on a redelivery.
func (d *Deps) ChargeKeyed(ctx context.Context, t *asynq.Task) error {
	var p ChargePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	params := paymentIntent(p)
	params.SetIdempotencyKey("charge:" + p.OrderID)
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, params)
	return err
}

// ChargeUnkeyed charges with no idempotency key: every delivery charges again.
func (d *Deps) ChargeUnkeyed(ctx context.Context, t *asynq.Task) error {
	var p ChargePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, paymentIntent(p))
	return err
}

// ChargeRandomKey charges with a fresh random key per delivery, which protects
// only the SDK's own network retries, not a redelivered job.
func (d *Deps) ChargeRandomKey(ctx context.Context, t *asynq.Task) error {
	var p ChargePayload
	if err := decode(t, &p); err != nil {
		return err
	}
	params := paymentIntent(p)
	params.IdempotencyKey = stripe.String(stripe.NewIdempotencyKey())
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, params)
	return err
}
