// Package ecosqs covers Amazon SQS (aws-sdk-go-v2): SendMessage is a
// publish (medium); a FIFO MessageDeduplicationId from job data guards it
// within 5 minutes, one from a uuid is a random key. ReceiveMessage loops
// are pull-loop handlers; DeleteMessage acknowledges.
package ecosqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

type Deps struct{ SQS *sqs.Client }

func (d *Deps) Send(ctx context.Context, t *asynq.Task) error { // want Send:`^effects: publish/publish sqs$` `unguarded: handler \(\*ecosqs.Deps\).Send .*publish \(sqs\) \(medium\)`
	_, err := d.SQS.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(string(t.Payload()))})
	return err
}

func (d *Deps) SendFIFO(ctx context.Context, t *asynq.Task) error { // want SendFIFO:`^effects: publish/publish sqs guarded=idempotency_key$`
	in := &sqs.SendMessageInput{QueueUrl: aws.String("q.fifo"), MessageBody: aws.String(string(t.Payload()))}
	in.MessageGroupId = aws.String("orders")
	in.MessageDeduplicationId = aws.String("order:" + t.Type())
	_, err := d.SQS.SendMessage(ctx, in)
	return err
}

func (d *Deps) SendRandomDedup(ctx context.Context, t *asynq.Task) error { // want SendRandomDedup:`^effects: publish/publish sqs issue=random-key$`
	_, err := d.SQS.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String("q.fifo"),
		MessageBody:            aws.String(string(t.Payload())),
		MessageGroupId:         aws.String("orders"),
		MessageDeduplicationId: aws.String(uuid.NewString()), // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
	})
	return err
}

func (d *Deps) SendBatch(ctx context.Context, t *asynq.Task) error { // want SendBatch:`^effects: publish/publish sqs$` `unguarded: handler \(\*ecosqs.Deps\).SendBatch .*publish \(sqs\) \(medium\)`
	_, err := d.SQS.SendMessageBatch(ctx, &sqs.SendMessageBatchInput{
		QueueUrl: aws.String("q"),
		Entries:  []types.SendMessageBatchRequestEntry{{Id: aws.String("1"), MessageBody: aws.String("m")}},
	})
	return err
}

// Ack deletes a message: an acknowledgement, not an effect.
func (d *Deps) Ack(ctx context.Context, t *asynq.Task) error { // want Ack:`^no effects$`
	_, err := d.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String("q"), ReceiptHandle: aws.String(t.Type())})
	return err
}

// Poll is a pull loop: it receives messages itself, so it is a handler,
// and forwards each one before deleting (acknowledging) it.
func (d *Deps) Poll(ctx context.Context) error { // want Poll:`^effects: publish/publish sqs$` `unguarded: handler \(\*ecosqs.Deps\).Poll .*publish \(sqs\) \(medium\)`
	for {
		out, err := d.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String("in")})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if _, err := d.SQS.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("out"), MessageBody: m.Body}); err != nil {
				return err
			}
			if _, err := d.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String("in"), ReceiptHandle: m.ReceiptHandle}); err != nil {
				return err
			}
		}
	}
}

// PollAckFirst deletes each message before forwarding it: at most once.
func (d *Deps) PollAckFirst(ctx context.Context) error { // want PollAckFirst:`^effects: publish/publish sqs$` `unguarded: handler \(\*ecosqs.Deps\).PollAckFirst .*publish \(sqs\) \(medium\)`
	for {
		out, err := d.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String("in")})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			if _, err := d.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String("in"), ReceiptHandle: m.ReceiptHandle}); err != nil { // want `ack-before-effect: the message is acknowledged here, before its effects`
				return err
			}
			if _, err := d.SQS.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("out"), MessageBody: m.Body}); err != nil {
				return err
			}
		}
	}
}
