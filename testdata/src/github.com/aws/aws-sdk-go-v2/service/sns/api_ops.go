// Stub of github.com/aws/aws-sdk-go-v2/service/sns@v1.48.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package sns

import (
	"context"
	"github.com/aws/aws-sdk-go-v2/service/sns/types"
	"github.com/aws/smithy-go/middleware"
)

func (c *Client) Publish(ctx context.Context, params *PublishInput, optFns ...func(*Options)) (*PublishOutput, error) {
	return nil, nil
}

type PublishInput struct {
	Message                *string
	MessageAttributes      map[string]types.MessageAttributeValue
	MessageDeduplicationId *string
	MessageGroupId         *string
	MessageStructure       *string
	PhoneNumber            *string
	Subject                *string
	TargetArn              *string
	TopicArn               *string
	noSmithyDocumentSerde
}

type PublishOutput struct {
	MessageId      *string
	SequenceNumber *string
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) PublishBatch(ctx context.Context, params *PublishBatchInput, optFns ...func(*Options)) (*PublishBatchOutput, error) {
	return nil, nil
}

type PublishBatchInput struct {
	PublishBatchRequestEntries []types.PublishBatchRequestEntry
	TopicArn                   *string
	noSmithyDocumentSerde
}

type PublishBatchOutput struct {
	Failed         []types.BatchResultErrorEntry
	Successful     []types.PublishBatchResultEntry
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}
