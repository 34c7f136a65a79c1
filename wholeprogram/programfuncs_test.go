package wholeprogram

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestAllFunctionsBuildOrder: the program's function set (the call-graph
// slice's universe) is the same whatever bodies were built before it is
// asked. level becomes a runtime type only through the instance
// Box[level].Show, which nothing builds until a wrapper of holder (a
// runtime type: converted in Sink) is made, so ssautil.AllFunctions,
// reading the runtime types once, listed (*level).String or not
// depending on whether an earlier step had asked for holder's methods
// (issue 31: flexprice's slice, 32,897 / 32,898 functions).
func TestAllFunctionsBuildOrder(t *testing.T) {
	const src = `package p

type level int

func (l level) String() string { return "level" }

type Box[T any] struct{}

func (Box[T]) Show() any {
	var v T
	return v
}

type holder struct{ Box[level] }

func Sink() any { return holder{} }
`
	build := func(before bool) []string {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, ssa.InstantiateGenerics)
		if err != nil {
			t.Fatal(err)
		}
		prog := pkg.Prog
		if before {
			// An earlier step asks for holder's methods (as a first
			// AllFunctions would): the instance is built now.
			holder := pkg.Type("holder").Type()
			mset := prog.MethodSets.MethodSet(holder)
			for i := 0; i < mset.Len(); i++ {
				prog.MethodValue(mset.At(i))
			}
		}
		var names []string
		for fn := range programFunctions(prog) {
			names = append(names, fn.String())
		}
		slices.Sort(names)
		return names
	}
	cold, warm := build(false), build(true)
	if !slices.Equal(cold, warm) {
		t.Errorf("the function set depends on the bodies built before it:\n cold %v\n warm %v", cold, warm)
	}
	for _, want := range []string{"(p.level).String", "(*p.level).String", "(p.Box[p.level]).Show"} {
		if !slices.Contains(cold, want) {
			t.Errorf("%s missing from %v", want, cold)
		}
	}
}
