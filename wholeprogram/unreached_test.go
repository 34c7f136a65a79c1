package wholeprogram

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const unreachedSrc = `package p

var table = map[string]int{"a": 1, "b": 2} // the initialiser: nothing in the slice calls it

func Entry() {
	used(1)
	run(passed)
	f := func() { inLiteral() }
	f()
}

func used(n int) int { return n + 1 }

func run(g func()) {}

func passed() { calledByPassed() }

func calledByPassed() {}

func inLiteral() {}

func unreached(n int) int { return helperOfUnreached(n) * 2 }

func helperOfUnreached(n int) int { return n }
`

// The slice is Entry alone: what it names (a static callee, a function
// value it passes on, its function literal) and what those name in turn
// keep their bodies; the rest, the package initialiser included, is
// emptied, and a dropped function's parameters no longer point into it.
func TestReleaseUnreached(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", unreachedSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	all := ssautil.AllFunctions(pkg.Prog)
	entry := pkg.Func("Entry")
	n := releaseUnreached(all, map[*ssa.Function]bool{entry: true})
	for _, name := range []string{"Entry", "used", "run", "passed", "calledByPassed", "inLiteral"} {
		if pkg.Func(name).Blocks == nil {
			t.Errorf("%s: body released, but the slice names it", name)
		}
	}
	if entry.AnonFuncs[0].Blocks == nil {
		t.Errorf("Entry's function literal: body released")
	}
	for _, name := range []string{"unreached", "helperOfUnreached", "init"} {
		fn := pkg.Func(name)
		if fn.Blocks != nil {
			t.Errorf("%s: body kept, but nothing in the slice reaches it", name)
		}
		for _, p := range fn.Params {
			if len(*p.Referrers()) != 0 {
				t.Errorf("%s: parameter %s still refers to %d instructions", name, p.Name(), len(*p.Referrers()))
			}
		}
	}
	if n != 3 {
		t.Errorf("released %d bodies, want 3", n)
	}
}
