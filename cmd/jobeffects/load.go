package main

import (
	"errors"
	"fmt"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/runner"
)

// session is one run of the command: the root packages' results (resolved
// over the whole program unless -whole=false) and the errors printed.
type session struct {
	results []*result.Result
	root    string // the main module's directory (or the working directory)
	errors  int    // packages that failed to load or type-check, analysis errors
	// incomplete are the packages left out by those errors, with the
	// first error of each (absolute paths).
	incomplete map[string]string
	// settings is what the run read besides code (the run cache's record).
	settings *settings.Session
	// perPackage is what -whole=false would have given, with what it
	// printed on stderr, when opts.perPackage asked for it too
	// (perpackage.go).
	perPackage *session
	printed    []byte
	encoded    []byte // a per-package answer's results as an entry holds them
}

// fail records that a package was left out, and why.
func (r *session) fail(pkg, reason string) {
	if r.incomplete == nil {
		r.incomplete = map[string]string{}
	}
	if _, ok := r.incomplete[pkg]; !ok {
		r.incomplete[pkg] = stableReason(reason)
	}
}

// analyse loads the packages, runs the analysis and the whole-program
// phase. Load and type errors are printed as file:line: message and
// counted; the other packages are analysed.
func analyse(patterns []string, opts options, stderr io.Writer) (*session, error) {
	var pp *perPackageRun
	if opts.perPackage != "" {
		pp = &perPackageRun{results: map[*types.Package]*result.Result{}, stderr: stderr}
		stderr = pp // what the per-package phase prints is in both answers
	}
	stop := startProfiles(opts, stderr)
	defer stop()
	// Metadata only (go list): the runner parses and type-checks each
	// package when its pass is about to run (runner.Loader), so that the
	// syntax and types of the packages not yet analysed do not coexist.
	// CompiledGoFiles are the files it parses.
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypesSizes | packages.NeedDeps | packages.NeedModule | packages.NeedEmbedFiles,
	}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	cfg.Tests = opts.tests
	if opts.Untrusted {
		// Untrusted code: no cgo processing (a preamble's #include could
		// print a file of this machine into the errors), no toolchain
		// download a go.mod line could ask for, no edits to go.mod.
		cfg.Env = append(os.Environ(), "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly")
	}
	if opts.Untrusted {
		if err := refuseOutside(cfg.Env); err != nil {
			return nil, err
		}
	}
	heap := ""
	if opts.debug == "phases" || opts.debug == "mem" {
		heap = opts.memprofile
	}
	ph := newPhases(opts.debug, heap, stderr)
	defer ph.done()
	pr := newProgress(opts.quiet)
	defer pr.clear()
	pr.step("loading packages…")
	restoreGC := gcForLoad() // memlimit.go
	pkgs, err := packages.Load(cfg, patterns...)
	restoreGC()
	pr.clear()
	if err != nil {
		return nil, loadError(err)
	}
	trim := newTrimmer(pkgs)
	loaded := fmt.Sprintf("%d packages (metadata)", countPackages(pkgs))
	if trim != nil {
		loaded += fmt.Sprintf(", %d of them modelled, to be type-checked without bodies", len(trim.pkgs))
	}
	ph.mark("load", loaded)
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	r := &session{settings: settings.NewSession()}
	failures := &failureLog{}
	rc := runner.Config{Options: opts.Options, Whole: opts.whole, KeepPaths: opts.showPaths, OnFailure: failures.add, Settings: r.settings, Phase: ph.mark}
	if dir := cacheDir(); dir != "" {
		rc.CacheDir = filepath.Join(dir, "facts") // beside the run cache
	}
	if pp != nil {
		rc.PerPackage = pp.add
	}
	if trim != nil {
		rc.ParseFile, rc.Trimmed = trim.parse, trim.trimmed
	}
	run := runner.New(cfg, pkgs, rc)
	if opts.Untrusted {
		// As the load that type-checked did under -safe: the files go
		// list compiled are not kept on the packages (the loader has them).
		packages.Visit(pkgs, nil, func(p *packages.Package) { p.CompiledGoFiles = nil })
	}
	pr.step("analysing %d packages…", countPackages(pkgs))
	graph, err := run.Analyze(pkgs)
	pr.clear()
	if err != nil {
		return nil, err
	}
	analysed := run.CacheHits()
	if trim != nil {
		if analysed != "" {
			analysed += "; "
		}
		analysed += fmt.Sprintf("%d files parsed without bodies", trim.parsed.Load())
		if n := trim.dropped.Load(); n > 0 {
			analysed += fmt.Sprintf(", %d constant tables of dependencies left empty", n)
		}
	}
	ph.mark("per-package analysis", analysed)
	for _, nk := range run.CacheNotKept() {
		ph.note("not kept in the fact cache: " + nk)
	}
	// Each package's load, parse and type errors, in the order the load
	// printed them before the analysis when it type-checked everything
	// first (they are known only once a package is type-checked now).
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			// Relative, as the other errors and the diagnostics are.
			fmt.Fprintln(stderr, relToCwd(e.Error()))
			r.errors++
		}
		if len(p.Errors) > 0 {
			r.fail(p.PkgPath, p.Errors[0].Error())
		}
	})
	r.errors += actionErrors(graph, r, stderr)
	r.errors += failures.report(graph, stderr)
	r.results = rootResults(graph, run.Analyzer())
	printWarnings(r.results, stderr)
	warnUnmatched(r.settings, opts, pkgs, stderr)
	for _, act := range graph.Roots {
		if act.Package.Module != nil && act.Package.Module.Main {
			r.root = act.Package.Module.Dir
			break
		}
	}
	if r.root == "" {
		r.root, _ = os.Getwd()
	}
	if pp != nil {
		stderr = pp.stderr
		r.perPackage = pp.session(r, graph, run.Analyzer())
	}
	if opts.whole {
		pr.step("resolving calls over the whole program…")
		var errs int
		r.results, errs = run.Resolve(graph, pkgs, r.results, r.root, stderr)
		r.errors += errs
		pr.clear()
		ph.mark("whole: lifecycle rules", "")
	}
	return r, nil
}

// refuseOutside, under -safe, refuses a module whose build would load
// code from a directory outside it (a go.mod replace => ../dir, a go.work
// use or replace outside the workspace): the pull request does not
// contain that code, and the go command would parse it and the type
// checker quote it. Run without -safe to analyse such a module.
func refuseOutside(env []string) error {
	cmd := exec.Command("go", "env", "GOMOD", "GOWORK")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go env: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	gomod, gowork := lines[0], ""
	if len(lines) > 1 {
		gowork = lines[1]
	}
	problems, err := settings.Outside(gomod, gowork)
	if err != nil {
		return err
	}
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("%s\n-safe analyses only the module's own code: a directory outside it is refused (run without -safe to analyse it)", relToCwd(strings.Join(problems, "\n")))
}

// loadError makes the go command's failure one plain line: go/packages
// wraps it as "err: exit status 1: stderr: go: …".
func loadError(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "stderr: "); i >= 0 {
		msg = strings.TrimSpace(msg[i+len("stderr: "):])
	}
	return errors.New(relToCwd(strings.TrimPrefix(msg, "go: ")))
}

// rootResults are the analysis results of the root packages, by path.
func rootResults(graph *checker.Graph, a *analysis.Analyzer) []*result.Result {
	var results []*result.Result
	for _, act := range graph.Roots {
		if act.Analyzer != a || act.Err != nil {
			continue
		}
		if res, ok := act.Result.(*result.Result); ok && res != nil {
			results = append(results, res)
		}
	}
	sort.Slice(results, func(i, j int) bool { return results[i].Package < results[j].Package })
	return results
}

// warnUnmatched warns about the functions the config names that match no
// function of the loaded packages: a typo there silently disables a model
// or a handler.
func warnUnmatched(sess *settings.Session, opts options, pkgs []*packages.Package, w io.Writer) {
	s, err := sess.LoadConfig(settings.ForRun(opts.Settings()))
	if err != nil || s.Config.Config == nil {
		return
	}
	named := s.Config.Config.Funcs()
	if len(named) == 0 {
		return
	}
	known := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types == nil {
			return
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			switch o := scope.Lookup(name).(type) {
			case *types.Func:
				known[models.FuncKey(o)] = true
			case *types.TypeName:
				if n, ok := o.Type().(*types.Named); ok {
					for i := 0; i < n.NumMethods(); i++ {
						known[models.FuncKey(n.Method(i))] = true
					}
					if it, ok := n.Underlying().(*types.Interface); ok {
						for i := 0; i < it.NumMethods(); i++ {
							known["("+o.Pkg().Path()+"."+o.Name()+")."+it.Method(i).Name()] = true
						}
					}
				}
			}
		}
	})
	for _, n := range named {
		if n.Func != "" && !known[n.Func] {
			fmt.Fprintf(w, "jobeffects: warning: %s: func %s matches no function of the loaded packages\n", relToCwd(n.Source), n.Func)
		}
	}
}

// relToCwd makes a leading absolute file name relative to the working
// directory when it lies below it.
func relToCwd(s string) string {
	if cwd, err := os.Getwd(); err == nil {
		return strings.ReplaceAll(s, cwd+string(filepath.Separator), "")
	}
	return s
}

// printWarnings prints each warning of the results once, sorted.
func printWarnings(results []*result.Result, w io.Writer) {
	seen := map[string]bool{}
	var all []string
	for _, res := range results {
		for _, x := range res.Warnings {
			if !seen[x] {
				seen[x] = true
				all = append(all, x)
			}
		}
	}
	sort.Strings(all)
	for _, x := range all {
		fmt.Fprintf(w, "jobeffects: warning: %s\n", x)
	}
}

// actionErrors prints analysis errors (other than those of packages that
// failed to type-check, already printed), records the packages they left
// out, and returns their count.
func actionErrors(graph *checker.Graph, r *session, w io.Writer) int {
	n := 0
	for act := range graph.All() {
		if act.Err == nil || len(act.Package.Errors) > 0 {
			continue
		}
		if strings.Contains(act.Err.Error(), "failed prerequisites") {
			// Its own error (or its dependency's) is printed where it
			// happened; say which package it kept from being analysed.
			if act.IsRoot {
				fmt.Fprintf(w, "jobeffects: %s was not analysed: %s\n", act.Package.PkgPath, failedDeps(act))
				r.fail(act.Package.PkgPath, "not analysed: "+strings.TrimSuffix(failedDeps(act), " (see above)"))
				n++
			}
			continue
		}
		fmt.Fprintf(w, "jobeffects: %s: %s\n", act.Package.PkgPath, relToCwd(act.Err.Error()))
		r.fail(act.Package.PkgPath, act.Err.Error())
		n++
	}
	return n
}

// failureLog collects the packages whose analysis failed (an internal
// error contained to the package: analyzer/failure.go).
type failureLog struct {
	mu     sync.Mutex
	failed map[string]string // package path → message
}

func (f *failureLog) add(pkg *types.Package, msg string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failed == nil {
		f.failed = map[string]string{}
	}
	f.failed[pkg.Path()] = msg
}

// report prints a warning for each failed package that is not a root
// (the checker keeps no result of theirs, and their diagnostics are not
// reported) and returns the number of failed roots, whose analysis-failed
// diagnostics are among the results: errors, as a package that does not
// type-check is.
func (f *failureLog) report(graph *checker.Graph, w io.Writer) int {
	roots := map[string]bool{}
	for _, act := range graph.Roots {
		roots[act.Package.PkgPath] = true
	}
	var paths []string
	for p := range f.failed {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	n := 0
	for _, p := range paths {
		if roots[p] {
			n++
			continue
		}
		fmt.Fprintf(w, "jobeffects: warning: %s\n", f.failed[p])
	}
	return n
}

// failedDeps names the dependencies whose failure kept act from running.
func failedDeps(act *checker.Action) string {
	var names []string
	seen := map[*checker.Action]bool{}
	var walk func(a *checker.Action)
	walk = func(a *checker.Action) {
		for _, d := range a.Deps {
			if seen[d] {
				continue
			}
			seen[d] = true
			if d.Err != nil && !strings.Contains(d.Err.Error(), "failed prerequisites") {
				names = append(names, d.Package.PkgPath)
				continue
			}
			walk(d)
		}
	}
	walk(act)
	sort.Strings(names)
	if len(names) == 0 {
		return "a dependency failed"
	}
	return "its dependency " + strings.Join(names, ", ") + " failed (see above)"
}

// startProfiles starts the CPU profile and returns a function that stops it
// and writes the heap profile.
func startProfiles(opts options, stderr io.Writer) func() {
	var cpu *os.File
	if opts.cpuprofile != "" {
		f, err := os.Create(opts.cpuprofile)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			cpu = f
		} else {
			fmt.Fprintf(stderr, "jobeffects: cpuprofile: %v\n", err)
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if opts.memprofile != "" {
			if err := writeHeapProfile(opts.memprofile); err != nil {
				fmt.Fprintf(stderr, "jobeffects: memprofile: %v\n", err)
			}
		}
	}
}
