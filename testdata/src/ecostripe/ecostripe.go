// Package ecostripe covers the stripe-go v82 entries added beyond
// effectkinds/stripe.go that the stub declares: payout reversals (money
// back: critical), through the client and the package API, keyed and not.
// (Invoice items, top-ups, credit notes, balance transactions, meter
// events, SendInvoice and the other added services are checked against
// the real module's declarations, not here: the stub does not declare
// them.)
package ecostripe

import (
	"context"

	"github.com/hibiken/asynq"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/payout"
)

type Deps struct{ Stripe *stripe.Client }

func (d *Deps) Reverse(ctx context.Context, t *asynq.Task) error { // want Reverse:`^effects: payment/refund stripe payouts$` `unguarded: handler \(\*ecostripe.Deps\).Reverse .*payment refund \(stripe payouts\) \(critical\)`
	_, err := d.Stripe.V1Payouts.Reverse(ctx, t.Type(), &stripe.PayoutReverseParams{})
	return err
}

func (d *Deps) ReverseKeyed(ctx context.Context, t *asynq.Task) error { // want ReverseKeyed:`^effects: payment/refund stripe payouts guarded=idempotency_key$`
	params := &stripe.PayoutReverseParams{}
	params.SetIdempotencyKey("reverse:" + t.Type())
	_, err := d.Stripe.V1Payouts.Reverse(ctx, t.Type(), params)
	return err
}

func (d *Deps) ReverseLegacy(ctx context.Context, t *asynq.Task) error { // want ReverseLegacy:`^effects: payment/refund stripe payouts$` `unguarded: handler \(\*ecostripe.Deps\).ReverseLegacy .*payment refund \(stripe payouts\) \(critical\)`
	_, err := payout.Reverse(t.Type(), &stripe.PayoutReverseParams{})
	return err
}
