package effectkinds

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/charge"
	"github.com/stripe/stripe-go/v82/paymentintent"
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
		Params:  stripe.Params{IdempotencyKey: stripe.String("intent:" + p.OrderID)},
		Amount:  stripe.Int64(p.Amount),
		Confirm: stripe.Bool(true),
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

// A PaymentIntent created without confirm moves no money until it is
// confirmed (by the customer, with its client secret): a second delivery
// leaves a second unconfirmed intent at Stripe, a POST to another party
// (high), not a second charge.
func (d *Deps) IntentUnconfirmed(ctx context.Context, t *asynq.Task) error { // want IntentUnconfirmed:`^effects: http/post stripe payment_intents$` `unguarded: handler \(\*effectkinds.Deps\).IntentUnconfirmed \(asynq task "intent:unconfirmed"\) .*: http post \(stripe payment_intents\) \(high\) at \S*effectkinds/stripe.go:\d+ is not guarded \(creates a PaymentIntent without confirm: no money moves until it is confirmed`
	p := decode(t)
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(p.Amount), Currency: stripe.String("usd")}
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, params)
	return err
}

// Confirm set after the literal, on one path: the charge.
func (d *Deps) IntentConfirmedLater(ctx context.Context, t *asynq.Task) error { // want IntentConfirmedLater:`^effects: payment/charge stripe payment_intents$` `unguarded: handler \(\*effectkinds.Deps\).IntentConfirmedLater .*: payment charge \(stripe payment_intents\) \(critical\)`
	p := decode(t)
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(p.Amount)}
	if p.OrderID != "" {
		params.Confirm = stripe.Bool(true)
	}
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, params)
	return err
}

// Params a helper was given may have been confirmed there: the charge.
func (d *Deps) IntentHelperParams(ctx context.Context, t *asynq.Task) error { // want IntentHelperParams:`^effects: payment/charge stripe payment_intents$` `unguarded: handler \(\*effectkinds.Deps\).IntentHelperParams .*: payment charge \(stripe payment_intents\) \(critical\)`
	p := decode(t)
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(p.Amount)}
	offSession(params)
	_, err := d.Stripe.V1PaymentIntents.Create(ctx, params)
	return err
}

func offSession(p *stripe.PaymentIntentCreateParams) { // want offSession:`^effects: memory_write/set .*OffSession holder=p0; memory_write/set .*Confirm holder=p0$`
	p.OffSession = stripe.Bool(true)
	p.Confirm = stripe.Bool(true)
}

// The legacy package API, unconfirmed: a POST (high).
func (d *Deps) LegacyIntentUnconfirmed(ctx context.Context, t *asynq.Task) error { // want LegacyIntentUnconfirmed:`^effects: http/post stripe payment_intents$` `unguarded: handler \(\*effectkinds.Deps\).LegacyIntentUnconfirmed .*: http post \(stripe payment_intents\) \(high\)`
	p := decode(t)
	_, err := paymentintent.New(&stripe.PaymentIntentParams{Amount: stripe.Int64(p.Amount), CaptureMethod: stripe.String("automatic")})
	return err
}
