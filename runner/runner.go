package runner

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/inventory"
)

// Config is what the command asks of a run: the user's options, which
// the runner passes on to the analyzer untouched, and how to drive it.
type Config struct {
	// Options are what the user set (the command's flags).
	Options analyzer.Options
	// Whole resolves dynamic calls over the whole program after the
	// per-package passes (-whole): the passes keep their summaries for it
	// and leave wiring and the unresolved rule to it.
	Whole bool
	// KeepPaths keeps up to nine other call paths per effect
	// (-show-paths).
	KeepPaths bool
	// CacheDir, when set, is where the fact cache keeps packages' facts
	// (and main-module packages' results) across runs.
	CacheDir string
	// OnFailure is told of each package whose analysis failed (an
	// internal error contained to the package).
	OnFailure func(pkg *types.Package, message string)
	// Settings is the run's settings session (what the run read besides
	// code, for the run cache); default: a new one.
	Settings *settings.Session
	// Phase, if set, is told as each step of the whole-program phase
	// ends (-debug=phases).
	Phase func(name, what string)
	// PerPackage, with Whole, is given each analysed package's go vet
	// answer, decided in the same pass (analyzer.Hooks.PerPackage; a
	// test's hook). The fact cache is then written, never read: its
	// entries hold the command's answer only, and every pass must run for
	// go vet's. What it writes is a whole run's (the extra wiring facts
	// are read by go vet's wiring only, which a whole run never does).
	PerPackage func(pkg *types.Package, res *result.Result)
	// ParseFile parses a file of the load (go/packages' Config.ParseFile;
	// nil: its default), and Trimmed says which packages' files it
	// trimmed: one of those with errors is parsed again whole (Loader).
	ParseFile func(fset *token.FileSet, filename string, src []byte) (*ast.File, error)
	Trimmed   func(pkgPath string) bool
}

// Runner drives the analysis of one run of the command over loaded
// packages: the passes share one fact store, at most GOMAXPROCS run at
// once, facts cached by an earlier run are replayed, and each finished
// package is handed to the whole-program phase.
type Runner struct {
	cfg      Config
	analyzer *analysis.Analyzer
	store    *FactStore
	cache    *FactCache // nil: no fact cache
	whole    *whole     // nil: no whole-program phase
	loader   *Loader
	// running admits as many passes at once as there are processors. The
	// checker starts every package whose imports are done; on two cores
	// dozens of half-built SSA programs then share the heap and set its
	// peak, for no gain in speed.
	running chan struct{}
	// alone is held for reading by each pass, and for writing by a pass
	// that starts while the live heap is close to the memory limit
	// (heapTight): it then runs by itself, so that two passes' transient
	// SSA programs do not set the run's peak together.
	alone sync.RWMutex
	// roots are the packages the run reports on (Analyze's): never
	// read from export data.
	roots map[*packages.Package]bool
	// fromExport holds the packages whose types were read from export
	// data (readExport): their entries hold no fact, their passes do not
	// run; exportReads counts them.
	fromExport  sync.Map // *types.Package → true
	exportReads atomic.Int64
}

// New prepares a run over pkgs, loaded with load (whose environment and
// build flags are part of the fact cache's key) with metadata only: the
// run type-checks each package when its pass is about to run (Loader).
func New(load *packages.Config, pkgs []*packages.Package, c Config) *Runner {
	if c.Settings == nil {
		c.Settings = settings.NewSession()
	}
	r := &Runner{cfg: c, store: NewFactStore(), running: make(chan struct{}, runtime.GOMAXPROCS(0))}
	r.loader = NewLoader(token.NewFileSet(), pkgs, c.ParseFile, c.Trimmed)
	if c.CacheDir != "" {
		r.cache = newFactCache(c, load, pkgs, r.loader.Package)
	}
	if c.Whole {
		r.whole = newWhole(pkgs, c.Options, c.Settings)
	}
	r.analyzer = analyzer.WithHooks(c.Options, analyzer.Hooks{
		Around:        r.around,
		Settings:      c.Settings,
		OnFailure:     c.OnFailure,
		KeepSummaries: c.Whole,
		KeepPaths:     c.KeepPaths,
		Whole:         c.Whole,
		PerPackage:    c.PerPackage,
	})
	return r
}

// Analyzer is the analysis the run drives (its actions in the graph).
func (r *Runner) Analyzer() *analysis.Analyzer { return r.analyzer }

// CacheHits says how many packages' facts came from the fact cache, or
// "" without one.
func (r *Runner) CacheHits() string {
	if r.cache == nil {
		return ""
	}
	s := fmt.Sprintf("%d packages' facts from the cache", r.cache.Hits.Load())
	if n := r.exportReads.Load(); n > 0 {
		s += fmt.Sprintf(", %d packages' types from export data", n)
	}
	if n := len(r.cache.NotKept()); n > 0 {
		s += fmt.Sprintf(", %d analysed but not kept", n)
	}
	return s
}

// CacheNotKept lists the packages this run analysed and did not keep in
// the fact cache, each with why (a rerun analyses them again).
func (r *Runner) CacheNotKept() []string {
	if r.cache == nil {
		return nil
	}
	return r.cache.NotKept()
}

// Resolve runs the whole-program phase on the roots' results
// (Config.Whole): dynamic calls resolved over the loaded program, then the
// claim tables' lifecycle rules, which need every package's claims,
// prunes and handlers' retry horizons (with -whole=false the command
// reports what go vet does). root is the main module's directory. It
// returns how many errors it printed (a step of the whole-program phase
// that failed).
func (r *Runner) Resolve(graph *checker.Graph, pkgs []*packages.Package, results []*result.Result, root string, stderr io.Writer) ([]*result.Result, int) {
	if r.whole == nil {
		return results, 0
	}
	results, errs := r.whole.resolve(graph, r.store, pkgs, r.reportContext, r.cfg.KeepPaths, r.cfg.Phase, results, stderr)
	results = inventory.SingleRun(results, moduleVersions(pkgs), r.reportContext)
	known := map[string]*report.Context{} // by module root: only its baseline is read
	inventory.Lifecycle(results, root, func(res *result.Result, d result.Diagnostic) bool {
		c, ok := known[res.ModuleRoot]
		if !ok {
			c = r.reportContext(res)
			known[res.ModuleRoot] = c
		}
		return c.Known(d.Rule, d.Pos, d.Message)
	})
	return results, errs
}

// moduleVersions gives the version of a module the packages build with
// (its replacement's, "" for a directory or without module information).
func moduleVersions(pkgs []*packages.Package) func(string) string {
	versions := map[string]string{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if m := p.Module; m != nil {
			v := m.Version
			if m.Replace != nil {
				v = m.Replace.Version
			}
			versions[m.Path] = v
		}
	})
	return func(module string) string { return versions[module] }
}

// reportContext is the report.Context a package's Result was reported
// with by its pass, for the findings decided after it: the options, and
// the baseline of the package's module's settings (the request its pass
// made).
func (r *Runner) reportContext(res *result.Result) *report.Context {
	var base *baseline.Set
	if s, err := r.cfg.Settings.Load(settings.ForModule(res.ModuleRoot, r.cfg.Options.Settings())); err == nil {
		base = s.Baseline
	}
	return report.ForResult(res, r.cfg.Options.Strict, base)
}

// around runs one package's pass (analyzer.Hooks.Around; execute holds
// its slot): with the store's facts, from the fact cache when an earlier
// run analysed the same package, and then hands the package to the
// whole-program phase.
func (r *Runner) around(pass *analysis.Pass, analyse func() (any, error)) (any, error) {
	if r.whole != nil {
		defer r.whole.afterPass(pass.Pkg)
	}
	r.store.install(pass)
	c := r.cache
	if c == nil {
		return analyse()
	}
	// The package's facts from an earlier run on the same source, if any,
	// and for a main-module package its result (a dependency's is not
	// reported).
	key := c.key(pass.Pkg)
	if _, ok := r.fromExport.Load(pass.Pkg); ok && key != "" {
		// Its entry holds no fact (readExport read it) and it has no
		// syntax to analyse: a dependency's, not reported.
		c.hit(key)
		return &result.Result{Package: pass.Pkg.Path()}, nil
	}
	if key != "" && r.cfg.PerPackage == nil {
		if res, ok := c.load(key, pass, r.store); ok {
			if res == nil { // a dependency's: not reported
				res = &result.Result{Package: pass.Pkg.Path(), Files: analyzer.FileNames(pass)}
			}
			return res, nil
		}
	}
	res, err := analyse()
	done, _ := res.(*result.Result)
	switch {
	case err != nil:
		c.NoteNotKept(pass.Pkg.Path(), "its analysis failed: "+err.Error())
	case key == "":
		c.NoteNotKept(pass.Pkg.Path(), "no key: its source or an import's cannot be named")
	case done != nil && done.Failed != "":
		c.NoteNotKept(pass.Pkg.Path(), "its analysis failed: "+done.Failed)
	default:
		c.save(key, pass, r.store, done, r.exportTypes(pass.Pkg, key))
	}
	return res, err
}

// heapTight reports whether the live heap (as of the last collection) is
// above three quarters of the soft memory limit, when one is set: a pass
// started then runs alone (Runner.alone).
func heapTight() bool {
	limit := debug.SetMemoryLimit(-1)
	if limit <= 0 || limit >= 1<<62 {
		return false
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return false
	}
	return int64(sample[0].Value.Uint64()) > limit/4*3
}
