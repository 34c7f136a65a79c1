package effectkinds

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/charge"
	"github.com/stripe/stripe-go/v82/refund"
)

// Money moves: critical, unless a key derived from the job is passed.

// Key stored into the embedded Params.IdempotencyKey field.
func (d *Deps) ChargeKeyed(ctx context.Context, t *asynq.Task) error { // want ChargeKeyed:`^effects: payment/charge stripe charges guarded=idempotency_key$`
	p := decode(t)
	params := &stripe.ChargeCreateParams{Amount: stripe.Int64(p.Amount), Currency: stripe.String("usd")}
	params.IdempotencyKey = stripe.String("charge:" + p.OrderID)
	_, err := d.Stripe.V1Charges.Create(ctx, params)
	return err
}

// Key in a composite literal.
// go/ssa builds the nested stripe.Params literal in a local and copies it in.
func (d *Deps) IntentKeyedLiteral(ctx context.Context, t *asynq.Task) error { // want IntentKeyedLiteral:`^effects: payment/charge stripe payment_intents guarded=idempotency_key$`
	p := decode(t)
	params := &stripe.PaymentIntentCreateParams{
		Params: stripe.Params{IdempotencyKey: stripe.String("intent:" + p.OrderID)},
		Amount: stripe.Int64(p.Amount),
	}
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, params)
	return err
}

// Key set with SetIdempotencyKey.
func (d *Deps) RefundKeyedSetter(ctx context.Context, t *asynq.Task) error { // want RefundKeyedSetter:`^effects: payment/refund stripe refunds guarded=idempotency_key$`
	p := decode(t)
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(p.OrderID)}
	params.SetIdempotencyKey("refund:" + p.OrderID)
	_, err := d.Stripe.V1Refunds.Create(ctx, params)
	return err
}

// No key: the SDK's own random key protects only its network retries.
func (d *Deps) PayoutUnkeyed(ctx context.Context, t *asynq.Task) error { // want PayoutUnkeyed:`^effects: payment/payout stripe payouts$` `unguarded: handler \(\*effectkinds.Deps\).PayoutUnkeyed \(asynq task "payout:unkeyed"\) .*: payment payout \(stripe payouts\) \(critical\) at \S*effectkinds/stripe.go:\d+ is not guarded`
	p := decode(t)
	_, err := d.Stripe.V1Payouts.Create(ctx, &stripe.PayoutCreateParams{Amount: stripe.Int64(p.Amount)})
	return err
}

// Random keys: random-key at the key; the effect is not reported again as
// unguarded.
func (d *Deps) TransferUUIDKey(ctx context.Context, t *asynq.Task) error { // want TransferUUIDKey:`^effects: payment/transfer stripe transfers issue=random-key$`
	p := decode(t)
	params := &stripe.TransferCreateParams{Amount: stripe.Int64(p.Amount)}
	params.IdempotencyKey = stripe.String(uuid.NewString()) // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString: .*payment transfer \(stripe transfers\)`
	_, err := d.Stripe.V1Transfers.Create(ctx, params)
	return err
}

func (d *Deps) IntentStripeRandomKey(ctx context.Context, t *asynq.Task) error { // want IntentStripeRandomKey:`^effects: payment/charge stripe payment_intents issue=random-key$`
	p := decode(t)
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(p.Amount)}
	params.SetIdempotencyKey(stripe.NewIdempotencyKey()) // want `random-key: idempotency key stripe.NewIdempotencyKey\(\) derives from stripe.NewIdempotencyKey: .*payment charge \(stripe payment_intents\)`
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, params)
	return err
}

func (d *Deps) ChargeTimeKey(ctx context.Context, t *asynq.Task) error { // want ChargeTimeKey:`^effects: payment/charge stripe charges issue=random-key$`
	p := decode(t)
	params := &stripe.ChargeCreateParams{Amount: stripe.Int64(p.Amount)}
	params.IdempotencyKey = stripe.String(p.OrderID + time.Now().String()) // want `random-key: idempotency key .* derives from time.Now: .*payment charge \(stripe charges\)`
	_, err := d.Stripe.V1Charges.Create(ctx, params)
	return err
}

// The legacy package-level API.
func (d *Deps) LegacyCharge(ctx context.Context, t *asynq.Task) error { // want LegacyCharge:`^effects: payment/charge stripe charges$` `unguarded: handler \(\*effectkinds.Deps\).LegacyCharge \(asynq task "charge:legacy"\) .*: payment charge \(stripe charges\) \(critical\)`
	p := decode(t)
	_, err := charge.New(&stripe.ChargeParams{Amount: stripe.Int64(p.Amount)})
	return err
}

func (d *Deps) LegacyRefundKeyed(ctx context.Context, t *asynq.Task) error { // want LegacyRefundKeyed:`^effects: payment/refund stripe refunds guarded=idempotency_key$`
	p := decode(t)
	params := &stripe.RefundParams{PaymentIntent: stripe.String(p.OrderID)}
	params.IdempotencyKey = stripe.String("refund:" + p.OrderID)
	_, err := refund.New(params)
	return err
}
