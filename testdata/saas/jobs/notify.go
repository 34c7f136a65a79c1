package jobs

import (
	"context"

	"github.com/PagerDuty/go-pagerduty"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/mailgun/mailgun-go/v4"
	"github.com/mrz1836/postmark"
	"github.com/resend/resend-go/v2"
)

type Notifiers struct {
	Mailgun  mailgun.Mailgun
	Resend   *resend.Client
	Postmark *postmark.Client
	PD       *pagerduty.Client
}

// Receipt mails through Mailgun, which takes no idempotency key: a second
// delivery mails again.
func (n *Notifiers) Receipt(ctx context.Context, t *asynq.Task) error {
	m := mailgun.NewMessage("shop@example.com", "receipt", "thanks", string(t.Payload()))
	_, _, err := n.Mailgun.Send(ctx, m)
	return err
}

// Invoice mails through Resend with an idempotency key from the order: a
// second delivery is deduplicated by Resend.
func (n *Notifiers) Invoice(ctx context.Context, t *asynq.Task) error {
	order := string(t.Payload())
	_, err := n.Resend.Emails.SendWithOptions(ctx, &resend.SendEmailRequest{
		From: "shop@example.com", To: []string{"customer@example.com"}, Subject: "invoice " + order,
	}, &resend.SendEmailOptions{IdempotencyKey: "invoice-" + order})
	return err
}

// Reminder mails through Resend without a key.
func (n *Notifiers) Reminder(ctx context.Context, t *asynq.Task) error {
	_, err := n.Resend.Emails.SendWithContext(ctx, &resend.SendEmailRequest{
		From: "shop@example.com", To: []string{string(t.Payload())}, Subject: "reminder",
	})
	return err
}

// Digest mails through Postmark, which takes no idempotency key.
func (n *Notifiers) Digest(ctx context.Context, t *asynq.Task) error {
	_, err := n.Postmark.SendEmail(ctx, postmark.Email{From: "shop@example.com", To: string(t.Payload()), Subject: "digest"})
	return err
}

// Page triggers a PagerDuty alert deduplicated by the check's name.
func (n *Notifiers) Page(ctx context.Context, t *asynq.Task) error {
	_, err := n.PD.ManageEventWithContext(ctx, &pagerduty.V2Event{
		RoutingKey: "routing", Action: "trigger", DedupKey: "check-" + string(t.Payload()),
		Payload: &pagerduty.V2Payload{Summary: "check failed", Source: "worker", Severity: "error"},
	})
	return err
}

// PageEveryTime uses a fresh dedup key: every delivery is a new alert.
func (n *Notifiers) PageEveryTime(ctx context.Context, t *asynq.Task) error {
	_, err := n.PD.ManageEventWithContext(ctx, &pagerduty.V2Event{
		RoutingKey: "routing", Action: "trigger", DedupKey: uuid.NewString(),
		Payload: &pagerduty.V2Payload{Summary: string(t.Payload()), Source: "worker", Severity: "error"},
	})
	return err
}

// sendInvoice mails an invoice through Resend with the key its caller
// gives: whether a second delivery is deduplicated depends on the caller.
func (n *Notifiers) sendInvoice(ctx context.Context, order, key string) error {
	_, err := n.Resend.Emails.SendWithOptions(ctx, &resend.SendEmailRequest{
		From: "shop@example.com", To: []string{"customer@example.com"}, Subject: "invoice " + order,
	}, &resend.SendEmailOptions{IdempotencyKey: key})
	return err
}

// InvoiceFreshKey passes a new key on every delivery: random-key, here
// where it is made.
func (n *Notifiers) InvoiceFreshKey(ctx context.Context, t *asynq.Task) error {
	return n.sendInvoice(ctx, string(t.Payload()), uuid.NewString())
}

// InvoiceTaskKey passes the task's ID: the same on every retry.
func (n *Notifiers) InvoiceTaskKey(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return n.sendInvoice(ctx, string(t.Payload()), "invoice-"+id)
}
