package wholeprogram

import (
	"fmt"
	"go/types"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"
)

// A panic in this phase — in x/tools' SSA builder or call graphs, or in
// our reading of them — must not cost the run: the per-package answers
// stand for what the phase could not decide (their dynamic calls stay
// unknown, never safe) and the failure is reported as an error naming the
// step and what it was working on. A panic in the program-wide steps
// (SSA, CHA, VTA, the indexes) leaves every handler with its per-package
// answer; a panic while one handler is resolved leaves that handler with
// its own, and the others are resolved.

// testPanicEnv is analyzer.TestPanicEnv (which this package does not
// import): its entries "whole:STEP" make the steps whose names start with
// STEP panic ("whole:the call graph (VTA)", "whole:resolving handler
// Notify"), for the tests of the containment. go vet's and the run
// cache's keys hold it.
const testPanicEnv = "JOBEFFECTS_TEST_PANIC"

// testPanic is called as each step starts and may panic to show the
// containment.
var testPanic = func(step string) {
	for _, p := range strings.Split(os.Getenv(testPanicEnv), ",") {
		if s, ok := strings.CutPrefix(p, "whole:"); ok && s != "" && strings.HasPrefix(step, s) {
			panic(testPanicEnv + " names this step")
		}
	}
}

// contain runs f; a panic in it is returned as the failure's message
// (the step r was at, what it involved, the panic and where), "" when f
// returned.
func (r *resolver) contain(f func()) (failure string) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		why := fmt.Sprint(p)
		if at := panicFrame(debug.Stack()); at != "" {
			why += " at " + at
		}
		failure = "whole-program phase failed in " + r.step
		if r.involving != nil {
			if what := r.involving(); what != "" {
				failure += " (" + what + ")"
			}
		}
		failure += ": internal error: " + why
		r.step, r.involving, r.override = "", nil, nil
	}()
	f()
	return ""
}

// at starts a step; a test's hook may panic in it.
func (r *resolver) at(step string, involving func() string) {
	r.step, r.involving = step, involving
	testPanic(step)
}

// panicFrame is the file and line of the function that panicked, the first
// frame below the runtime's panic in a stack trace, shortened to the part
// after the module's or package's path ("go/callgraph/vta/graph.go:651"
// keeps golang.org/x/tools@…/ out).
func panicFrame(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i := 0; i+2 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "panic(") {
			continue
		}
		for j := i + 2; j+1 < len(lines); j += 2 {
			if strings.HasPrefix(lines[j], "runtime.") {
				continue // a runtime error's own frames
			}
			file := strings.TrimSpace(lines[j+1])
			if k := strings.LastIndex(file, " +0x"); k >= 0 {
				file = file[:k]
			}
			if k := strings.Index(file, "@"); k >= 0 {
				if s := strings.Index(file[k:], "/"); s >= 0 {
					file = file[k+s+1:] // module cache: after the version
				}
			} else if k := strings.Index(file, "/wholeprogram/"); k >= 0 {
				file = file[k+1:]
			}
			return file
		}
	}
	return ""
}

// mismatchedCalls names the call sites of the slice whose callees in the
// initial call graph return a different number of results than the call
// does — what makes VTA panic (graph.go reads the site's tuple by the
// callee's results) — to say where the call graph failed.
func mismatchedCalls(slice map[*ssa.Function]bool, cg *callgraph.Graph) []string {
	var out []string
	for fn := range slice {
		node := cg.Nodes[fn]
		if node == nil {
			continue
		}
		for _, e := range node.Out {
			site, ok := e.Site.(ssa.Value)
			if !ok || e.Callee.Func.Signature.Results().Len() == 1 {
				continue
			}
			if _, ok := site.Type().(*types.Tuple); ok {
				continue
			}
			out = append(out, fmt.Sprintf("%s: call in %s reaches %s, whose signature is %s", fn.Prog.Fset.Position(e.Site.Pos()), fn, e.Callee.Func, e.Callee.Func.Signature))
		}
	}
	sort.Strings(out)
	return out
}

// buildAll builds the program's packages as prog.Build does, in parallel,
// but with a panic in one package's build (in its goroutine, where the
// phase's recover cannot see it) returned as a failure naming the
// package, the first by path; "" when every package built.
func buildAll(prog *ssa.Program) string {
	pkgs := prog.AllPackages()
	failed := make([]string, len(pkgs))
	var wg sync.WaitGroup
	limit := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range pkgs {
		wg.Add(1)
		limit <- struct{}{}
		go func() {
			defer func() {
				if e := recover(); e != nil {
					why := fmt.Sprint(e)
					if at := panicFrame(debug.Stack()); at != "" {
						why += " at " + at
					}
					failed[i] = p.Pkg.Path() + ": internal error: " + why
				}
				<-limit
				wg.Done()
			}()
			testPanic("the program's SSA: " + p.Pkg.Path())
			p.Build()
		}()
	}
	wg.Wait()
	sort.Strings(failed)
	for _, f := range failed {
		if f != "" {
			return "whole-program phase failed in the program's SSA (package " + f + ")"
		}
	}
	return ""
}
