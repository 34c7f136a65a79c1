// Package jobs are asynq handlers calling the real SaaS SDKs, observability
// libraries and NATS Streaming, for the end-to-end test of their models.
package jobs

import (
	"context"
	"log/slog"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/openai/openai-go/v3"
	"github.com/slack-go/slack"
	"github.com/wneessen/go-mail"
	"go.opentelemetry.io/otel"
	"go.uber.org/zap"
)

type Deps struct {
	Slack *slack.Client
	Mail  *mail.Client
	S3    *s3.Client
	AI    openai.Client
	Log   *zap.Logger
}

// Announce posts to Slack: a second delivery posts again.
func (d *Deps) Announce(ctx context.Context, t *asynq.Task) error {
	_, _, err := d.Slack.PostMessageContext(ctx, "#orders", slack.MsgOptionText(string(t.Payload()), false))
	return err
}

// Welcome sends an email with go-mail.
func (d *Deps) Welcome(ctx context.Context, t *asynq.Task) error {
	m := mail.NewMsg()
	if err := m.To(string(t.Payload())); err != nil {
		return err
	}
	m.Subject("welcome")
	return d.Mail.DialAndSendWithContext(ctx, m)
}

// Report overwrites the report of its day: safe.
func (d *Deps) Report(ctx context.Context, t *asynq.Task) error {
	ctx, span := otel.Tracer("jobs").Start(ctx, "report")
	defer span.End()
	d.Log.Info("writing report")
	_, err := d.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("reports"), Key: aws.String("daily/" + string(t.Payload()))})
	return err
}

// Upload stores under a fresh key: every delivery makes a new object.
func (d *Deps) Upload(ctx context.Context, t *asynq.Task) error {
	slog.Info("uploading")
	_, err := d.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("uploads"), Key: aws.String(uuid.NewString())})
	return err
}

// Summarize asks a model: nothing is created.
func (d *Deps) Summarize(ctx context.Context, t *asynq.Task) error {
	_, err := d.AI.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT4o,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(string(t.Payload()))},
	})
	return err
}
