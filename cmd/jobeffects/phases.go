package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/tools/go/packages"
)

// phases times the run's phases for -debug=phases: where the time of a
// slow run goes, without a profiler, with the heap and the peak RSS so far
// at each phase's end (read, not collected: nothing is added to the run). -debug=mem also says, per phase, the
// largest live heap the collector saw during it, the heap live at its end
// (after a collection, which is not counted in the phase's time), the
// heap's spans in use, the memory obtained from the system and the peak
// RSS so far: where the peak of a large run comes from.
type phases struct {
	on    bool
	mem   *heapWatch // -debug=mem; nil otherwise
	w     io.Writer
	start time.Time
	last  time.Time
	// cpu is the process's CPU seconds (user and system) at the last
	// mark: each phase's line says the CPU it took, which on a shared
	// machine says more than its wall time.
	cpu float64
	// heap, with -memprofile, is the profile's file name: each phase's end
	// writes a heap profile next to it (FILE.load, …), since the live heap
	// of an early phase is gone by the exit.
	heap string
}

func newPhases(debug, heap string, w io.Writer) *phases {
	now := time.Now()
	p := &phases{on: debug == "phases" || debug == "mem", w: w, start: now, last: now, heap: heap}
	if p.on {
		p.cpu = cpuSeconds()
	}
	if debug == "mem" {
		peakFile := ""
		if heap != "" {
			peakFile = heap + ".peak"
		}
		p.mem = watchHeap(peakFile)
	}
	return p
}

// heapWatch samples the live heap (as of the last collection) while a
// phase runs: its maximum is the phase's peak, which a collection at the
// phase's end does not show.
type heapWatch struct {
	mu   sync.Mutex
	peak uint64
	stop chan struct{}
}

// With peakFile set (-memprofile with -debug=mem), it also writes the heap
// profile of the largest live heap of the run there (FILE.peak): the
// profile a collection leaves, taken when a collection has seen a live
// heap a fiftieth above the last one written, without a collection of its
// own. The peak is mid-phase, where a phase's end no longer shows it.
//
// The live heap is known at the end of a collection's marking, but the
// heap profile is published only once its sweep is done (in the
// background): written at once, the profile was the previous
// collection's — on centrifugo the load's end (747 MB) where the analysis
// peaked at 1,031 MB. So the profile is written once it has changed since
// the collection was seen (publishedProfile), or at the latest when the
// next collection ends.
func watchHeap(peakFile string) *heapWatch {
	h := &heapWatch{stop: make(chan struct{})}
	go func() {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		var written, pending uint64
		var stale [2]int64 // the profile's totals when the pending peak was seen
		var cycle uint64   // the collection that saw it
		var buf []runtime.MemProfileRecord
		tick := 0
		for {
			select {
			case <-h.stop:
				return
			case <-t.C:
				metrics.Read(sample)
				if sample[0].Value.Kind() != metrics.KindUint64 || sample[1].Value.Kind() != metrics.KindUint64 {
					continue
				}
				live, cycles := sample[0].Value.Uint64(), sample[1].Value.Uint64()
				h.mu.Lock()
				h.peak = max(h.peak, live)
				h.mu.Unlock()
				if peakFile == "" {
					continue
				}
				if live > 256<<20 && live > written+written/50 && live > pending {
					pending, cycle, stale = live, cycles, publishedProfile(&buf)
					continue
				}
				// Every fifth tick: reading the profile copies its records.
				if tick++; pending == 0 || (tick%5 != 0 && cycles == cycle) || (cycles == cycle && publishedProfile(&buf) == stale) {
					continue
				}
				written, pending = pending, 0
				if f, err := os.Create(peakFile); err == nil {
					_ = pprof.WriteHeapProfile(f)
					f.Close()
				}
			}
		}
	}()
	return h
}

// publishedProfile is the heap profile's allocated and freed bytes so far
// (as published by the last swept collection): they change when the
// next collection's profile is published. buf is reused, so that
// watching does not itself fill the heap it watches.
func publishedProfile(buf *[]runtime.MemProfileRecord) [2]int64 {
	n, ok := runtime.MemProfile(*buf, true)
	if !ok {
		*buf = make([]runtime.MemProfileRecord, n+n/4+64)
		if n, ok = runtime.MemProfile(*buf, true); !ok {
			return [2]int64{-1, int64(n)}
		}
	}
	var t [2]int64
	for _, r := range (*buf)[:n] {
		t[0] += r.AllocBytes
		t[1] += r.FreeBytes
	}
	return t
}

// line collects, prints the phase's memory and starts the next phase's peak.
func (h *heapWatch) line() string {
	h.mu.Lock()
	peak := h.peak
	h.mu.Unlock()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	h.mu.Lock()
	h.peak = ms.HeapAlloc
	h.mu.Unlock()
	return fmt.Sprintf("live heap peak %5d MB, at end %5d MB, heap in use %5d MB, from the system %5d MB, peak RSS %5d MB",
		max(peak, ms.HeapAlloc)>>20, ms.HeapAlloc>>20, ms.HeapInuse>>20, ms.Sys>>20, maxRSS()>>20)
}

// cpuSeconds is the CPU time the process has used (user and system; its
// children's — the go command's — not included). The runtime's own
// estimate of the collector's share (runtime/metrics' /cpu/classes) is
// not printed: it counts wall time on processors the runtime deems idle,
// and on a shared machine it exceeded the process's whole CPU time.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

func maxRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Maxrss << 10
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
	cpu := cpuSeconds()
	heap, live := heapNow()
	fmt.Fprintf(p.w, "jobeffects: phase %-26s %6.2fs, cpu %6.2fs, heap %5d MB (live at the last GC %5d MB), peak RSS %5d MB%s\n",
		name, now.Sub(p.last).Seconds(), cpu-p.cpu, heap>>20, live>>20, maxRSS()>>20, what)
	extra := false
	if p.mem != nil {
		fmt.Fprintf(p.w, "jobeffects:   %s\n", p.mem.line())
		extra = true
	}
	if p.heap != "" {
		file := p.heap + "." + strings.ReplaceAll(name, " ", "-")
		if err := writeHeapProfile(file); err != nil {
			fmt.Fprintf(p.w, "jobeffects: memprofile: %v\n", err)
		}
		extra = true
	}
	if extra {
		// The collection and the profile are the measurement's, not the
		// next phase's: its CPU starts after them, as its wall time does.
		cpu = cpuSeconds()
	}
	p.cpu = cpu
	p.last = time.Now()
}

// note prints one line of what a phase found, under -debug=phases.
func (p *phases) note(line string) {
	if p.on {
		fmt.Fprintf(p.w, "jobeffects:   %s\n", line)
	}
}

// heapNow is the heap's objects at the phase's end, live or not yet
// swept, and the heap the collector found live at its last cycle
// (runtime/metrics). Read, not collected: -debug=phases leaves the run's
// collections and CPU as they are without it; -debug=mem collects at each
// phase's end for the live heap there. The last cycle may be a phase or
// more old when the heap has not grown since: the first figure is the
// phase's end, the second what was live when the collector last looked.
func heapNow() (heap, live uint64) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindUint64 {
		heap = s[0].Value.Uint64()
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		live = s[1].Value.Uint64()
	}
	return heap, live
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
	if p.mem != nil {
		close(p.mem.stop)
	}
	var ru syscall.Rusage
	peak := "unknown"
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		peak = fmt.Sprintf("%d MB", ru.Maxrss/1024)
	}
	fmt.Fprintf(p.w, "jobeffects: total %.2fs, cpu %.2fs, peak RSS %s, soft memory limit %s\n", time.Since(p.start).Seconds(), cpuSeconds(), peak, currentMemoryLimit())
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
