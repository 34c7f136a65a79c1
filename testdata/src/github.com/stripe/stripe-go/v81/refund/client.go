// Stub of github.com/stripe/stripe-go/v81/refund for analysistest.
package refund

import stripe "github.com/stripe/stripe-go/v81"

func New(params *stripe.RefundParams) (*stripe.Refund, error) { return &stripe.Refund{}, nil }
func Get(id string, params *stripe.RefundParams) (*stripe.Refund, error) {
	return &stripe.Refund{}, nil
}
