// Stub of github.com/stripe/stripe-go/v82@v82.5.1 for analysistest: declarations mirror the real API; bodies are empty.

// Package paymentintent provides the /v1/payment_intents APIs (legacy, deprecated package-level API).
package paymentintent

import (
	stripe "github.com/stripe/stripe-go/v82"
)

// Client is used to invoke the APIs.
// Deprecated: Use [stripe.Client] instead.
type Client struct {
	B   stripe.Backend
	Key string
}

func New(params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return getC().New(params)
}
func Get(id string, params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return getC().Get(id, params)
}
func Update(id string, params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return getC().Update(id, params)
}
func Cancel(id string, params *stripe.PaymentIntentCancelParams) (*stripe.PaymentIntent, error) {
	return getC().Cancel(id, params)
}
func Capture(id string, params *stripe.PaymentIntentCaptureParams) (*stripe.PaymentIntent, error) {
	return getC().Capture(id, params)
}
func Confirm(id string, params *stripe.PaymentIntentConfirmParams) (*stripe.PaymentIntent, error) {
	return getC().Confirm(id, params)
}

func (c Client) New(params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{}, nil
}
func (c Client) Get(id string, params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{}, nil
}
func (c Client) Update(id string, params *stripe.PaymentIntentParams) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{}, nil
}
func (c Client) Cancel(id string, params *stripe.PaymentIntentCancelParams) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{}, nil
}
func (c Client) Capture(id string, params *stripe.PaymentIntentCaptureParams) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{}, nil
}
func (c Client) Confirm(id string, params *stripe.PaymentIntentConfirmParams) (*stripe.PaymentIntent, error) {
	return &stripe.PaymentIntent{}, nil
}

func getC() Client { return Client{stripe.GetBackend(stripe.APIBackend), stripe.Key} }
