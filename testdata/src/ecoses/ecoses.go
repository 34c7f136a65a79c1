// Package ecoses covers Amazon SES v1 and v2 (aws-sdk-go-v2): every send
// is a user-visible email (high); SES has no idempotency key.
package ecoses

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ses"
	sestypes "github.com/aws/aws-sdk-go-v2/service/ses/types"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/hibiken/asynq"
)

type Deps struct {
	SES   *ses.Client
	SESv2 *sesv2.Client
}

func (d *Deps) Welcome(ctx context.Context, t *asynq.Task) error { // want Welcome:`^effects: email/send ses$` `unguarded: handler \(\*ecoses.Deps\).Welcome .*email send \(ses\) \(high\)`
	_, err := d.SES.SendEmail(ctx, &ses.SendEmailInput{
		Destination: &sestypes.Destination{ToAddresses: []string{string(t.Payload())}},
		Source:      aws.String("shop@example.com"),
	})
	return err
}

func (d *Deps) Raw(ctx context.Context, t *asynq.Task) error { // want Raw:`^effects: email/send ses$` `unguarded: handler \(\*ecoses.Deps\).Raw .*email send \(ses\) \(high\)`
	_, err := d.SES.SendRawEmail(ctx, &ses.SendRawEmailInput{})
	return err
}

func (d *Deps) Templated(ctx context.Context, t *asynq.Task) error { // want Templated:`^effects: email/send ses; email/send ses$` `unguarded: handler \(\*ecoses.Deps\).Templated .*email send \(ses\) \(high\) at ecoses/ecoses.go:\d+ is not guarded, nor are 1 other effects`
	if _, err := d.SES.SendTemplatedEmail(ctx, &ses.SendTemplatedEmailInput{}); err != nil {
		return err
	}
	_, err := d.SES.SendBulkTemplatedEmail(ctx, &ses.SendBulkTemplatedEmailInput{})
	return err
}

func (d *Deps) V2(ctx context.Context, t *asynq.Task) error { // want V2:`^effects: email/send ses; email/send ses$` `unguarded: handler \(\*ecoses.Deps\).V2 .*email send \(ses\) \(high\) at ecoses/ecoses.go:\d+ is not guarded, nor are 1 other effects`
	if _, err := d.SESv2.SendEmail(ctx, &sesv2.SendEmailInput{}); err != nil {
		return err
	}
	_, err := d.SESv2.SendBulkEmail(ctx, &sesv2.SendBulkEmailInput{})
	return err
}
