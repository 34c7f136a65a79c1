// Package discsqs covers SQS pull loops (aws-sdk-go-v2): a function that
// calls ReceiveMessage is a handler (confidence medium); DeleteMessage is
// its ack. Deleting after the effects is at least once (the effects need a
// guard); deleting before them is at most once (ack-before-effect).
//
// The task is the queue: the QueueUrl field of the ReceiveMessageInput
// literal (the last path segment of a queue URL).
package discsqs

import (
	"context"
	"database/sql"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type Deps struct {
	SQS *sqs.Client
	DB  *sql.DB
}

// Poll writes each message, then deletes it.
func (d *Deps) Poll(ctx context.Context) error { // want Poll:`^effects: db_write/insert orders$` `unguarded: handler \(\*discsqs.Deps\).Poll \(sqs task "orders"\) repeats .*insert into orders`
	for {
		out, err := d.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String("orders"), MaxNumberOfMessages: 10})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if _, err := d.DB.ExecContext(ctx, "insert into orders(msg_id, body) values ($1, $2)", m.MessageId, m.Body); err != nil {
				continue // redelivered after the visibility timeout
			}
			if _, err := d.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String("orders"), ReceiptHandle: m.ReceiptHandle}); err != nil {
				return err
			}
		}
	}
}

// PollDeleteFirst deletes each message before writing it.
func (d *Deps) PollDeleteFirst(ctx context.Context) error { // want PollDeleteFirst:`^effects: db_write/insert refunds$` `unguarded: handler \(\*discsqs.Deps\).PollDeleteFirst \(sqs task "refunds"\) repeats .*insert into refunds`
	for {
		out, err := d.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String("refunds")})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if _, err := d.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String("refunds"), ReceiptHandle: m.ReceiptHandle}); err != nil { // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into refunds at discsqs/discsqs.go:52\)`
				return err
			}
			if _, err := d.DB.ExecContext(ctx, "insert into refunds(msg_id) values ($1)", m.MessageId); err != nil {
				return err
			}
		}
	}
}
