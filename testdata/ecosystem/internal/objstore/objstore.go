// Package objstore writes files to MinIO under the key its caller gives:
// whether a redelivery overwrites the same object or writes a new one is
// decided by the caller (jobs/objstore.go), through an interface.
package objstore

import (
	"bytes"
	"context"

	"github.com/minio/minio-go/v7"
)

// MinIOStorage is the implementation cmd/worker wires into
// jobs.ObjectDeps.Files.
type MinIOStorage struct {
	Client *minio.Client
	Bucket string
}

// UploadFile puts data under path.
func (f *MinIOStorage) UploadFile(ctx context.Context, path string, data []byte) error {
	_, err := f.Client.PutObject(ctx, f.Bucket, path, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}
