// Package ecotwilio covers twilio-go: an SMS or a phone call reaches the
// user (high); the Messages API has no idempotency key.
package ecotwilio

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/twilio/twilio-go"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"
)

type Deps struct{ Twilio *twilio.RestClient }

func (d *Deps) Notify(ctx context.Context, t *asynq.Task) error { // want Notify:`^effects: sms/send twilio$` `unguarded: handler \(\*ecotwilio.Deps\).Notify .*sms send \(twilio\) \(high\)`
	params := &openapi.CreateMessageParams{}
	params.SetTo(string(t.Payload()))
	_, err := d.Twilio.Api.CreateMessage(params)
	return err
}

func (d *Deps) Call(ctx context.Context, t *asynq.Task) error { // want Call:`^effects: sms/call twilio$` `unguarded: handler \(\*ecotwilio.Deps\).Call .*sms call \(twilio\) \(high\)`
	_, err := d.Twilio.Api.CreateCall((&openapi.CreateCallParams{}).SetTo(string(t.Payload())))
	return err
}
