// Stub of github.com/stripe/stripe-go/v82@v82.5.1 for analysistest: declarations mirror the real API; bodies are empty.

// Package payout provides the /v1/payouts APIs (legacy, deprecated package-level API).
package payout

import (
	stripe "github.com/stripe/stripe-go/v82"
)

// Client is used to invoke the APIs.
// Deprecated: Use [stripe.Client] instead.
type Client struct {
	B   stripe.Backend
	Key string
}

func New(params *stripe.PayoutParams) (*stripe.Payout, error) { return getC().New(params) }
func Get(id string, params *stripe.PayoutParams) (*stripe.Payout, error) {
	return getC().Get(id, params)
}
func Update(id string, params *stripe.PayoutParams) (*stripe.Payout, error) {
	return getC().Update(id, params)
}
func Cancel(id string, params *stripe.PayoutParams) (*stripe.Payout, error) {
	return getC().Cancel(id, params)
}
func Reverse(id string, params *stripe.PayoutReverseParams) (*stripe.Payout, error) {
	return getC().Reverse(id, params)
}

func (c Client) New(params *stripe.PayoutParams) (*stripe.Payout, error) {
	return &stripe.Payout{}, nil
}
func (c Client) Get(id string, params *stripe.PayoutParams) (*stripe.Payout, error) {
	return &stripe.Payout{}, nil
}
func (c Client) Update(id string, params *stripe.PayoutParams) (*stripe.Payout, error) {
	return &stripe.Payout{}, nil
}
func (c Client) Cancel(id string, params *stripe.PayoutParams) (*stripe.Payout, error) {
	return &stripe.Payout{}, nil
}
func (c Client) Reverse(id string, params *stripe.PayoutReverseParams) (*stripe.Payout, error) {
	return &stripe.Payout{}, nil
}

func getC() Client { return Client{stripe.GetBackend(stripe.APIBackend), stripe.Key} }
