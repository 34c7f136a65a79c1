// Package minio is a stub of github.com/minio/minio-go/v7 (v7.0.98
// signatures).
package minio

import (
	"context"
	"io"
)

type Client struct{}

type PutObjectOptions struct{ ContentType string }

type UploadInfo struct{ Key string }

type GetObjectOptions struct{}

type Object struct{}

type RemoveObjectOptions struct{}

type CopyDestOptions struct {
	Bucket string
	Object string
}

type CopySrcOptions struct {
	Bucket string
	Object string
}

func (c *Client) PutObject(ctx context.Context, bucketName, objectName string, reader io.Reader, objectSize int64, opts PutObjectOptions) (info UploadInfo, err error) {
	return UploadInfo{}, nil
}

func (c *Client) FPutObject(ctx context.Context, bucketName, objectName, filePath string, opts PutObjectOptions) (info UploadInfo, err error) {
	return UploadInfo{}, nil
}

func (c *Client) CopyObject(ctx context.Context, dst CopyDestOptions, src CopySrcOptions) (UploadInfo, error) {
	return UploadInfo{}, nil
}

func (c *Client) GetObject(ctx context.Context, bucketName, objectName string, opts GetObjectOptions) (*Object, error) {
	return nil, nil
}

func (c *Client) RemoveObject(ctx context.Context, bucketName, objectName string, opts RemoveObjectOptions) error {
	return nil
}
