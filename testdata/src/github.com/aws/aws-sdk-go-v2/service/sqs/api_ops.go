// Stub of github.com/aws/aws-sdk-go-v2/service/sqs@v1.53.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package sqs

import (
	"context"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/aws/smithy-go/middleware"
)

func (c *Client) ChangeMessageVisibility(ctx context.Context, params *ChangeMessageVisibilityInput, optFns ...func(*Options)) (*ChangeMessageVisibilityOutput, error) {
	return nil, nil
}

type ChangeMessageVisibilityInput struct {
	QueueUrl          *string
	ReceiptHandle     *string
	VisibilityTimeout int32
	noSmithyDocumentSerde
}

type ChangeMessageVisibilityOutput struct {
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) ChangeMessageVisibilityBatch(ctx context.Context, params *ChangeMessageVisibilityBatchInput, optFns ...func(*Options)) (*ChangeMessageVisibilityBatchOutput, error) {
	return nil, nil
}

type ChangeMessageVisibilityBatchInput struct {
	Entries  []types.ChangeMessageVisibilityBatchRequestEntry
	QueueUrl *string
	noSmithyDocumentSerde
}

type ChangeMessageVisibilityBatchOutput struct {
	Failed         []types.BatchResultErrorEntry
	Successful     []types.ChangeMessageVisibilityBatchResultEntry
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*Options)) (*DeleteMessageOutput, error) {
	return nil, nil
}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
	noSmithyDocumentSerde
}

type DeleteMessageOutput struct {
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) DeleteMessageBatch(ctx context.Context, params *DeleteMessageBatchInput, optFns ...func(*Options)) (*DeleteMessageBatchOutput, error) {
	return nil, nil
}

type DeleteMessageBatchInput struct {
	Entries  []types.DeleteMessageBatchRequestEntry
	QueueUrl *string
	noSmithyDocumentSerde
}

type DeleteMessageBatchOutput struct {
	Failed         []types.BatchResultErrorEntry
	Successful     []types.DeleteMessageBatchResultEntry
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) GetQueueUrl(ctx context.Context, params *GetQueueUrlInput, optFns ...func(*Options)) (*GetQueueUrlOutput, error) {
	return nil, nil
}

type GetQueueUrlInput struct {
	QueueName              *string
	QueueOwnerAWSAccountId *string
	noSmithyDocumentSerde
}

type GetQueueUrlOutput struct {
	QueueUrl       *string
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*Options)) (*ReceiveMessageOutput, error) {
	return nil, nil
}

type ReceiveMessageInput struct {
	QueueUrl                    *string
	AttributeNames              []types.QueueAttributeName
	MaxNumberOfMessages         int32
	MessageAttributeNames       []string
	MessageSystemAttributeNames []types.MessageSystemAttributeName
	ReceiveRequestAttemptId     *string
	VisibilityTimeout           int32
	WaitTimeSeconds             int32
	noSmithyDocumentSerde
}

type ReceiveMessageOutput struct {
	Messages       []types.Message
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) SendMessage(ctx context.Context, params *SendMessageInput, optFns ...func(*Options)) (*SendMessageOutput, error) {
	return nil, nil
}

type SendMessageInput struct {
	MessageBody             *string
	QueueUrl                *string
	DelaySeconds            int32
	MessageAttributes       map[string]types.MessageAttributeValue
	MessageDeduplicationId  *string
	MessageGroupId          *string
	MessageSystemAttributes map[string]types.MessageSystemAttributeValue
	noSmithyDocumentSerde
}

type SendMessageOutput struct {
	MD5OfMessageAttributes       *string
	MD5OfMessageBody             *string
	MD5OfMessageSystemAttributes *string
	MessageId                    *string
	SequenceNumber               *string
	ResultMetadata               middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) SendMessageBatch(ctx context.Context, params *SendMessageBatchInput, optFns ...func(*Options)) (*SendMessageBatchOutput, error) {
	return nil, nil
}

type SendMessageBatchInput struct {
	Entries  []types.SendMessageBatchRequestEntry
	QueueUrl *string
	noSmithyDocumentSerde
}

type SendMessageBatchOutput struct {
	Failed         []types.BatchResultErrorEntry
	Successful     []types.SendMessageBatchResultEntry
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}
