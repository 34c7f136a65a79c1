package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/blobs"
)

// BlobMirrorStamped puts the payload under a key made from the clock
// through the exported Mirror: the whole program resolves the call to
// (*minio.Client).PutObject and reads the key the call passes, as the
// static call behind blobs:archive's store is read: a new object on every
// delivery (create, medium). go vet, one package at a time, leaves the
// call unresolved: only the command reports the create (a whole-program
// file of TestVetEqualsCommand).
func BlobMirrorStamped(ctx context.Context, t *asynq.Task) error {
	key := fmt.Sprintf("%s/%d.json", decode(t).OrderID, time.Now().UnixNano())
	return blobs.Copy(ctx, key, t.Payload())
}
