// Package discsqsv1 covers SQS pull loops on the v1 SDK
// (github.com/aws/aws-sdk-go/service/sqs): a function that calls
// ReceiveMessage or ReceiveMessageWithContext is a handler (confidence
// medium); DeleteMessage is its ack.
//
// A function that returns what it received (Fetch) is the application's
// receive wrapper, not a handler: the loop of its package that calls it
// (Drain) is.
package discsqsv1

import (
	"context"
	"database/sql"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/sqs"
)

type Deps struct {
	SQS *sqs.SQS
	DB  *sql.DB
}

// Consume writes each message, then deletes it.
func (d *Deps) Consume(ctx context.Context) { // want Consume:`^effects: db_write/insert signups$` `unguarded: handler \(\*discsqsv1.Deps\).Consume \(sqs task "signups"\) repeats .*insert into signups`
	for {
		out, err := d.SQS.ReceiveMessageWithContext(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String("signups"), WaitTimeSeconds: aws.Int64(1)})
		if err != nil {
			continue
		}
		for _, m := range out.Messages {
			if _, err := d.DB.ExecContext(ctx, "insert into signups(body) values ($1)", *m.Body); err != nil {
				continue // redelivered after the visibility timeout
			}
			_, _ = d.SQS.DeleteMessage(&sqs.DeleteMessageInput{QueueUrl: aws.String("signups"), ReceiptHandle: m.ReceiptHandle})
		}
	}
}

// Fetch returns the messages it received: a receive wrapper.
func (d *Deps) Fetch(ctx context.Context) ([]*sqs.Message, error) { // want Fetch:"receives sqs" Fetch:"no effects"
	out, err := d.SQS.ReceiveMessage(&sqs.ReceiveMessageInput{QueueUrl: aws.String("audit")})
	if err != nil {
		return nil, err
	}
	return out.Messages, nil
}

// Drain loops over Fetch.
func (d *Deps) Drain(ctx context.Context) { // want Drain:`^effects: db_write/insert audit$` `unguarded: handler \(\*discsqsv1.Deps\).Drain repeats .*insert into audit`
	for {
		msgs, err := d.Fetch(ctx)
		if err != nil {
			return
		}
		for _, m := range msgs {
			if _, err := d.DB.ExecContext(ctx, "insert into audit(body) values ($1)", *m.Body); err != nil {
				continue
			}
			_, _ = d.SQS.DeleteMessageWithContext(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String("audit"), ReceiptHandle: m.ReceiptHandle})
		}
	}
}

// Purge deletes without receiving: no handler.
func (d *Deps) Purge(ctx context.Context, handle *string) { // want Purge:"no effects"
	_, _ = d.SQS.DeleteMessage(&sqs.DeleteMessageInput{QueueUrl: aws.String("audit"), ReceiptHandle: handle})
}

// Record has a loop body's shape but receives nothing: no handler.
func (d *Deps) Record(ctx context.Context, m *sqs.Message) error { // want Record:`^effects: db_write/insert audit$`
	_, err := d.DB.ExecContext(ctx, "insert into audit(body) values ($1)", *m.Body)
	return err
}
