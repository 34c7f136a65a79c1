package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// The limit in force is named with its source: the summary and
// -debug=phases say that time is being traded for memory.
func TestCurrentMemoryLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(old) })

	debug.SetMemoryLimit(1 << 62)
	if got := currentMemoryLimit().String(); got != "none" {
		t.Errorf("no limit: %q", got)
	}
	debug.SetMemoryLimit(1 << 30)
	t.Setenv("GOMEMLIMIT", "1GiB")
	if got := currentMemoryLimit().String(); !strings.HasPrefix(got, "1024 MB (GOMEMLIMIT; it trades time for memory") {
		t.Errorf("GOMEMLIMIT: %q", got)
	}
	t.Setenv("GOMEMLIMIT", "")
	if got := currentMemoryLimit().String(); !strings.Contains(got, "container's memory limit") {
		t.Errorf("container: %q", got)
	}
}

// The default limit keeps a headroom of a quarter of the live heap: it is
// raised to 1.25× the live heap once the live heap passes four fifths of
// it, and never lowered.
func TestNextLimit(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct{ limit, live, want int64 }{
		{1800 * mb, 1000 * mb, 1800 * mb},
		{1800 * mb, 1440 * mb, 1800 * mb},
		{1800 * mb, 1600 * mb, 2000 * mb},
		{2000 * mb, 100 * mb, 2000 * mb},
	} {
		if got := nextLimit(c.limit, c.live); got != c.want {
			t.Errorf("nextLimit(%d MB, %d MB) = %d MB, want %d MB", c.limit/mb, c.live/mb, got/mb, c.want/mb)
		}
	}
}

// The load runs with GOGC=400 only under a soft limit the user did not
// replace with GOGC, and the collector's setting is restored after it.
func TestGCForLoad(t *testing.T) {
	oldLimit := debug.SetMemoryLimit(-1)
	oldPercent := debug.SetGCPercent(100)
	t.Cleanup(func() {
		debug.SetMemoryLimit(oldLimit)
		debug.SetGCPercent(oldPercent)
	})
	t.Setenv("GOGC", "")

	debug.SetMemoryLimit(1800 << 20)
	restore := gcForLoad()
	if got := debug.SetGCPercent(-1); got != loadGCPercent {
		t.Errorf("under a limit: GOGC %d during the load, want %d", got, loadGCPercent)
	}
	debug.SetGCPercent(loadGCPercent)
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("after the load: GOGC %d, want 100 restored", got)
	}

	debug.SetMemoryLimit(1 << 62) // none
	restore = gcForLoad()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("without a limit: GOGC %d during the load, want 100 untouched", got)
	}
	restore()

	debug.SetMemoryLimit(1800 << 20)
	t.Setenv("GOGC", "50")
	restore = gcForLoad()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with the user's GOGC: %d during the load, want it untouched", got)
	}
	restore()
}

// The load's GOGC is 400 while the live heap is small, and lowered as it
// grows so that the heap's goal stays under three quarters of the limit,
// to no less than minLoadGCPercent.
func TestLoadPercent(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		limit, live int64
		want        int
	}{
		{1800 * mb, 100 * mb, loadGCPercent},
		{1800 * mb, 270 * mb, loadGCPercent},
		{1800 * mb, 675 * mb, 100},
		{1800 * mb, 1125 * mb, 20},
		{1800 * mb, 1300 * mb, minLoadGCPercent},
		{1800 * mb, 2000 * mb, minLoadGCPercent},
		{1800 * mb, 0, loadGCPercent},
	} {
		if got := loadPercent(c.limit, c.live); got != c.want {
			t.Errorf("loadPercent(%d MB, %d MB) = %d, want %d", c.limit/mb, c.live/mb, got, c.want)
		}
	}
}
