package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"syscall"
	"time"

	"golang.org/x/tools/go/packages"
)

// phases times the run's phases for -debug=phases: where the time of a
// slow run goes, without a profiler.
type phases struct {
	on    bool
	w     io.Writer
	start time.Time
	last  time.Time
}

func newPhases(on bool, w io.Writer) *phases {
	now := time.Now()
	return &phases{on: on, w: w, start: now, last: now}
}

// mark ends a phase.
func (p *phases) mark(name, what string) {
	if !p.on {
		return
	}
	now := time.Now()
	if what != "" {
		what = " (" + what + ")"
	}
	fmt.Fprintf(p.w, "jobeffects: phase %-26s %6.2fs%s\n", name, now.Sub(p.last).Seconds(), what)
	p.last = now
}

// done prints the total, the peak memory and the soft memory limit in
// force (it trades time for memory: say so).
func (p *phases) done() {
	if !p.on {
		return
	}
	var ru syscall.Rusage
	peak := "unknown"
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		peak = fmt.Sprintf("%d MB", ru.Maxrss/1024)
	}
	limit := "none"
	if l := debug.SetMemoryLimit(-1); l < 1<<62 {
		limit = fmt.Sprintf("%d MB (GOMEMLIMIT=off removes it)", l>>20)
	}
	fmt.Fprintf(p.w, "jobeffects: total %.2fs, peak RSS %s, soft memory limit %s\n", time.Since(p.start).Seconds(), peak, limit)
}

func countPackages(roots []*packages.Package) int {
	n := 0
	packages.Visit(roots, nil, func(*packages.Package) { n++ })
	return n
}
