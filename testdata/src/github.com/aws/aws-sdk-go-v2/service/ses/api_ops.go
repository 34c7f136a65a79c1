// Stub of github.com/aws/aws-sdk-go-v2/service/ses@v1.43.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package ses

import (
	"context"
	"github.com/aws/aws-sdk-go-v2/service/ses/types"
	"github.com/aws/smithy-go/middleware"
)

func (c *Client) SendBulkTemplatedEmail(ctx context.Context, params *SendBulkTemplatedEmailInput, optFns ...func(*Options)) (*SendBulkTemplatedEmailOutput, error) {
	return nil, nil
}

type SendBulkTemplatedEmailInput struct {
	DefaultTemplateData  *string
	Destinations         []types.BulkEmailDestination
	Source               *string
	Template             *string
	ConfigurationSetName *string
	DefaultTags          []types.MessageTag
	ReplyToAddresses     []string
	ReturnPath           *string
	ReturnPathArn        *string
	SourceArn            *string
	TemplateArn          *string
	noSmithyDocumentSerde
}

type SendBulkTemplatedEmailOutput struct {
	Status         []types.BulkEmailDestinationStatus
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) SendEmail(ctx context.Context, params *SendEmailInput, optFns ...func(*Options)) (*SendEmailOutput, error) {
	return nil, nil
}

type SendEmailInput struct {
	Destination          *types.Destination
	Message              *types.Message
	Source               *string
	ConfigurationSetName *string
	ReplyToAddresses     []string
	ReturnPath           *string
	ReturnPathArn        *string
	SourceArn            *string
	Tags                 []types.MessageTag
	noSmithyDocumentSerde
}

type SendEmailOutput struct {
	MessageId      *string
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) SendRawEmail(ctx context.Context, params *SendRawEmailInput, optFns ...func(*Options)) (*SendRawEmailOutput, error) {
	return nil, nil
}

type SendRawEmailInput struct {
	RawMessage           *types.RawMessage
	ConfigurationSetName *string
	Destinations         []string
	FromArn              *string
	ReturnPathArn        *string
	Source               *string
	SourceArn            *string
	Tags                 []types.MessageTag
	noSmithyDocumentSerde
}

type SendRawEmailOutput struct {
	MessageId      *string
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) SendTemplatedEmail(ctx context.Context, params *SendTemplatedEmailInput, optFns ...func(*Options)) (*SendTemplatedEmailOutput, error) {
	return nil, nil
}

type SendTemplatedEmailInput struct {
	Destination          *types.Destination
	Source               *string
	Template             *string
	TemplateData         *string
	ConfigurationSetName *string
	ReplyToAddresses     []string
	ReturnPath           *string
	ReturnPathArn        *string
	SourceArn            *string
	Tags                 []types.MessageTag
	TemplateArn          *string
	noSmithyDocumentSerde
}

type SendTemplatedEmailOutput struct {
	MessageId      *string
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}
