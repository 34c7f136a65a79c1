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
