// Package sqspoll polls an SQS queue itself.
package sqspoll

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"example.com/consumers/internal/store"
)

// Poller deletes each message as soon as it is received, then counts it:
// a crash in between loses the count (at most once).
type Poller struct {
	SQS   *sqs.Client
	Store *store.Store
	Queue string
}

// Run is the pull loop.
func (p *Poller) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := p.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(p.Queue), MaxNumberOfMessages: 10, WaitTimeSeconds: 20})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if _, err := p.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(p.Queue), ReceiptHandle: m.ReceiptHandle}); err != nil {
				return err
			}
			if err := p.Store.CountClick(ctx, aws.ToString(m.Body)); err != nil {
				return err
			}
		}
	}
	return ctx.Err()
}
