// Package wrapwfix covers writes through the standard library's writers
// that wrap another (gzip, flate, csv, tar, zip, tabwriter, io.MultiWriter):
// each is a write into the writer its constructor wrapped, followed
// through chains (csv over gzip over a connection). Near misses: a
// wrapper over a buffer, a file or io.Discard has no effect; one over a
// parameter, a slice spread into io.MultiWriter, or a gzip.Writer Reset
// to another writer stays an unknown write, never no effect.
package wrapwfix

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/csv"
	"io"
	"net"
	"os"
	"text/tabwriter"
)

// ExportCSV streams a gzipped CSV export to a report collector: every
// record lands on the connection.
func ExportCSV(rows [][]string) error { // want ExportCSV:`^effects: network/write; network/write; network/write$`
	conn, err := net.Dial("tcp", "reports:9000")
	if err != nil {
		return err
	}
	defer conn.Close()
	gz := gzip.NewWriter(conn)
	cw := csv.NewWriter(gz)
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	cw.Flush()
	return gz.Close()
}

// PackZip sends a zip with one entry over a connection: the entry's
// writer writes into the zip.Writer, which writes into the connection.
func PackZip(c *net.TCPConn, body []byte) error { // want PackZip:`^effects: network/write; network/write; network/write$`
	zw := zip.NewWriter(c)
	f, err := zw.Create("report.txt")
	if err != nil {
		return err
	}
	if _, err := f.Write(body); err != nil {
		return err
	}
	return zw.Close()
}

// Mirror writes a line to a local file and to a connection: the union
// of their effects, the file's none.
func Mirror(c *net.TCPConn, f *os.File, line string) error { // want Mirror:`^effects: network/write$`
	mw := io.MultiWriter(f, c)
	_, err := io.WriteString(mw, line)
	return err
}

// Compress keeps everything in memory: no effect.
func Compress(b []byte) []byte { // want Compress:`^no effects$`
	var buf bytes.Buffer
	fw, _ := flate.NewWriter(&buf, flate.BestSpeed)
	fw.Write(b)
	fw.Close()
	var plain, both bytes.Buffer
	mw := io.MultiWriter(&plain, &both)
	mw.Write(b)
	return buf.Bytes()
}

// Archive writes a tar into a file it creates: the create is the effect.
func Archive(path string, body []byte) error { // want Archive:`^effects: file_write/write$`
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	tw := tar.NewWriter(f)
	tw.WriteHeader(&tar.Header{Name: "a", Size: int64(len(body))})
	tw.Write(body)
	return tw.Close()
}

// Table prints to standard output and discards a copy.
func Table(rows []string) { // want Table:`^no effects$`
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', 0)
	for _, r := range rows {
		tw.Write([]byte(r + "\n"))
	}
	tw.Flush()
	cw := csv.NewWriter(io.Discard)
	cw.Write(rows)
	cw.Flush()
}

// compressTo writes into the writer its caller passes: an unknown write
// here, carrying the parameter (buffered=p0) for each caller to decide
// with what it passes (as a bufio.Writer's over a parameter).
func compressTo(w io.Writer, b []byte) error { // want compressTo:`^effects: unknown/write buffered=p0; unknown/write buffered=p0$`
	gz := gzip.NewWriter(w)
	gz.Write(b)
	return gz.Close()
}

// SendCompressed hands compressTo a dialled connection: the gzip
// writer's writes there are the connection's network writes.
func SendCompressed(c *net.TCPConn, b []byte) error { // want SendCompressed:`^effects: network/write; network/write$`
	return compressTo(c, b)
}

// fanOut writes into writers it cannot see: a spread slice.
func fanOut(ws []io.Writer, b []byte) { // want fanOut:`^effects: unknown/write$`
	io.MultiWriter(ws...).Write(b)
}

// recycleLevel does the same with a writer made beside an error.
func recycleLevel(w io.Writer, b []byte) { // want recycleLevel:`^effects: unknown/write$`
	gz, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	gz.Reset(w)
	gz.Write(b)
}

// Recycle points a gzip.Writer made over io.Discard at its argument: the
// writes go there, not into io.Discard.
func Recycle(w io.Writer, b []byte) error { // want Recycle:`^effects: unknown/write; unknown/write$`
	gz := gzip.NewWriter(io.Discard)
	gz.Reset(w)
	gz.Write(b)
	return gz.Close()
}
