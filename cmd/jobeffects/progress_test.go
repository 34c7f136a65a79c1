package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestProgress: the progress line rewrites itself and is erased; it is off
// with -q and when stderr is not a terminal (go test's never is).
func TestProgress(t *testing.T) {
	t.Parallel()
	if p := newProgress(true); p.tty != nil {
		t.Error("-q: progress is on")
	}
	if p := newProgress(false); p.tty != nil {
		t.Error("stderr is not a terminal here, but progress is on")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "tty"))
	if err != nil {
		t.Fatal(err)
	}
	p := &progress{tty: f}
	p.step("analysing %d packages…", 3)
	p.clear()
	f.Close()
	data, _ := os.ReadFile(f.Name())
	if got, want := string(data), "\r\033[Kjobeffects: analysing 3 packages…\r\033[K"; got != want {
		t.Errorf("progress wrote %q, want %q", got, want)
	}
}
