// Package kinesis is a stub of the AWS SDK v2 Kinesis client (v1.46.4
// signatures).
package kinesis

import "context"

type Options struct{}

type Client struct{}

type PutRecordInput struct {
	Data         []byte
	PartitionKey *string
	StreamName   *string
}

type PutRecordOutput struct{ SequenceNumber *string }

type PutRecordsRequestEntry struct {
	Data         []byte
	PartitionKey *string
}

type PutRecordsInput struct {
	Records    []PutRecordsRequestEntry
	StreamName *string
}

type PutRecordsOutput struct{}

func (c *Client) PutRecord(ctx context.Context, params *PutRecordInput, optFns ...func(*Options)) (*PutRecordOutput, error) {
	return nil, nil
}

func (c *Client) PutRecords(ctx context.Context, params *PutRecordsInput, optFns ...func(*Options)) (*PutRecordsOutput, error) {
	return nil, nil
}
