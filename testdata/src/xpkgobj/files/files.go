// Package files is the object store of the xpkgobj fixture: the key of
// the object each function writes is its caller's argument, so whether a
// second delivery overwrites the same object or writes a new one is
// decided in the caller's package (xpkgobj).
package files

import (
	"bytes"
	"context"

	"github.com/minio/minio-go/v7"
)

// MinIOStorage writes under the key its caller gives; xpkgobj calls it
// through its own interface.
type MinIOStorage struct {
	client *minio.Client
	bucket string
}

func New(c *minio.Client) *MinIOStorage { // want New:`^no effects$`
	return &MinIOStorage{client: c, bucket: "files"}
}

func (f *MinIOStorage) UploadFile(ctx context.Context, path string, data []byte) error { // want UploadFile:`^effects: file_write/write minio$`
	_, err := f.client.PutObject(ctx, f.bucket, path, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}

// Save is a plain function: its callers reach it by a static call.
func Save(ctx context.Context, c *minio.Client, name string, data []byte) error { // want Save:`^effects: file_write/write minio @p1$`
	_, err := c.PutObject(ctx, "files", name, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}
