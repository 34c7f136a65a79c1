// Stub of github.com/aws/aws-sdk-go-v2/service/sns@v1.48.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package sns

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	smithydocument "github.com/aws/smithy-go/document"
)

const ServiceID = "SNS"

// Client provides the API client to make operations call for the service.
type Client struct {
	options Options
}

// Options is reduced to a few fields.
type Options struct {
	Region string

	BaseEndpoint *string

	RetryMaxAttempts int

	Credentials aws.CredentialsProvider
}

func New(options Options, optFns ...func(*Options)) *Client {
	return &Client{options: options}
}

func (c *Client) Options() Options { return c.options }

func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client {
	return New(Options{Region: cfg.Region}, optFns...)
}

type noSmithyDocumentSerde = smithydocument.NoSerde
