package jobs

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/csv"
	"net"
	"os"

	"github.com/hibiken/asynq"
)

// Stop 67's wrapping writers (catalog os.yaml writer_wrappers; fixture
// wrapwfix): a csv.Writer, gzip.Writer or tar.Writer writes into the
// writer its constructor wrapped, followed through the chain. WrapExport
// streams a gzipped CSV report to a collector over TCP: its writes are
// raw network writes (risk unknown; before, no effect). Near miss
// WrapArchive writes a tar.gz into a local file it creates: the create
// is the effect, the writes are none (safe).

// WrapExport sends the task's payload as a gzipped CSV row to the report
// collector.
func WrapExport(_ context.Context, t *asynq.Task) error {
	conn, err := net.Dial("tcp", os.Getenv("REPORT_ADDR"))
	if err != nil {
		return err
	}
	defer conn.Close()
	gz := gzip.NewWriter(conn)
	cw := csv.NewWriter(gz)
	if err := cw.Write([]string{t.Type(), string(t.Payload())}); err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return gz.Close()
}

// WrapArchive writes the task's payload into a local tar.gz.
func WrapArchive(_ context.Context, t *asynq.Task) error {
	f, err := os.Create(os.Getenv("ARCHIVE_PATH"))
	if err != nil {
		return err
	}
	defer f.Close()
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	if err := tw.WriteHeader(&tar.Header{Name: t.Type(), Mode: 0o644, Size: int64(len(t.Payload()))}); err != nil {
		return err
	}
	if _, err := tw.Write(t.Payload()); err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// RegisterWrapped registers the wrapping-writer handlers.
func RegisterWrapped(mux *asynq.ServeMux) {
	mux.HandleFunc("wrap:export", WrapExport)
	mux.HandleFunc("wrap:archive", WrapArchive)
}
