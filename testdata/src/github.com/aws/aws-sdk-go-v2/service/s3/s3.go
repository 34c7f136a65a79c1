// Package s3 is a stub of the AWS SDK v2 S3 client (v1.114.10 signatures).
package s3

import "context"

type Options struct{}

type Client struct{}

type PutObjectInput struct {
	Bucket *string
	Key    *string
}

type PutObjectOutput struct{}

type DeleteObjectInput struct {
	Bucket *string
	Key    *string
}

type DeleteObjectOutput struct{}

func (c *Client) PutObject(ctx context.Context, params *PutObjectInput, optFns ...func(*Options)) (*PutObjectOutput, error) {
	return nil, nil
}

func (c *Client) DeleteObject(ctx context.Context, params *DeleteObjectInput, optFns ...func(*Options)) (*DeleteObjectOutput, error) {
	return nil, nil
}
