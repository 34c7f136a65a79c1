// Package azblob is a stub of github.com/Azure/azure-sdk-for-go/sdk/storage/azblob
// (v1.6.4 signatures, client.go).
package azblob

import (
	"context"
	"io"
	"os"
)

type Client struct{}

type (
	UploadStreamOptions   struct{ Concurrency int }
	UploadStreamResponse  struct{}
	UploadBufferOptions   struct{}
	UploadBufferResponse  struct{}
	UploadFileOptions     struct{}
	UploadFileResponse    struct{}
	DeleteBlobOptions     struct{}
	DeleteBlobResponse    struct{}
	DownloadStreamOptions struct{}
)

type DownloadStreamResponse struct{ Body io.ReadCloser }

func (c *Client) UploadStream(ctx context.Context, containerName string, blobName string, body io.Reader, o *UploadStreamOptions) (UploadStreamResponse, error) {
	return UploadStreamResponse{}, nil
}

func (c *Client) UploadBuffer(ctx context.Context, containerName string, blobName string, buffer []byte, o *UploadBufferOptions) (UploadBufferResponse, error) {
	return UploadBufferResponse{}, nil
}

func (c *Client) UploadFile(ctx context.Context, containerName string, blobName string, file *os.File, o *UploadFileOptions) (UploadFileResponse, error) {
	return UploadFileResponse{}, nil
}

func (c *Client) DeleteBlob(ctx context.Context, containerName string, blobName string, o *DeleteBlobOptions) (DeleteBlobResponse, error) {
	return DeleteBlobResponse{}, nil
}

func (c *Client) DownloadStream(ctx context.Context, containerName string, blobName string, o *DownloadStreamOptions) (DownloadStreamResponse, error) {
	return DownloadStreamResponse{}, nil
}
