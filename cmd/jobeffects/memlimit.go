package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/KimMachineGun/automemlimit/memlimit"
)

// The memory limit. jobeffects sets no soft limit of its own on a machine:
// one near the live heap makes the collector run until the time triples
// (measured: 34 s → 79–105 s on a 280-package application). In a
// container with a memory limit (a CI job's cgroup) the kernel kills a
// process that passes it, so there the soft limit is 90% of the
// container's, as automemlimit computes it: slower near the limit rather
// than killed. GOMEMLIMIT set by the user wins; AUTOMEMLIMIT=off turns the
// container's off. -debug=phases and inventory -summary say which limit is
// in force, since it trades time for memory.

// memoryLimit is the soft limit in force and where it comes from.
type memoryLimit struct {
	bytes  int64 // 0: none
	source string
}

// setMemoryLimit applies the container's limit unless GOMEMLIMIT is set.
func setMemoryLimit() {
	if os.Getenv("GOMEMLIMIT") == "" {
		_, _ = memlimit.Set(memlimit.WithProvider(memlimit.FromCgroup))
	}
}

// currentMemoryLimit is the limit in force: the user's GOMEMLIMIT, else
// the container's (nothing else sets one).
func currentMemoryLimit() memoryLimit {
	l := debug.SetMemoryLimit(-1)
	if l <= 0 || l >= 1<<62 {
		return memoryLimit{}
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		return memoryLimit{bytes: l, source: "GOMEMLIMIT"}
	}
	return memoryLimit{bytes: l, source: "90% of the container's memory limit; AUTOMEMLIMIT=off removes it"}
}

// String says the limit for the phases line and the summary.
func (m memoryLimit) String() string {
	if m.bytes == 0 {
		return "none"
	}
	return fmt.Sprintf("%d MB (%s; it trades time for memory)", m.bytes>>20, m.source)
}
