package analyzer_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/internal/fixtureload"
	"github.com/jobeffects/jobeffects/wholeprogram"
)

// analyse runs the analysis as go vet does (one package at a time, facts
// between them) on fixture packages and returns each root's diagnostics,
// by package, as "file:line: rule: message" with file relative to
// testdata/src.
func analyse(t *testing.T, opts analyzer.Options, patterns ...string) map[string][]string {
	t.Helper()
	results, _ := analyseResults(t, opts, analyzer.Hooks{}, patterns...)
	return diagnosticsOf(results)
}

// wiringSet is the one load of the wiring tests' fixtures: each of their
// analyses (go vet's, quiet, the whole program's) starts from its own
// roots of it, not from a load of its own (5–7 CPU seconds each).
var wiringSet = &fixtureload.Set{Testdata: testdata, Patterns: []string{
	"wiringfix/jobs", "wiringfix/impl", "wiringfix/cmd",
	"wiringcoll/usecase", "wiringcoll/push", "wiringcoll/fcm", "wiringcoll/store", "wiringcoll/handlers", "wiringcoll/cmd",
}}

// analyseResults is analyse's analysis, returning the roots' results and,
// with hooks.Whole, the results the whole-program phase makes of them.
func analyseResults(t *testing.T, opts analyzer.Options, hooks analyzer.Hooks, patterns ...string) ([]*result.Result, []*result.Result) {
	t.Helper()
	load := fixtureload.Load
	if wiringSet.Holds(patterns...) {
		load = func(_ string, patterns ...string) ([]*packages.Package, error) { return wiringSet.Roots(patterns...) }
	}
	pkgs, err := load(testdata, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.WithHooks(opts, hooks)}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var results []*result.Result
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		results = append(results, act.Result.(*result.Result))
	}
	if !hooks.Whole {
		return results, nil
	}
	ix, _ := models.Builtin()
	whole, _ := wholeprogram.Resolve(wholeprogram.Input{
		Fset: pkgs[0].Fset, Packages: pkgs, Graph: graph, Results: results, Index: ix,
		Report: func(res *result.Result) *report.Context { return report.ForResult(res, false, nil) },
	})
	return results, whole
}

// diagnosticsOf lists the results' diagnostics by package, as
// "file:line: message" with file relative to testdata/src.
func diagnosticsOf(results []*result.Result) map[string][]string {
	src := filepath.Join(testdata, "src")
	out := map[string][]string{}
	for _, res := range results {
		add := func(d *result.Diagnostic) {
			file, rest, _ := strings.Cut(d.Pos, ":")
			line, _, _ := strings.Cut(rest, ":")
			rel, _ := filepath.Rel(src, file)
			out[res.Package] = append(out[res.Package], rel+":"+line+": "+d.Message)
		}
		for i := range res.Diagnostics {
			add(&res.Diagnostics[i])
		}
		for _, h := range res.Handlers {
			for _, f := range h.Findings {
				if f.Diagnostic != nil {
					add(f.Diagnostic)
				}
			}
		}
	}
	return out
}

// Under go vet the package that wires the handlers' fields (cmd) reports
// what they do, at the handlers, as the whole-program command does: a
// constructor's parameters, an unexported implementation behind a
// returned interface, a field handed to a helper as a parameter. A call
// no field explains is reported as unresolved in the handler's package.
func TestWiringUnderVet(t *testing.T) {
	got := analyse(t, analyzer.Options{}, "wiringfix/jobs", "wiringfix/impl", "wiringfix/cmd")
	want := map[string][]string{
		"wiringfix/jobs": {
			"wiringfix/jobs/jobs.go:57: unresolved: go vet cannot tell what (*jobs.Deps).Local does: calls (jobs.Notifier).Notify through an interface; its implementation is not known here (the call at wiringfix/jobs/jobs.go:58; what it calls is wired in another package: run jobeffects ./... to resolve it over the whole program)",
		},
		"wiringfix/cmd": {
			"wiringfix/jobs/jobs.go:37: unguarded: handler (*jobs.Deps).Notify repeats its side effects when a job is delivered twice: http post",
			"wiringfix/jobs/jobs.go:42: unguarded: handler (*jobs.Deps).Save repeats its side effects when a job is delivered twice: insert into saved (medium) at wiringfix/impl/impl.go:33",
			// A pitfall of the service behind the interface reaches the handler.
			"wiringfix/jobs/jobs.go:70: guard-separate-tx: the claim on processed_jobs commits separately from the insert into payments at wiringfix/impl/impl.go:54",
			// Wired through a Deps struct its constructor copies the field from.
			"wiringfix/jobs/jobs.go:93: unguarded: handler (*jobs.Billing).Invoice repeats its side effects when a job is delivered twice: insert into invoices (medium) at wiringfix/impl/impl.go:64",
			// A field set to what cmd computes at run time: the note says where.
			"wiringfix/jobs/jobs.go:99: unresolved: go vet cannot tell what (*jobs.Deps).Alert does: calls (jobs.Notifier).Notify through an interface; its implementation is not known here; the field is set at wiringfix/cmd/main.go:28 to the result of main.chooseAlerter (the call at wiringfix/jobs/jobs.go:100; run jobeffects ./... to resolve it over the whole program)",
		},
	}
	for pkg, ws := range want {
		if len(got[pkg]) != len(ws) {
			t.Errorf("%s: %d diagnostics, want %d:\n%s", pkg, len(got[pkg]), len(ws), strings.Join(got[pkg], "\n"))
			continue
		}
		for i, w := range ws {
			if !strings.HasPrefix(got[pkg][i], w) {
				t.Errorf("%s: got\n%s\nwant prefix\n%s", pkg, got[pkg][i], w)
			}
		}
	}
	if len(got["wiringfix/impl"]) > 0 {
		t.Errorf("impl: %v", got["wiringfix/impl"])
	}

	// The command leaves all of it to the whole-program phase, which
	// reports the same findings at the same handlers.
	perPkg, whole := analyseResults(t, analyzer.Options{}, analyzer.Hooks{Whole: true, KeepSummaries: true}, "wiringfix/jobs", "wiringfix/impl", "wiringfix/cmd")
	for pkg, ds := range diagnosticsOf(perPkg) {
		if len(ds) > 0 {
			t.Errorf("Whole: %s reports %v", pkg, ds)
		}
	}
	// Where go vet says unresolved, the command (VTA) may know more.
	var vetAll, wholeAll []string
	unresolvedAt := map[string]bool{}
	for _, ds := range got {
		for _, d := range ds {
			if pos, _, _ := strings.Cut(d, ": unresolved: "); pos != d {
				unresolvedAt[pos] = true
				continue
			}
			vetAll = append(vetAll, d)
		}
	}
	for _, ds := range diagnosticsOf(whole) {
		for _, d := range ds {
			if pos, _, _ := strings.Cut(d, ": "); !unresolvedAt[pos] {
				wholeAll = append(wholeAll, d)
			}
		}
	}
	sort.Strings(vetAll)
	sort.Strings(wholeAll)
	if strings.Join(vetAll, "\n") != strings.Join(wholeAll, "\n") {
		t.Errorf("go vet:\n%s\nthe command:\n%s", strings.Join(vetAll, "\n"), strings.Join(wholeAll, "\n"))
	}
	// -jobeffects.unresolved=false
	quiet := analyse(t, analyzer.Options{QuietUnresolved: true}, "wiringfix/jobs", "wiringfix/impl", "wiringfix/cmd")
	if len(quiet["wiringfix/jobs"]) > 0 {
		t.Errorf("QuietUnresolved: %v", quiet["wiringfix/jobs"])
	}
}

// TestWiringCollectionsUnderVet: a dependency that fans out to senders it
// keeps in a map or a slice (filled by its constructor from a variadic or
// slice parameter, or by a Register method) is resolved by go vet in the
// package that wires it, as the command resolves it over the whole
// program; senders picked at run time are reported as unresolved, saying
// where the collection is filled.
func TestWiringCollectionsUnderVet(t *testing.T) {
	pkgs := []string{"wiringcoll/usecase", "wiringcoll/push", "wiringcoll/fcm", "wiringcoll/store", "wiringcoll/handlers", "wiringcoll/cmd"}
	got := analyse(t, analyzer.Options{}, pkgs...)
	want := []string{
		// usecase.Usecase.dispatcher → push.Dispatcher.senders (a map
		// NewDispatcher(senders ...Sender) fills) → fcm.
		"wiringcoll/handlers/handlers.go:23: unguarded: handler (*handlers.Handlers).HandleNotify repeats its side effects when a job is delivered twice: push send (fcm) (high) at wiringcoll/fcm/fcm.go:17",
		// NewFanout(senders []Sender) keeps the slice it is given.
		"wiringcoll/handlers/handlers.go:32: unguarded: handler (*handlers.Sender).HandleFanout repeats its side effects when a job is delivered twice: push send (fcm) (high) at wiringcoll/fcm/fcm.go:17",
		// Registry.Register(name, s) puts s into the map.
		"wiringcoll/handlers/handlers.go:40: unguarded: handler (*handlers.RegistrySender).HandleRegistry repeats its side effects when a job is delivered twice: push send (fcm) (high) at wiringcoll/fcm/fcm.go:17",
		"wiringcoll/handlers/handlers.go:48: unresolved: go vet cannot tell what (*handlers.PoolSender).HandlePool does: calls (push.Sender).Send through an interface; its implementation is not known here; the field's elements are set at wiringcoll/cmd/main.go:37 from the result of main.loadSenders (the call at wiringcoll/push/push.go:75; run jobeffects ./... to resolve it over the whole program)",
	}
	ds := got["wiringcoll/cmd"]
	if len(ds) != len(want) {
		t.Fatalf("cmd: %d diagnostics, want %d:\n%s", len(ds), len(want), strings.Join(ds, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(ds[i], w) {
			t.Errorf("got\n%s\nwant prefix\n%s", ds[i], w)
		}
	}
	for _, pkg := range pkgs[:len(pkgs)-1] {
		if len(got[pkg]) > 0 {
			t.Errorf("%s: %v", pkg, got[pkg])
		}
	}
	// The command finds the same where go vet decides.
	_, whole := analyseResults(t, analyzer.Options{}, analyzer.Hooks{Whole: true, KeepSummaries: true}, pkgs...)
	wholeBy := map[string]string{}
	for _, ds := range diagnosticsOf(whole) {
		for _, d := range ds {
			pos, _, _ := strings.Cut(d, ": ")
			wholeBy[pos] = d
		}
	}
	for _, d := range ds {
		if strings.Contains(d, ": unresolved: ") {
			continue
		}
		pos, _, _ := strings.Cut(d, ": ")
		if wholeBy[pos] != d {
			t.Errorf("go vet:\n%s\nthe command:\n%s", d, wholeBy[pos])
		}
	}
}
