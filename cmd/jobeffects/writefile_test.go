package main

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// -o to something that is not a regular file (/dev/null, a named pipe) is
// written to, not replaced by a file renamed over it.
func TestWriteFileToSpecialFile(t *testing.T) {
	t.Parallel()
	fifo := filepath.Join(t.TempDir(), "out")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- b
	}()
	if err := writeFile(fifo, []byte("inventory\n")); err != nil {
		t.Fatal(err)
	}
	if b := <-got; string(b) != "inventory\n" {
		t.Errorf("read %q from the pipe", b)
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe was replaced: %v %v", fi.Mode(), err)
	}
	// A regular file is still replaced atomically.
	file := filepath.Join(t.TempDir(), "inv.yaml")
	if err := writeFile(file, []byte("a\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != "a\n" {
		t.Errorf("file holds %q", b)
	}
}

// -o over a file keeps its permissions: an inventory made private (0600)
// is not made world-readable by the next run.
func TestWriteFileKeepsMode(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "inv.yaml")
	if err := os.WriteFile(file, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(file, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after writing over a 0600 file: %v %v", fi.Mode().Perm(), err)
	}
	fresh := filepath.Join(t.TempDir(), "new.yaml")
	if err := writeFile(fresh, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(fresh); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode of a new file: %v %v", fi.Mode().Perm(), err)
	}
}
