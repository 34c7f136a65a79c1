// Stub of github.com/stripe/stripe-go/v82@v82.5.1 for analysistest: declarations mirror the real API; bodies are empty.

// Package charge provides the /v1/charges APIs (legacy, deprecated package-level API).
package charge

import (
	stripe "github.com/stripe/stripe-go/v82"
)

// Client is used to invoke the APIs.
// Deprecated: Use [stripe.Client] instead.
type Client struct {
	B   stripe.Backend
	Key string
}

func New(params *stripe.ChargeParams) (*stripe.Charge, error) { return getC().New(params) }
func Get(id string, params *stripe.ChargeParams) (*stripe.Charge, error) {
	return getC().Get(id, params)
}
func Update(id string, params *stripe.ChargeParams) (*stripe.Charge, error) {
	return getC().Update(id, params)
}
func Capture(id string, params *stripe.ChargeCaptureParams) (*stripe.Charge, error) {
	return getC().Capture(id, params)
}

func (c Client) New(params *stripe.ChargeParams) (*stripe.Charge, error) {
	return &stripe.Charge{}, nil
}
func (c Client) Get(id string, params *stripe.ChargeParams) (*stripe.Charge, error) {
	return &stripe.Charge{}, nil
}
func (c Client) Update(id string, params *stripe.ChargeParams) (*stripe.Charge, error) {
	return &stripe.Charge{}, nil
}
func (c Client) Capture(id string, params *stripe.ChargeCaptureParams) (*stripe.Charge, error) {
	return &stripe.Charge{}, nil
}

func getC() Client { return Client{stripe.GetBackend(stripe.APIBackend), stripe.Key} }
