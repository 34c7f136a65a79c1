// Package objstorefix covers object stores and record streams the name
// inference used to classify: a MinIO put overwrites the object its key
// names (safe under a key from the job) but makes a new object under a key
// built from the clock or a UUID, also when a helper gets the key (called
// through an interface too); a
// Kinesis or Firehose put appends a record (a publish); a JMESPath search
// is a computation in memory, no store read.
package objstorefix

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/firehose"
	"github.com/aws/aws-sdk-go-v2/service/kinesis"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmespath/go-jmespath"
	"github.com/minio/minio-go/v7"
)

// Storage is the application's file store, called through the interface;
// MinIOStorage is the one implementation wired in (NewDeps).
type Storage interface {
	UploadFile(ctx context.Context, path string, data []byte) error
}

// MinIOStorage writes under the key its caller gives.
type MinIOStorage struct {
	client *minio.Client
	bucket string
}

func (f *MinIOStorage) UploadFile(ctx context.Context, path string, data []byte) error { // want UploadFile:`^effects: file_write/write minio$`
	_, err := f.client.PutObject(ctx, f.bucket, path, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}

type Deps struct {
	Files    Storage
	Direct   *MinIOStorage
	Minio    *minio.Client
	Kinesis  *kinesis.Client
	Firehose *firehose.Client
}

// ExportTimestamped names the export after the clock: a second delivery
// stores a second file beside the first. The function's own summary has
// the interface call; the finding is decided where the wiring resolves it.
func (d *Deps) ExportTimestamped(ctx context.Context, t *asynq.Task) error { // want ExportTimestamped:`^effects: dynamic_call/call \(objstorefix.Storage\).UploadFile$` `unguarded: handler \(\*objstorefix.Deps\).ExportTimestamped .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
	name := fmt.Sprintf("export-%s.csv", time.Now().Format("20060102-150405"))
	return d.Files.UploadFile(ctx, string(t.Payload())+"/exports/"+name, t.Payload())
}

// ExportStable names the export after the job: a second delivery
// overwrites the same object (near miss).
func (d *Deps) ExportStable(ctx context.Context, t *asynq.Task) error { // want ExportStable:`^effects: file_write/write minio$`
	return d.Direct.UploadFile(ctx, string(t.Payload())+"/exports/export.csv", t.Payload())
}

// ExportDirect is ExportTimestamped through a static call.
func (d *Deps) ExportDirect(ctx context.Context, t *asynq.Task) error { // want ExportDirect:`^effects: file_write/create minio$` `unguarded: handler \(\*objstorefix.Deps\).ExportDirect .*repeats .*file_write create \(minio\) \(medium\).*derives from .*every delivery makes a new object`
	return d.Direct.UploadFile(ctx, "exports/"+time.Now().Format(time.RFC3339), t.Payload())
}

// ExportJobKey passes a key from the job through the interface (near
// miss): an overwrite.
func (d *Deps) ExportJobKey(ctx context.Context, t *asynq.Task) error { // want ExportJobKey:`^effects: dynamic_call/call \(objstorefix.Storage\).UploadFile$`
	return d.Files.UploadFile(ctx, "exports/"+string(t.Payload()), t.Payload())
}

// UploadUUID puts directly under a fresh UUID.
func (d *Deps) UploadUUID(ctx context.Context, t *asynq.Task) error { // want UploadUUID:`^effects: file_write/create minio$` `unguarded: handler \(\*objstorefix.Deps\).UploadUUID .*repeats .*file_write create \(minio\) \(medium\) .*uuid.NewString\(\) derives from .*every delivery makes a new object`
	_, err := d.Minio.FPutObject(ctx, "uploads", uuid.NewString(), "/tmp/upload", minio.PutObjectOptions{})
	return err
}

// UploadFixed puts a file under a key from the job (near miss): and a
// bucket that is random would not make the object new (the key does).
func (d *Deps) UploadFixed(ctx context.Context, t *asynq.Task) error { // want UploadFixed:`^effects: file_write/write minio$`
	_, err := d.Minio.FPutObject(ctx, uuid.NewString(), "uploads/"+string(t.Payload()), "/tmp/upload", minio.PutObjectOptions{})
	return err
}

// Stream puts the event into a Kinesis stream: a record appended each
// delivery, whatever the partition key.
func (d *Deps) Stream(ctx context.Context, t *asynq.Task) error { // want Stream:`^effects: publish/publish kinesis$` `unguarded: handler \(\*objstorefix.Deps\).Stream .*repeats .*publish \(kinesis\) \(medium\) at .* is not guarded`
	_, err := d.Kinesis.PutRecord(ctx, &kinesis.PutRecordInput{Data: t.Payload(), PartitionKey: aws.String(string(t.Payload())), StreamName: aws.String("events")})
	return err
}

// Deliver hands the event to Firehose: appended as well.
func (d *Deps) Deliver(ctx context.Context, t *asynq.Task) error { // want Deliver:`^effects: publish/publish firehose$` `unguarded: handler \(\*objstorefix.Deps\).Deliver .*repeats .*publish \(firehose\) \(medium\)`
	_, err := d.Firehose.PutRecordBatch(ctx, &firehose.PutRecordBatchInput{DeliveryStreamName: aws.String("events"), Records: []firehose.Record{{Data: t.Payload()}}})
	return err
}

// Route evaluates a JMESPath template over the payload in memory: no
// effect.
func (d *Deps) Route(ctx context.Context, t *asynq.Task) error { // want Route:`^no effects$`
	v, err := jmespath.Search("metadata.topic", map[string]any{"payload": string(t.Payload())})
	if err != nil {
		return err
	}
	jp, err := jmespath.Compile("data.id")
	if err != nil {
		return err
	}
	_, err = jp.Search(v)
	return err
}

// NewDeps wires the MinIO store in as the Storage.
func NewDeps(c *minio.Client) *Deps { // want NewDeps:`^no effects$`
	s := &MinIOStorage{client: c, bucket: "files"}
	return &Deps{Files: s, Direct: s, Minio: c}
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("export:timestamped", d.ExportTimestamped)
	mux.HandleFunc("export:stable", d.ExportStable)
	mux.HandleFunc("export:direct", d.ExportDirect)
	mux.HandleFunc("export:jobkey", d.ExportJobKey)
	mux.HandleFunc("upload:uuid", d.UploadUUID)
	mux.HandleFunc("upload:fixed", d.UploadFixed)
	mux.HandleFunc("stream", d.Stream)
	mux.HandleFunc("deliver", d.Deliver)
	mux.HandleFunc("route", d.Route)
}
