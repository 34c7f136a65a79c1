// Stub of github.com/aws/aws-sdk-go-v2/service/sesv2@v1.79.9 for analysistest: declarations mirror the real API (subset); bodies are empty.

package sesv2

import (
	"context"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/smithy-go/middleware"
)

func (c *Client) SendBulkEmail(ctx context.Context, params *SendBulkEmailInput, optFns ...func(*Options)) (*SendBulkEmailOutput, error) {
	return nil, nil
}

type SendBulkEmailInput struct {
	BulkEmailEntries                          []types.BulkEmailEntry
	DefaultContent                            *types.BulkEmailContent
	ConfigurationOverrides                    *types.ConfigurationOverrides
	ConfigurationSetName                      *string
	DefaultEmailTags                          []types.MessageTag
	EndpointId                                *string
	FeedbackForwardingEmailAddress            *string
	FeedbackForwardingEmailAddressIdentityArn *string
	FromEmailAddress                          *string
	FromEmailAddressIdentityArn               *string
	ReplyToAddresses                          []string
	TenantName                                *string
	noSmithyDocumentSerde
}

type SendBulkEmailOutput struct {
	BulkEmailEntryResults []types.BulkEmailEntryResult
	ResultMetadata        middleware.Metadata
	noSmithyDocumentSerde
}

func (c *Client) SendEmail(ctx context.Context, params *SendEmailInput, optFns ...func(*Options)) (*SendEmailOutput, error) {
	return nil, nil
}

type SendEmailInput struct {
	Content                                   *types.EmailContent
	ConfigurationOverrides                    *types.ConfigurationOverrides
	ConfigurationSetName                      *string
	Destination                               *types.Destination
	EmailTags                                 []types.MessageTag
	EndpointId                                *string
	FeedbackForwardingEmailAddress            *string
	FeedbackForwardingEmailAddressIdentityArn *string
	FromEmailAddress                          *string
	FromEmailAddressIdentityArn               *string
	ListManagementOptions                     *types.ListManagementOptions
	ReplyToAddresses                          []string
	TenantName                                *string
	noSmithyDocumentSerde
}

type SendEmailOutput struct {
	MessageId      *string
	ResultMetadata middleware.Metadata
	noSmithyDocumentSerde
}
