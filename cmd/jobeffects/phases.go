package main

import (
	"fmt"
	"io"
	"os"
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

// progress says what a long run is doing, on one rewritten line, when
// stderr is a terminal (and not -q): "loading packages…", "analysing
// 1086 packages…". It writes to the terminal itself, never to the output a
// test or the run cache records, and erases its line before anything else
// is printed.
type progress struct {
	tty *os.File
}

func newProgress(quiet bool) *progress {
	if quiet {
		return &progress{}
	}
	if fi, err := os.Stderr.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return &progress{}
	}
	return &progress{tty: os.Stderr}
}

func (p *progress) step(format string, args ...any) {
	if p.tty != nil {
		fmt.Fprintf(p.tty, "\r\033[Kjobeffects: "+format, args...)
	}
}

// clear erases the progress line.
func (p *progress) clear() {
	if p.tty != nil {
		fmt.Fprint(p.tty, "\r\033[K")
	}
}
