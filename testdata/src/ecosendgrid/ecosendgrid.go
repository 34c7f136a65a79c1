// Package ecosendgrid covers sendgrid-go: Client.Send is an email (high);
// the generic API request calls are unknown (the endpoint is not read).
package ecosendgrid

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/sendgrid/sendgrid-go"
	"github.com/sendgrid/sendgrid-go/helpers/mail"
)

type Deps struct{ SG *sendgrid.Client }

func (d *Deps) Welcome(ctx context.Context, t *asynq.Task) error { // want Welcome:`^effects: email/send sendgrid$` `unguarded: handler \(\*ecosendgrid.Deps\).Welcome .*email send \(sendgrid\) \(high\)`
	m := mail.NewSingleEmail(mail.NewEmail("Shop", "shop@example.com"), "Welcome", mail.NewEmail("", string(t.Payload())), "hi", "<p>hi</p>")
	_, err := d.SG.SendWithContext(ctx, m)
	return err
}

func (d *Deps) Receipt(ctx context.Context, t *asynq.Task) error { // want Receipt:`^effects: email/send sendgrid$` `unguarded: handler \(\*ecosendgrid.Deps\).Receipt .*email send \(sendgrid\) \(high\)`
	_, err := d.SG.Send(mail.NewV3Mail())
	return err
}

// Generic posts to /v3/mail/send through the low-level API.
// Correct: email/send sendgrid (high).
// TODO(engine): the endpoint is the second argument of GetRequest, stored
// in the rest.Request value handed to API; models cannot follow a value
// from one call to another's argument, so the call is http/unknown.
func (d *Deps) Generic(ctx context.Context, t *asynq.Task) error { // want Generic:`^effects: http/unknown sendgrid$`
	req := sendgrid.GetRequest("key", "/v3/mail/send", "https://api.sendgrid.com")
	req.Method = "POST"
	_, err := sendgrid.API(req)
	return err
}
