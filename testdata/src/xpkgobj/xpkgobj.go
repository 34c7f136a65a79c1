// Package xpkgobj builds the keys of the objects package files writes:
// from the clock (a new object on every delivery) or from the job's
// payload (the same object overwritten), across the package boundary by a
// static call and through an interface the worker wires to
// files.MinIOStorage (clean-architecture ports, as librarease's usecase).
package xpkgobj

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/minio/minio-go/v7"

	"xpkgobj/files"
)

// FileStorage is the use case's port; the worker wires files.MinIOStorage.
type FileStorage interface {
	UploadFile(ctx context.Context, path string, data []byte) error
}

type Usecase struct {
	files FileStorage
	minio *minio.Client
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
	uc Usecase
}

func decode(t *asynq.Task) (exportPayload, error) { // want decode:`^no effects$`
	var p exportPayload
	err := json.Unmarshal(t.Payload(), &p)
	return p, err
}

// ExportStamped uploads under a clock-built key through the interface:
// every delivery writes another object.
func (h *Handlers) ExportStamped(ctx context.Context, t *asynq.Task) error { // want ExportStamped:`^effects: dynamic_call/call \(xpkgobj.FileStorage\).UploadFile$` `unguarded: handler \(\*xpkgobj.Handlers\).ExportStamped .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
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
func (h *Handlers) SaveStamped(ctx context.Context, t *asynq.Task) error { // want SaveStamped:`^effects: file_write/create minio$` `unguarded: handler \(\*xpkgobj.Handlers\).SaveStamped .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
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

// Register wires files.MinIOStorage into the use case's port.
func Register(mux *asynq.ServeMux, c *minio.Client) { // want Register:`^no effects$`
	h := &Handlers{uc: Usecase{files: files.New(c), minio: c}}
	mux.HandleFunc("export:stamped", h.ExportStamped)
	mux.HandleFunc("export:stable", h.ExportStable)
	mux.HandleFunc("save:stamped", h.SaveStamped)
	mux.HandleFunc("save:stable", h.SaveStable)
}
