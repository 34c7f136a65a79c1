package runner

import (
	"fmt"
	"go/types"
	"net/url"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// The runner executes the action graph itself instead of calling
// checker.Analyze: the checker reads each package's syntax and types when
// an action starts, so they must all exist before it runs, while here a
// package is type-checked (Loader.Check) in the slot its pass then runs
// in. The graph is the checker's (checker.Action values with the same
// edges, roots and outcomes) for the command's readers of it; the facts
// are the store's (FactStore.install), so the checker's fact plumbing is
// not needed. What the checker does per action is copied (x/tools
// v0.52.0, go/analysis/checker/checker.go execOnce).

// Analyze runs the per-package passes over pkgs (loaded with metadata
// only: each is type-checked just before its pass).
func (r *Runner) Analyze(pkgs []*packages.Package) (*checker.Graph, error) {
	a := r.analyzer
	if err := analysis.Validate([]*analysis.Analyzer{a}); err != nil {
		return nil, err
	}
	if len(a.Requires) > 0 {
		return nil, fmt.Errorf("internal error: the runner runs one analyzer with no prerequisites")
	}
	type node struct {
		act  *checker.Action
		once sync.Once
	}
	nodes := map[*packages.Package]*node{}
	byAction := map[*checker.Action]*node{}
	var mk func(p *packages.Package) *node
	mk = func(p *packages.Package) *node {
		if n, ok := nodes[p]; ok {
			return n
		}
		n := &node{act: &checker.Action{Analyzer: a, Package: p}}
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths) // for determinism
		for _, path := range paths {
			n.act.Deps = append(n.act.Deps, mk(p.Imports[path]).act)
		}
		nodes[p] = n
		byAction[n.act] = n
		return n
	}
	var roots []*checker.Action
	r.roots = map[*packages.Package]bool{}
	for _, p := range pkgs {
		r.roots[p] = true
	}
	for _, p := range pkgs {
		n := mk(p)
		n.act.IsRoot = true
		roots = append(roots, n.act)
	}
	var execAll func(acts []*checker.Action)
	exec := func(act *checker.Action) {
		n := byAction[act]
		n.once.Do(func() {
			execAll(act.Deps)
			t0 := time.Now()
			r.execute(act)
			act.Duration = time.Since(t0)
		})
	}
	execAll = func(acts []*checker.Action) {
		var wg sync.WaitGroup
		for _, act := range acts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				exec(act)
			}()
		}
		wg.Wait()
	}
	execAll(roots)
	// Only roots' results are visible to the caller, as the checker's.
	for _, n := range nodes {
		if !n.act.IsRoot {
			n.act.Result = nil
		}
	}
	return &checker.Graph{Roots: roots}, nil
}

// execute type-checks one package and runs its pass, its dependencies'
// done: under the concurrency limit (Runner.running), alone when the
// heap is tight (Runner.alone), and then hands the package to the
// whole-program phase.
func (r *Runner) execute(act *checker.Action) {
	if r.whole != nil {
		// After the slot is released: it waits for every slot.
		defer r.whole.pruneWhenIdle(r.running)
	}
	if heapTight() {
		r.alone.Lock()
		defer r.alone.Unlock()
	} else {
		r.alone.RLock()
		defer r.alone.RUnlock()
	}
	r.running <- struct{}{}
	defer func() { <-r.running }()
	p := act.Package
	if !r.bodiless(p) || !r.readExport(p) {
		r.loader.Check(p)
	}
	if r.whole != nil {
		r.whole.loaded(p)
	}
	var failed []string
	for _, dep := range act.Deps {
		if dep.Err != nil {
			failed = append(failed, dep.String())
		}
	}
	if failed != nil {
		sort.Strings(failed)
		act.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
		return
	}
	if p.Errors == nil && (p.Name == "" || p.PkgPath == "" || p.Types == nil || p.Fset == nil || p.TypesSizes == nil) {
		panic("packages must be loaded with packages.LoadSyntax mode")
	}
	module := &analysis.Module{} // possibly empty (non nil), as in go/analysis drivers
	if p.Module != nil {
		module = analysisModule(p.Module)
	}
	pass := &analysis.Pass{
		Analyzer:     act.Analyzer,
		Fset:         p.Fset,
		Files:        p.Syntax,
		OtherFiles:   p.OtherFiles,
		IgnoredFiles: p.IgnoredFiles,
		Pkg:          p.Types,
		TypesInfo:    p.TypesInfo,
		TypesSizes:   p.TypesSizes,
		TypeErrors:   p.TypeErrors,
		Module:       module,
		ResultOf:     map[*analysis.Analyzer]any{},
		Report: func(d analysis.Diagnostic) {
			act.Diagnostics = append(act.Diagnostics, d)
		},
		// The store's (around installs them); package facts are not used.
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportPackageFact: func(analysis.Fact) { panic("jobeffects: package facts are not supported") },
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
	}
	pass.ReadFile = func(filename string) ([]byte, error) {
		if err := readable(pass, filename); err != nil {
			return nil, err
		}
		return os.ReadFile(filename)
	}
	act.Result, act.Err = func() (any, error) {
		if p.IllTyped && !pass.Analyzer.RunDespiteErrors {
			return nil, fmt.Errorf("analysis skipped due to errors in package")
		}
		res, err := pass.Analyzer.Run(pass)
		if err != nil {
			return nil, err
		}
		if got, want := reflect.TypeOf(res), pass.Analyzer.ResultType; got != want {
			return nil, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v",
				pass.Pkg.Path(), pass.Analyzer, got, want)
		}
		for i := range act.Diagnostics {
			u, err := resolveURL(act.Analyzer, act.Diagnostics[i])
			if err != nil {
				return nil, err
			}
			act.Diagnostics[i].URL = u
		}
		return res, nil
	}()
	pass.ExportObjectFact = nil
	pass.ExportPackageFact = nil
}

// readable is the access policy of analysis.Pass.ReadFile (the
// checker's driverutil.CheckReadable).
func readable(pass *analysis.Pass, filename string) error {
	if slices.Contains(pass.OtherFiles, filename) || slices.Contains(pass.IgnoredFiles, filename) {
		return nil
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == filename {
			return nil
		}
	}
	return fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", filename)
}

// resolveURL is the checker's (driverutil.ResolveURL): a diagnostic's
// URL relative to its analyzer's.
func resolveURL(a *analysis.Analyzer, d analysis.Diagnostic) (string, error) {
	if d.URL == "" && d.Category == "" && a.URL == "" {
		return "", nil
	}
	raw := d.URL
	if d.URL == "" && d.Category != "" {
		raw = "#" + d.Category
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("invalid Diagnostic.URL %q: %s", raw, err)
	}
	base, err := url.Parse(a.URL)
	if err != nil {
		return "", fmt.Errorf("invalid Analyzer.URL %q: %s", a.URL, err)
	}
	return base.ResolveReference(u).String(), nil
}

// analysisModule is the checker's analysisModuleFromPackagesModule.
func analysisModule(mod *packages.Module) *analysis.Module {
	if mod == nil {
		return nil
	}
	var modErr *analysis.ModuleError
	if mod.Error != nil {
		modErr = &analysis.ModuleError{Err: mod.Error.Err}
	}
	return &analysis.Module{
		Path:      mod.Path,
		Version:   mod.Version,
		Replace:   analysisModule(mod.Replace),
		Time:      mod.Time,
		Main:      mod.Main,
		Indirect:  mod.Indirect,
		Dir:       mod.Dir,
		GoMod:     mod.GoMod,
		GoVersion: mod.GoVersion,
		Error:     modErr,
	}
}
