// Package xpkgobj builds the keys of the objects package files writes:
// from the clock (a new object on every delivery) or from the job's
// payload (the same object overwritten), across the package boundary by a
// static call and through an interface the worker wires to
// files.MinIOStorage (clean-architecture ports, as librarease's usecase).
package xpkgobj

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/minio/minio-go/v7"

	"xpkgobj/files"
)

// FileStorage is the use case's port; the worker wires files.MinIOStorage.
type FileStorage interface {
	UploadFile(ctx context.Context, path string, data []byte) error
}

// Charger is the use case's payment port; the worker wires
// files.Payments.
type Charger interface {
	Charge(ctx context.Context, key string, body []byte) error
}

// Putter is the part of the MinIO client a use case calls; the worker
// wires the *minio.Client itself (a library method behind the port).
type Putter interface {
	PutObject(ctx context.Context, bucket, object string, r io.Reader, size int64, opts minio.PutObjectOptions) (minio.UploadInfo, error)
}

type Usecase struct {
	files   FileStorage
	charger Charger
	minio   *minio.Client
	putter  Putter
}

type exportPayload struct {
	LibraryID string `json:"library_id"`
	JobID     string `json:"job_id"`
}

// exportStamped names the export after the clock.
func (u Usecase) exportStamped(ctx context.Context, p exportPayload, data []byte) error { // want exportStamped:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$`
	fileName := fmt.Sprintf("borrowings-export-%s.csv", time.Now().Format("20060102-150405"))
	path := p.LibraryID + "/exports/" + fileName
	return u.files.UploadFile(ctx, path, data)
}

// exportStable names the export after the job (near miss).
func (u Usecase) exportStable(ctx context.Context, p exportPayload, data []byte) error { // want exportStable:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$`
	path := p.LibraryID + "/exports/" + p.JobID + ".csv"
	return u.files.UploadFile(ctx, path, data)
}

type Handlers struct {
	uc      Usecase
	archive *files.Archive
}

func decode(t *asynq.Task) (exportPayload, error) { // want decode:`^no effects$`
	var p exportPayload
	err := json.Unmarshal(t.Payload(), &p)
	return p, err
}

// ExportStamped uploads under a clock-built key through the interface:
// every delivery writes another object.
func (h *Handlers) ExportStamped(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: file_write create \(minio\) \(medium\) at` // want ExportStamped:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$` `unguarded: handler \(\*xpkgobj.Handlers\).ExportStamped .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.uc.exportStamped(ctx, p, t.Payload())
}

// ExportStable uploads under the job's key through the same interface
// (near miss): a redelivery overwrites the same object.
func (h *Handlers) ExportStable(ctx context.Context, t *asynq.Task) error { // want ExportStable:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.uc.exportStable(ctx, p, t.Payload())
}

// SaveStamped calls files.Save statically with a clock-built key.
func (h *Handlers) SaveStamped(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: file_write create \(minio\) \(medium\) at` // want SaveStamped:`^effects: file_write/create minio$` `unguarded: handler \(\*xpkgobj.Handlers\).SaveStamped .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return files.Save(ctx, h.uc.minio, p.LibraryID+"/"+time.Now().UTC().Format(time.RFC3339)+".csv", t.Payload())
}

// SaveStable calls files.Save with the job's key (near miss).
func (h *Handlers) SaveStable(ctx context.Context, t *asynq.Task) error { // want SaveStable:`^effects: file_write/write minio$`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return files.Save(ctx, h.uc.minio, p.LibraryID+"/"+p.JobID+".csv", t.Payload())
}

// upload passes the key its caller gives on through the interface.
func (u Usecase) upload(ctx context.Context, path string, data []byte) error { // want upload:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$`
	return u.files.UploadFile(ctx, path, data)
}

// UploadStamped gives upload a clock-built key.
func (h *Handlers) UploadStamped(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: file_write create \(minio\) \(medium\) at` // want UploadStamped:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$` `unguarded: handler \(\*xpkgobj.Handlers\).UploadStamped .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.uc.upload(ctx, p.LibraryID+"/"+time.Now().Format(time.RFC3339), t.Payload())
}

// UploadStable gives upload the job's key (near miss).
func (h *Handlers) UploadStable(ctx context.Context, t *asynq.Task) error { // want UploadStable:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.uc.upload(ctx, p.LibraryID+"/"+p.JobID, t.Payload())
}

// ArchiveStamped gives files.Archive.Put, which passes it on through
// files' own interface, a clock-built key.
func (h *Handlers) ArchiveStamped(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: file_write create \(minio\) \(medium\) at` // want ArchiveStamped:`^effects: dynamic_call/call \(files.Store\).UploadFile$` `unguarded: handler \(\*xpkgobj.Handlers\).ArchiveStamped .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.archive.Put(ctx, p.LibraryID+"-"+time.Now().Format(time.RFC3339), t.Payload())
}

// ArchiveStable gives it the job's key (near miss).
func (h *Handlers) ArchiveStable(ctx context.Context, t *asynq.Task) error { // want ArchiveStable:`^effects: dynamic_call/call \(files.Store\).UploadFile$`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.archive.Put(ctx, p.LibraryID+"-"+p.JobID, t.Payload())
}

// charge passes the idempotency key its caller gives on through the
// interface.
func (u Usecase) charge(ctx context.Context, key string, body []byte) error { // want charge:`^effects: dynamic_call/call \(xpkgobj.Charger\).Charge reads=payment/charge$`
	return u.charger.Charge(ctx, key, body)
}

// ChargeRandom sends a fresh UUID as the charge's idempotency key through
// the interface: every delivery charges again.
func (h *Handlers) ChargeRandom(ctx context.Context, t *asynq.Task) error { // want ChargeRandom:`^effects: dynamic_call/call \(xpkgobj.Charger\).Charge reads=payment/charge$`
	return h.uc.charger.Charge(ctx, uuid.NewString(), t.Payload()) // wholewant `^random-key: idempotency key uuid.NewString\(\)` // want `random-key: .*uuid.NewString\(\).*every delivery sends a new key`
}

// ChargeRandomHelper does so through charge.
func (h *Handlers) ChargeRandomHelper(ctx context.Context, t *asynq.Task) error { // want ChargeRandomHelper:`^effects: dynamic_call/call \(xpkgobj.Charger\).Charge reads=payment/charge$`
	return h.uc.charge(ctx, uuid.NewString(), t.Payload()) // wholewant `^random-key: idempotency key uuid.NewString\(\)` // want `random-key: .*uuid.NewString\(\).*every delivery sends a new key`
}

// ChargeStable sends the job's id as the key (near miss): guarded.
func (h *Handlers) ChargeStable(ctx context.Context, t *asynq.Task) error { // want ChargeStable:`^effects: dynamic_call/call \(xpkgobj.Charger\).Charge reads=payment/charge$`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return h.uc.charge(ctx, "charge-"+p.JobID, t.Payload())
}

// PutStamped puts the object under a clock-built key through the Putter
// port, which holds the *minio.Client: the library method's model reads
// the key the call passes, as for a static call: a new object on every
// delivery.
func (h *Handlers) PutStamped(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: file_write create \(minio\) \(medium\) at` // want PutStamped:`^effects: dynamic_call/call \(xpkgobj.Putter\).PutObject reads=db_write/set$` `unguarded: handler \(\*xpkgobj.Handlers\).PutStamped .*repeats .*file_write create \(minio\) \(medium\).*derives from time.Now: every delivery makes a new object.*dynamic call → \(\*minio.Client\).PutObject`
	p, err := decode(t)
	if err != nil {
		return err
	}
	_, err = h.uc.putter.PutObject(ctx, "files", p.LibraryID+"/"+time.Now().Format(time.RFC3339), bytes.NewReader(t.Payload()), int64(len(t.Payload())), minio.PutObjectOptions{})
	return err
}

// PutStable puts it under the job's key (near miss): an overwrite.
func (h *Handlers) PutStable(ctx context.Context, t *asynq.Task) error { // want PutStable:`^effects: dynamic_call/call \(xpkgobj.Putter\).PutObject reads=db_write/set$`
	p, err := decode(t)
	if err != nil {
		return err
	}
	_, err = h.uc.putter.PutObject(ctx, "files", p.LibraryID+"/"+p.JobID, bytes.NewReader(t.Payload()), int64(len(t.Payload())), minio.PutObjectOptions{})
	return err
}

// MirrorStamped gives files.MirrorPut, which puts through files' exported
// Mirror (set here, so only the whole program knows it holds the
// *minio.Client), a clock-built key.
func (h *Handlers) MirrorStamped(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: file_write create \(minio\) \(medium\) at` // want MirrorStamped:`^effects: dynamic_call/call \(files.Putter\).PutObject reads=db_write/set$` `unresolved: go vet cannot tell what \(\*xpkgobj.Handlers\).MirrorStamped does`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return files.MirrorPut(ctx, p.LibraryID+"-"+time.Now().Format(time.RFC3339), t.Payload())
}

// MirrorStable gives it the job's key (near miss).
func (h *Handlers) MirrorStable(ctx context.Context, t *asynq.Task) error { // want MirrorStable:`^effects: dynamic_call/call \(files.Putter\).PutObject reads=db_write/set$` `unresolved: go vet cannot tell what \(\*xpkgobj.Handlers\).MirrorStable does`
	p, err := decode(t)
	if err != nil {
		return err
	}
	return files.MirrorPut(ctx, p.LibraryID+"-"+p.JobID, t.Payload())
}

// Register wires files.MinIOStorage into the use case's port.
func Register(mux *asynq.ServeMux, c *minio.Client) { // want Register:`^no effects$`
	s := files.New(c)
	h := &Handlers{uc: Usecase{files: s, charger: files.NewPayments(), minio: c}, archive: &files.Archive{Store: s}}
	mux.HandleFunc("export:stamped", h.ExportStamped)
	mux.HandleFunc("export:stable", h.ExportStable)
	mux.HandleFunc("save:stamped", h.SaveStamped)
	mux.HandleFunc("save:stable", h.SaveStable)
	mux.HandleFunc("upload:stamped", h.UploadStamped)
	mux.HandleFunc("upload:stable", h.UploadStable)
	mux.HandleFunc("archive:stamped", h.ArchiveStamped)
	mux.HandleFunc("archive:stable", h.ArchiveStable)
	mux.HandleFunc("charge:random", h.ChargeRandom)
	mux.HandleFunc("charge:random-helper", h.ChargeRandomHelper)
	mux.HandleFunc("charge:stable", h.ChargeStable)
	mux.HandleFunc("mirror:stamped", h.MirrorStamped)
	mux.HandleFunc("mirror:stable", h.MirrorStable)
}

// RegisterPut wires a client of its own into the use case's Putter port:
// a *minio.Client stored in this package, so go vet resolves the port
// too, and reads the key the call passes as the whole program does.
func RegisterPut(mux *asynq.ServeMux) { // want RegisterPut:`^no effects$`
	h := &Handlers{uc: Usecase{putter: new(minio.Client)}}
	mux.HandleFunc("put:stamped", h.PutStamped)
	mux.HandleFunc("put:stable", h.PutStable)
}

// WireMirror stores the client in files' exported Mirror.
func WireMirror(c *minio.Client) { // want WireMirror:`^effects: memory_write/set files.Mirror$`
	files.Mirror = c
}
