package jobs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	imlog "github.com/openimsdk/tools/log"

	"example.com/ecosystem/internal/blobs"
)

// BlobArchive archives the payload under a key made from the clock
// through blobs' unexported store (a *minio.Client): a new object on every
// delivery.
func BlobArchive(ctx context.Context, t *asynq.Task) error {
	key := fmt.Sprintf("%s/%d.json", decode(t).OrderID, time.Now().UnixNano())
	return blobs.Archive(ctx, key, t.Payload())
}

// BlobMirror puts the payload under the order's key through the exported
// Mirror (near miss): go vet, one package at a time, cannot tell what it
// holds (unresolved); the whole program finds the *minio.Client Init
// stores there: an overwrite of the order's object (safe).
func BlobMirror(ctx context.Context, t *asynq.Task) error {
	return blobs.Copy(ctx, decode(t).OrderID+"/mirror.json", t.Payload())
}

// IMLogRejected only logs through openimsdk/tools' log.ZError, a logger
// over zap whose default logger (an unexported interface variable of the
// library) formats every value that implements its LogFormatter: the
// catalog declares the package a logging library (observability.yaml), so
// the call is no effect for go vet and the whole program alike, whatever
// LogFormatter values the program has: safe.
func IMLogRejected(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	imlog.ZError(ctx, "order rejected", errors.New("rejected"), "order", p.OrderID, "amount", p.Amount)
	return nil
}

// RegisterGlobals registers the handlers above.
func RegisterGlobals(mux *asynq.ServeMux) {
	mux.HandleFunc("blobs:archive", BlobArchive)
	mux.HandleFunc("blobs:mirror", BlobMirror)
	mux.HandleFunc("blobs:mirror-stamped", BlobMirrorStamped)
	mux.HandleFunc("imlog:rejected", IMLogRejected)
}
