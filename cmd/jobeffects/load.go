package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// session is one run of the command: the root packages' results (resolved
// over the whole program unless -whole=false) and the errors printed.
type session struct {
	results []*result.Result
	root    string // the main module's directory (or the working directory)
	errors  int    // packages that failed to load or type-check, analysis errors
}

// analyse loads the packages, runs the analysis and the whole-program
// phase. Load and type errors are printed as file:line: message and
// counted; the other packages are analysed.
func analyse(patterns []string, opts options, stderr io.Writer) (*session, error) {
	stop := startProfiles(opts, stderr)
	defer stop()
	a := analyzer.New(analyzer.Options{
		Strict:        opts.strict,
		Config:        opts.config,
		Baseline:      opts.baseline,
		KeepSummaries: opts.whole,
		KeepPaths:     opts.showPaths,
	})
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
	}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	cfg.Tests = opts.tests
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	r := &session{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			fmt.Fprintln(stderr, e)
			r.errors++
		}
	})
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		return nil, err
	}
	r.errors += actionErrors(graph, stderr)
	r.results = rootResults(graph, a)
	printWarnings(r.results, stderr)
	for _, act := range graph.Roots {
		if act.Package.Module != nil && act.Package.Module.Main {
			r.root = act.Package.Module.Dir
			break
		}
	}
	if r.root == "" {
		r.root, _ = os.Getwd()
	}
	if opts.whole {
		r.results = wholeProgram(graph, pkgs, opts, r.results, stderr)
	}
	return r, nil
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
// failed to type-check, already printed) and returns their count.
func actionErrors(graph *checker.Graph, w io.Writer) int {
	n := 0
	for act := range graph.All() {
		if act.Err == nil || len(act.Package.Errors) > 0 {
			continue
		}
		if strings.Contains(act.Err.Error(), "failed prerequisites") {
			continue
		}
		fmt.Fprintf(w, "jobeffects: %s: %v\n", act.Package.PkgPath, act.Err)
		n++
	}
	return n
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
			f, err := os.Create(opts.memprofile)
			if err != nil {
				fmt.Fprintf(stderr, "jobeffects: memprofile: %v\n", err)
				return
			}
			runtime.GC()
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
}
