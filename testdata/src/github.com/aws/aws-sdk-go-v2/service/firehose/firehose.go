// Package firehose is a stub of the AWS SDK v2 Firehose client (v1.52.12
// signatures).
package firehose

import "context"

type Options struct{}

type Client struct{}

type Record struct{ Data []byte }

type PutRecordInput struct {
	DeliveryStreamName *string
	Record             *Record
}

type PutRecordOutput struct{ RecordId *string }

type PutRecordBatchInput struct {
	DeliveryStreamName *string
	Records            []Record
}

type PutRecordBatchOutput struct{}

func (c *Client) PutRecord(ctx context.Context, params *PutRecordInput, optFns ...func(*Options)) (*PutRecordOutput, error) {
	return nil, nil
}

func (c *Client) PutRecordBatch(ctx context.Context, params *PutRecordBatchInput, optFns ...func(*Options)) (*PutRecordBatchOutput, error) {
	return nil, nil
}
