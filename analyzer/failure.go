package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// A panic in the analysis of one package must not cost the others: under
// go vet a tool that dies writes no facts file, and every package that
// imports the failed one then fails too ("no package vetx file"); in the
// command the checker would stop the whole run. So a pass runs with its
// facts held back: when it completes they are exported, when it panics
// none are (the importers see a package whose functions were not
// analysed, whose effects are unknown, never a half-built summary), and
// the package's result is one analysis-failed diagnostic naming the
// package and the panic. A stack overflow cannot be recovered in Go: the
// walks over SSA carry visited sets and depth bounds instead.

// TestPanicEnv names packages (comma-separated import paths) whose
// analysis panics on purpose, after their facts are made: the tests of the
// containment use it. It is part of go vet's cache key (vetversion.go), so
// results with and without it are not mixed.
const TestPanicEnv = "JOBEFFECTS_TEST_PANIC"

// forcedPanic panics when TestPanicEnv names the package.
func forcedPanic(pkg *types.Package) {
	for _, p := range strings.Split(os.Getenv(TestPanicEnv), ",") {
		if p != "" && p == pkg.Path() {
			panic(TestPanicEnv + " names this package")
		}
	}
}

// runContained is runPass with its facts held back and a panic turned
// into the package's failure.
func runContained(pass *analysis.Pass, opts *Options, hooks *Hooks) (res any, err error) {
	held := holdFacts(pass)
	defer func() {
		held.restore()
		r := recover()
		if r == nil && err == nil {
			r = held.flush()
		}
		if r == nil {
			return
		}
		why := fmt.Sprint(r)
		if at := panicSite(debug.Stack()); at != "" {
			why += " at " + at
		}
		res, err = failedResult(pass, why), nil
		if hooks.OnFailure != nil {
			hooks.OnFailure(pass.Pkg, failureMessage(pass.Pkg.Path(), why))
		}
		if hooks.Warnings != nil {
			// go vet prints no diagnostics of a dependency (it analyses it
			// for facts only); the warning reaches the user anyway.
			fmt.Fprintf(hooks.Warnings, "jobeffects: warning: %s\n", failureMessage(pass.Pkg.Path(), why))
		}
	}()
	return runPass(pass, opts, hooks)
}

// failureMessage says which package failed and why.
func failureMessage(pkg, why string) string {
	return fmt.Sprintf("jobeffects could not analyse package %s (internal error: %s): the packages that import it do not see its code (its functions are read from their names, or unknown); the rest was analysed. Please report this with the package's module version", pkg, why)
}

// failedResult is the result of a package whose analysis panicked: one
// analysis-failed diagnostic at its package clause, reported through the
// pass.
func failedResult(pass *analysis.Pass, why string) *result.Result {
	res := &result.Result{Package: pass.Pkg.Path(), Files: FileNames(pass), Failed: why}
	pos := packageClause(pass)
	if pos.IsValid() {
		d := result.Diagnostic{Pos: pass.Fset.Position(pos).String(), Rule: rules.AnalysisFailed,
			Message: failureMessage(pass.Pkg.Path(), why), URL: rules.URL(rules.AnalysisFailed)}
		res.Diagnostics = []result.Diagnostic{d}
		pass.Report(analysis.Diagnostic{Pos: pos, Category: d.Rule, Message: d.Message, URL: d.URL})
	}
	return res
}

// packageClause is the position of the package clause of the package's
// first file by name.
func packageClause(pass *analysis.Pass) token.Pos {
	var best token.Pos
	bestName := ""
	for _, f := range pass.Files {
		name := pass.Fset.Position(f.Package).Filename
		if !best.IsValid() || name < bestName {
			best, bestName = f.Package, name
		}
	}
	return best
}

// panicSite is the innermost frame of this module in a stack trace
// ("analyzer/summary/tx.go:31"), below the runtime's panic frames.
func panicSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	const mod = "github.com/jobeffects/jobeffects/"
	afterPanic := false
	for i := 0; i+1 < len(lines); i++ {
		fn := lines[i]
		if strings.HasPrefix(fn, "panic(") {
			afterPanic = true
			continue
		}
		if !afterPanic || !strings.HasPrefix(fn, mod) {
			continue
		}
		file := strings.TrimSpace(lines[i+1])
		if j := strings.LastIndex(file, " +0x"); j >= 0 {
			file = file[:j]
		}
		if k := strings.Index(file, "/analyzer/"); k >= 0 {
			file = file[k+1:]
		} else if k := strings.Index(file, "/wholeprogram/"); k >= 0 {
			file = file[k+1:]
		}
		return file
	}
	return ""
}

// heldFacts holds the facts a pass exports until it completes. The pass
// reads its own package's facts back from it.
type heldFacts struct {
	pass       *analysis.Pass
	export     func(types.Object, analysis.Fact)
	importFact func(types.Object, analysis.Fact) bool
	facts      map[heldKey]analysis.Fact
	order      []heldKey // the facts in the order they were made
}

type heldKey struct {
	obj types.Object
	t   reflect.Type
}

func holdFacts(pass *analysis.Pass) *heldFacts {
	h := &heldFacts{pass: pass, export: pass.ExportObjectFact, importFact: pass.ImportObjectFact, facts: map[heldKey]analysis.Fact{}}
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		k := heldKey{obj, reflect.TypeOf(fact)}
		if _, seen := h.facts[k]; !seen {
			h.order = append(h.order, k)
		}
		h.facts[k] = fact
	}
	pass.ImportObjectFact = func(obj types.Object, ptr analysis.Fact) bool {
		if f, ok := h.facts[heldKey{obj, reflect.TypeOf(ptr)}]; ok {
			reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
			return true
		}
		return h.importFact(obj, ptr)
	}
	return h
}

// restore gives the pass its own fact functions back.
func (h *heldFacts) restore() {
	h.pass.ExportObjectFact, h.pass.ImportObjectFact = h.export, h.importFact
}

// flush exports the held facts; it returns what exporting panicked with
// (a fact the driver refuses), or nil.
func (h *heldFacts) flush() (r any) {
	defer func() { r = recover() }()
	for _, k := range h.order {
		h.export(k.obj, h.facts[k])
	}
	return nil
}
