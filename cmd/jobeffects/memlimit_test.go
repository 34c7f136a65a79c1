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
