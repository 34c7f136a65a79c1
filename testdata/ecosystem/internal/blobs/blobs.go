// Package blobs archives files in MinIO (minio-go v7) through
// package-level interface variables that Init sets: the unexported store
// is set only here, so a call through it runs (*minio.Client).PutObject,
// known to each package on its own; the exported Mirror may be set by any
// package, so only the whole program knows what it holds.
package blobs

import (
	"bytes"
	"context"
	"io"

	"github.com/minio/minio-go/v7"
)

// Putter is the part of the MinIO client the package uses.
type Putter interface {
	PutObject(ctx context.Context, bucket, object string, r io.Reader, size int64, opts minio.PutObjectOptions) (minio.UploadInfo, error)
}

var store Putter

// Mirror receives a copy of every archived file.
var Mirror Putter

// Init sets the package's clients.
func Init(c *minio.Client) {
	store = c
	Mirror = c
}

// Archive puts data under key through the package's own store.
func Archive(ctx context.Context, key string, data []byte) error {
	_, err := store.PutObject(ctx, "archive", key, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}

// Copy puts data under key through the exported Mirror.
func Copy(ctx context.Context, key string, data []byte) error {
	_, err := Mirror.PutObject(ctx, "mirror", key, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}
