package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
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
	// heap, with -memprofile, is the profile's file name: each phase's end
	// writes a heap profile next to it (FILE.load, …), since the live heap
	// of an early phase is gone by the exit.
	heap string
}

func newPhases(on bool, heap string, w io.Writer) *phases {
	now := time.Now()
	return &phases{on: on, w: w, start: now, last: now, heap: heap}
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
	if p.heap != "" {
		file := p.heap + "." + strings.ReplaceAll(name, " ", "-")
		if err := writeHeapProfile(file); err != nil {
			fmt.Fprintf(p.w, "jobeffects: memprofile: %v\n", err)
		}
	}
	p.last = time.Now()
}

// writeHeapProfile writes the live heap (after a collection) to file.
func writeHeapProfile(file string) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
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
	fmt.Fprintf(p.w, "jobeffects: total %.2fs, peak RSS %s, soft memory limit %s\n", time.Since(p.start).Seconds(), peak, currentMemoryLimit())
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
