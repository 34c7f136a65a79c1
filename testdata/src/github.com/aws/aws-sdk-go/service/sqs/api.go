// Stub of github.com/aws/aws-sdk-go/service/sqs@v1.44.327 for analysistest: declarations mirror the real API (subset); bodies are empty.
package sqs

import (
	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/request"
)

type SQS struct{}

type Message struct {
	Body          *string
	MessageId     *string
	ReceiptHandle *string
}

type ReceiveMessageInput struct {
	QueueUrl            *string
	MaxNumberOfMessages *int64
	WaitTimeSeconds     *int64
}

type ReceiveMessageOutput struct {
	Messages []*Message
}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *SQS) ReceiveMessage(input *ReceiveMessageInput) (*ReceiveMessageOutput, error) {
	return nil, nil
}

func (c *SQS) ReceiveMessageWithContext(ctx aws.Context, input *ReceiveMessageInput, opts ...request.Option) (*ReceiveMessageOutput, error) {
	return nil, nil
}

func (c *SQS) DeleteMessage(input *DeleteMessageInput) (*DeleteMessageOutput, error) {
	return nil, nil
}

func (c *SQS) DeleteMessageWithContext(ctx aws.Context, input *DeleteMessageInput, opts ...request.Option) (*DeleteMessageOutput, error) {
	return nil, nil
}
