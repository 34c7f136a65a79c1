// Package ecosns covers Amazon SNS (aws-sdk-go-v2): Publish is a publish
// (medium); a FIFO MessageDeduplicationId from job data guards it within
// the 5-minute dedup window.
package ecosns

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sns/types"
	"github.com/hibiken/asynq"
)

type Deps struct{ SNS *sns.Client }

func (d *Deps) Publish(ctx context.Context, t *asynq.Task) error { // want Publish:`^effects: publish/publish sns$` `unguarded: handler \(\*ecosns.Deps\).Publish .*publish \(sns\) \(medium\)`
	_, err := d.SNS.Publish(ctx, &sns.PublishInput{TopicArn: aws.String("arn:topic"), Message: aws.String(string(t.Payload()))})
	return err
}

func (d *Deps) PublishFIFO(ctx context.Context, t *asynq.Task) error { // want PublishFIFO:`^effects: publish/publish sns guarded=idempotency_key$`
	_, err := d.SNS.Publish(ctx, &sns.PublishInput{
		TopicArn:               aws.String("arn:topic.fifo"),
		Message:                aws.String(string(t.Payload())),
		MessageGroupId:         aws.String("orders"),
		MessageDeduplicationId: aws.String("order:" + t.Type()),
	})
	return err
}

// SMS publishes to a phone number: SNS sends the SMS itself.
// Correct: sms/send sns (high).
// TODO(engine): no model field makes the kind depend on a struct field
// being set (PhoneNumber): it stays publish (medium), with the detail.
func (d *Deps) SMS(ctx context.Context, t *asynq.Task) error { // want SMS:`^effects: publish/publish sns$` `unguarded: handler \(\*ecosns.Deps\).SMS .*publish \(sns\) \(medium\)`
	_, err := d.SNS.Publish(ctx, &sns.PublishInput{PhoneNumber: aws.String(string(t.Payload())), Message: aws.String("code")})
	return err
}

// Batch publishes FIFO entries with per-entry dedup ids.
// Correct: publish guarded=idempotency_key.
// TODO(engine): key_field reads a field of the argument itself, not of the
// elements of a slice field (PublishBatchRequestEntries[i]), so the batch
// is unguarded.
func (d *Deps) Batch(ctx context.Context, t *asynq.Task) error { // want Batch:`^effects: publish/publish sns$` `unguarded: handler \(\*ecosns.Deps\).Batch .*publish \(sns\) \(medium\)`
	_, err := d.SNS.PublishBatch(ctx, &sns.PublishBatchInput{
		TopicArn: aws.String("arn:topic.fifo"),
		PublishBatchRequestEntries: []types.PublishBatchRequestEntry{
			{Id: aws.String("1"), Message: aws.String("m"), MessageDeduplicationId: aws.String("order:" + t.Type())},
		},
	})
	return err
}
