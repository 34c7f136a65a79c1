package objstorefix

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"

	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Azure Blob Storage: an upload under a name replaces the blob of that
// name, so a key from the job or the content's hash is an overwrite; a
// fresh UUID makes a new blob on every delivery.
type AzureDeps struct {
	Blobs *azblob.Client
}

// StoreByHash uploads under the content's hash: an overwrite.
func (d *AzureDeps) StoreByHash(ctx context.Context, t *asynq.Task) error { // want StoreByHash:`^effects: file_write/write azblob$`
	sum := sha256.Sum256(t.Payload())
	_, err := d.Blobs.UploadStream(ctx, "arquivos", "arquivos/"+hex.EncodeToString(sum[:]), bytes.NewReader(t.Payload()), &azblob.UploadStreamOptions{Concurrency: 3})
	return err
}

// StoreByUUID uploads under a fresh UUID (near miss): a new blob each
// delivery.
func (d *AzureDeps) StoreByUUID(ctx context.Context, t *asynq.Task) error { // want StoreByUUID:`^effects: file_write/create azblob$` `unguarded: handler \(\*objstorefix.AzureDeps\).StoreByUUID .*repeats .*file_write create \(azblob\) \(medium\) .*uuid.NewString\(\) derives from .*every delivery makes a new object`
	_, err := d.Blobs.UploadBuffer(ctx, "uploads", uuid.NewString(), t.Payload(), nil)
	return err
}

// Forget deletes the blob the job names.
func (d *AzureDeps) Forget(ctx context.Context, t *asynq.Task) error { // want Forget:`^effects: file_write/delete azblob$`
	_, err := d.Blobs.DeleteBlob(ctx, "uploads", string(t.Payload()), nil)
	return err
}
