// Package files is the object store of the xpkgobj fixture: the key of
// the object each function writes is its caller's argument, so whether a
// second delivery overwrites the same object or writes a new one is
// decided in the caller's package (xpkgobj).
package files

import (
	"bytes"
	"context"
	"io"
	"net/http"

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

// Store is the port an Archive writes through; xpkgobj wires
// MinIOStorage in.
type Store interface {
	UploadFile(ctx context.Context, path string, data []byte) error
}

// Archive writes through its Store under the name its caller gives: the
// key of the object is Put's parameter, passed on through the interface.
type Archive struct {
	Store Store
}

func (a *Archive) Put(ctx context.Context, name string, data []byte) error { // want Put:`^effects: dynamic_call/call \(files.Store\).UploadFile$`
	return a.Store.UploadFile(ctx, "archive/"+name, data)
}

// Payments posts a charge with the idempotency key its caller gives.
type Payments struct {
	client *http.Client
}

func NewPayments() *Payments { return &Payments{client: http.DefaultClient} } // want NewPayments:`^no effects$`

func (p *Payments) Charge(ctx context.Context, key string, body []byte) error { // want Charge:`^effects: http/post payments.example.com/charges guarded=idempotency_key$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example.com/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Putter is the part of the MinIO client Mirror holds.
type Putter interface {
	PutObject(ctx context.Context, bucket, object string, r io.Reader, size int64, opts minio.PutObjectOptions) (minio.UploadInfo, error)
}

// Mirror is exported: any package may set it (xpkgobj stores its
// *minio.Client), so only the whole program knows what it holds.
var Mirror Putter

// MirrorPut puts data under the name its caller gives through Mirror.
func MirrorPut(ctx context.Context, name string, data []byte) error { // want MirrorPut:`^effects: dynamic_call/call \(files.Putter\).PutObject reads=db_write/set$`
	_, err := Mirror.PutObject(ctx, "mirror", name, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}
