package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"

	"github.com/KimMachineGun/automemlimit/memlimit"
)

// The memory limit. Go lets the heap grow to twice what is live after a
// collection (GOGC=100): on a large application the live heap peaks at
// 1.2–1.7 GB and the process at twice that. jobeffects therefore sets a
// soft limit of its own, defaultMemoryLimit, so that a run stays within
// 2 GiB when its live heap fits: the collector runs more often instead. A
// limit near the live heap would make the collector run until the time
// triples (measured: 34 s → 79–105 s on a 280-package application), so
// the limit keeps a headroom of a quarter of the live heap: when the live
// heap grows past four fifths of it, it is raised (never lowered) to 1.25×
// the live heap, as GOGC=25 would allow. (It was half, 1.5× past two
// thirds, until a 1,100-package application's live heap of 1.6 GB at
// its peak — a large package's pass beside every package's syntax and
// types — raised it to 2.4 GB for the rest of the run: 2.41 GB of RSS.
// With a quarter that run peaks under 2 GiB.) A program too large for
// 2 GiB then pays a bounded cost in time for the memory it saves.
//
// In a container with a memory limit (a CI job's cgroup) the kernel kills
// a process that passes it, so there the soft limit is 90% of the
// container's, as automemlimit computes it: slower near the limit rather
// than killed. GOMEMLIMIT set by the user wins; GOGC set by the user
// leaves the collector to it (no default limit); AUTOMEMLIMIT=off turns
// both the container's limit and the default off. -debug=phases and
// inventory -summary say which limit is in force, since it trades time
// for memory.

// defaultMemoryLimit is the soft limit on a machine where neither the user
// nor a container set one: with the runtime's own memory beside the heap,
// the process stays under 2 GiB.
const defaultMemoryLimit = 1800 << 20

// limitSource says where the limit in force comes from (none: "");
// limitDefault, that it is the default.
var (
	limitSource  string
	limitDefault bool
)

// memoryLimit is the soft limit in force and where it comes from.
type memoryLimit struct {
	bytes  int64 // 0: none
	source string
}

// setMemoryLimit applies the container's limit unless GOMEMLIMIT is set,
// and the default limit when there is none and GOGC is not set.
func setMemoryLimit() {
	if os.Getenv("GOMEMLIMIT") != "" {
		limitSource = "GOMEMLIMIT"
		return
	}
	_, _ = memlimit.Set(memlimit.WithProvider(memlimit.FromCgroup))
	if l := debug.SetMemoryLimit(-1); l > 0 && l < 1<<62 {
		limitSource = "90% of the container's memory limit; AUTOMEMLIMIT=off removes it"
		return
	}
	if os.Getenv("GOGC") != "" || os.Getenv("AUTOMEMLIMIT") == "off" {
		return
	}
	debug.SetMemoryLimit(defaultMemoryLimit)
	limitDefault = true
	limitSource = "the default, raised to 1.25× the live heap above it; GOMEMLIMIT, GOGC or AUTOMEMLIMIT=off replace it"
	go keepHeadroom(defaultMemoryLimit)
}

// keepHeadroom raises the soft limit to 1.25× the live heap whenever the
// live heap grows past four fifths of it.
func keepHeadroom(limit int64) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	for range time.Tick(20 * time.Millisecond) {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return
		}
		live := int64(sample[0].Value.Uint64())
		if raised := nextLimit(limit, live); raised != limit {
			limit = raised
			debug.SetMemoryLimit(limit)
		}
	}
}

// nextLimit is the limit once the live heap is live: limit, or 1.25×
// live when live is past four fifths of it.
func nextLimit(limit, live int64) int64 {
	if live*5 > limit*4 {
		return live * 5 / 4
	}
	return limit
}

// loadGCPercent is GOGC while the packages load (gcForLoad), as long as
// the live heap is small beside the limit (loadPercent).
const loadGCPercent = 400

// gcForLoad lets the heap grow to five times the live heap (GOGC=400)
// while the packages load, when a soft memory limit is in force, and
// returns the function that restores the collector's setting. During the
// load the live heap only grows — every package's syntax and types, kept
// for its pass — so a collection then finds little garbage and scans all
// of it: the load's collections were a fifth of a one-file rerun's CPU
// (centrifugo v6.9.1: the load 6.8–7.4 → 5.5–5.9 CPU s, the first run's
// 6.8 → 5.0–5.6). Without a limit (the user's GOGC or AUTOMEMLIMIT=off)
// the collector is left as it is: five times the live heap could pass any
// memory the machine has.
//
// As the live heap grows, GOGC is lowered so that the heap's goal stays
// under three quarters of the limit (loadPercent), sampled as
// keepHeadroom samples it. At GOGC=400 a large application's load let
// the heap reach the limit itself (flexprice, 1.17 GB live at the load's
// end: 1.85 GB of RSS before any pass ran), and the passes, whose live
// heap peaks higher still, then grew into a process that already held
// that much: with the goal held, the load ends at 1.6 GB of RSS, and the
// run's peak was under 2 GiB in both runs measured (one of two before;
// docs/performance.md, stop 55).
func gcForLoad() func() {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	if l := debug.SetMemoryLimit(-1); l <= 0 || l >= 1<<62 {
		return func() {}
	}
	old := debug.SetGCPercent(loadGCPercent)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		percent := loadGCPercent
		for {
			select {
			case <-stop:
				return
			case <-t.C:
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() != metrics.KindUint64 {
				return
			}
			limit := debug.SetMemoryLimit(-1)
			if p := loadPercent(limit, int64(sample[0].Value.Uint64())); p != percent {
				percent = p
				debug.SetGCPercent(p)
			}
		}
	}()
	return func() {
		close(stop)
		<-done
		debug.SetGCPercent(old)
	}
}

// loadPercent is the load's GOGC for a live heap of live under limit: 400,
// or less, so that the heap's goal (live × (1 + GOGC/100)) stays under
// three quarters of the limit; never under minLoadGCPercent.
func loadPercent(limit, live int64) int {
	if live <= 0 {
		return loadGCPercent
	}
	p := int((limit/4*3 - live) * 100 / live)
	return min(loadGCPercent, max(minLoadGCPercent, p))
}

// minLoadGCPercent is the least GOGC the load is given.
const minLoadGCPercent = 10

// currentMemoryLimit is the limit in force: the user's GOMEMLIMIT, the
// container's, or the default.
func currentMemoryLimit() memoryLimit {
	l := debug.SetMemoryLimit(-1)
	if l <= 0 || l >= 1<<62 {
		return memoryLimit{}
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		return memoryLimit{bytes: l, source: "GOMEMLIMIT"}
	}
	if limitDefault {
		// The default as set, not as raised since: what the summary
		// prints does not depend on when the collector ran.
		return memoryLimit{bytes: defaultMemoryLimit, source: limitSource}
	}
	src := limitSource
	if src == "" || src == "GOMEMLIMIT" {
		src = "90% of the container's memory limit; AUTOMEMLIMIT=off removes it"
	}
	return memoryLimit{bytes: l, source: src}
}

// String says the limit for the phases line and the summary.
func (m memoryLimit) String() string {
	if m.bytes == 0 {
		return "none"
	}
	return fmt.Sprintf("%d MB (%s; it trades time for memory)", m.bytes>>20, m.source)
}
