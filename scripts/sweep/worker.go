package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// event is one line of a worker's progress file.
type event struct {
	Event   string `json:"event"` // start, pass, hang, memory, unavailable, load, done
	Package string `json:"package,omitempty"`
	Module  string `json:"module,omitempty"` // module@version of the package ("std")
	Root    bool   `json:"root,omitempty"`   // a package of the module swept
	WallMS  int64  `json:"wall_ms,omitempty"`
	CPUMS   int64  `json:"cpu_ms,omitempty"`
	HeapMB  int64  `json:"heap_mb,omitempty"` // heap growth during the pass
	Failed  string `json:"failed,omitempty"`  // analysis-failed message
	Error   string `json:"error,omitempty"`
	// done
	Modules  map[string]*loaded `json:"modules,omitempty"` // by module path
	MaxRSSMB int64              `json:"max_rss_mb,omitempty"`
	LoadMS   int64              `json:"load_ms,omitempty"`
}

// loaded is what loading found of one module of the batch.
type loaded struct {
	Version    string   `json:"version"` // the version analysed (another module of the batch may need a newer one)
	Roots      int      `json:"roots"`
	LoadErrors []string `json:"load_errors,omitempty"`
}

// Exit codes of a worker that stopped a pass.
const (
	exitHang   = 3
	exitMemory = 4
)

// workerMain analyses a batch of modules together: -dir is an empty
// directory, -modules the module@version list to require, -progress the
// events file.
func workerMain(args []string) int {
	fs := flag.NewFlagSet("worker", flag.ExitOnError)
	dir := fs.String("dir", "", "")
	modules := fs.String("modules", "", "")
	progress := fs.String("progress", "", "")
	cpu := fs.Duration("cpu", time.Minute, "")
	wall := fs.Duration("wall", 5*time.Minute, "")
	mem := fs.Int64("mem", 3<<30, "")
	fs.Parse(args)
	out, err := os.Create(*progress)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	w := &worker{out: out, cpu: *cpu, wall: *wall, mem: *mem, stacks: *progress + ".stacks", roots: map[string]bool{}}
	return w.run(*dir, strings.Split(*modules, ","))
}

type worker struct {
	out       *os.File
	mu        sync.Mutex // one pass at a time
	cpu, wall time.Duration
	mem       int64
	stacks    string
	writeMu   sync.Mutex
	cur       *pass // the pass running, for the watchdog
	curMu     sync.Mutex
	roots     map[string]bool // the modules swept, by path
}

type pass struct {
	pkg   string
	start time.Time
	cpu0  time.Duration
	heap0 uint64
	peak  uint64
}

func (w *worker) emit(e event) {
	data, _ := json.Marshal(e)
	w.writeMu.Lock()
	defer w.writeMu.Unlock()
	w.out.Write(append(data, '\n'))
}

func (w *worker) run(dir string, modules []string) int {
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off")
	var require, patterns []string
	for _, mv := range modules {
		mod, ver, _ := strings.Cut(mv, "@")
		dl := exec.Command("go", "mod", "download", mv)
		dl.Dir, dl.Env = dir, env
		if out, err := dl.CombinedOutput(); err != nil {
			w.emit(event{Event: "unavailable", Module: mod, Error: firstLine(string(out))})
			continue
		}
		require = append(require, "\t"+mod+" "+ver+"\n")
		patterns = append(patterns, mod+"/...")
		w.roots[mod] = true
	}
	if len(require) == 0 {
		w.emit(event{Event: "done"})
		return 0
	}
	gomod := "module sweep.invalid/m\n\ngo 1.26\n\nrequire (\n" + strings.Join(require, "") + ")\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		w.emit(event{Event: "done", Error: err.Error()})
		return 0
	}
	start := time.Now()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
		Dir: dir,
		Env: env,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		w.emit(event{Event: "done", Error: firstLine(err.Error()), LoadMS: time.Since(start).Milliseconds()})
		return 0
	}
	found := map[string]*loaded{}
	var roots []*packages.Package
	for _, p := range pkgs {
		if p.Module == nil || !w.roots[p.Module.Path] {
			continue // a package of another module matched by a pattern
		}
		l := found[p.Module.Path]
		if l == nil {
			l = &loaded{Version: p.Module.Version}
			found[p.Module.Path] = l
		}
		l.Roots++
		roots = append(roots, p)
		if len(p.Errors) > 0 {
			l.LoadErrors = append(l.LoadErrors, p.PkgPath+": "+firstLine(p.Errors[0].Error()))
		}
	}
	loadMS := time.Since(start).Milliseconds()
	a := analyzer.New(analyzer.Options{})
	inner := a.Run
	a.Run = func(p *analysis.Pass) (any, error) { return w.pass(p, inner) }
	go w.watchdog()
	if len(roots) > 0 {
		if _, err := checker.Analyze([]*analysis.Analyzer{a}, roots, nil); err != nil {
			w.emit(event{Event: "done", Error: firstLine(err.Error())})
			return 0
		}
	}
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	w.emit(event{Event: "done", Modules: found, MaxRSSMB: ru.Maxrss >> 10, LoadMS: loadMS})
	return 0
}

// pass runs one package's analysis, alone, timed.
func (w *worker) pass(p *analysis.Pass, inner func(*analysis.Pass) (any, error)) (any, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	path := p.Pkg.Path()
	mod, root := "", false
	switch {
	case p.Module != nil && p.Module.Path != "":
		mod, root = p.Module.Path+"@"+p.Module.Version, w.roots[p.Module.Path]
	case models.IsStandard(path):
		mod = "std"
	}
	w.emit(event{Event: "start", Package: path, Module: mod})
	cur := &pass{pkg: path, start: time.Now(), cpu0: cpuTime(), heap0: heapBytes()}
	w.curMu.Lock()
	w.cur = cur
	w.curMu.Unlock()
	res, err := inner(p)
	w.curMu.Lock()
	w.cur = nil
	w.curMu.Unlock()
	e := event{Event: "pass", Package: path, Module: mod, Root: root,
		WallMS: time.Since(cur.start).Milliseconds(), CPUMS: (cpuTime() - cur.cpu0).Milliseconds(), HeapMB: int64(growth(cur) >> 20)}
	if r, ok := res.(*result.Result); ok && r != nil && r.Failed != "" {
		e.Failed = r.Failed
	}
	if err != nil {
		e.Error = firstLine(err.Error())
	}
	w.emit(e)
	return res, err
}

func growth(p *pass) uint64 {
	if p.peak > p.heap0 {
		return p.peak - p.heap0
	}
	return 0
}

// watchdog stops the worker when the running pass exceeds a bound,
// saying which package it was and where it was (goroutine stacks).
func (w *worker) watchdog() {
	for range time.Tick(200 * time.Millisecond) {
		w.curMu.Lock()
		cur := w.cur
		if cur == nil {
			w.curMu.Unlock()
			continue
		}
		if h := heapBytes(); h > cur.peak {
			cur.peak = h
		}
		cpu, wall, heap := cpuTime()-cur.cpu0, time.Since(cur.start), growth(cur)
		w.curMu.Unlock()
		switch {
		case cpu > w.cpu || wall > w.wall:
			w.dumpStacks()
			w.emit(event{Event: "hang", Package: cur.pkg, WallMS: wall.Milliseconds(), CPUMS: cpu.Milliseconds()})
			os.Exit(exitHang)
		case int64(heap) > w.mem:
			w.dumpStacks()
			w.emit(event{Event: "memory", Package: cur.pkg, WallMS: wall.Milliseconds(), CPUMS: cpu.Milliseconds(), HeapMB: int64(heap >> 20)})
			os.Exit(exitMemory)
		}
	}
}

func (w *worker) dumpStacks() {
	if f, err := os.Create(w.stacks); err == nil {
		pprof.Lookup("goroutine").WriteTo(f, 2)
		f.Close()
	}
}

// cpuTime is the process's user and system time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// heapBytes is the memory held by live and not yet swept heap objects.
func heapBytes() uint64 {
	s := make([]metrics.Sample, 1)
	copy(s, heapSample)
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	return s[0].Value.Uint64()
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
