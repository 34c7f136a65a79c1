package wholeprogram

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
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

// TestProgramFunctionsAlias: a conversion of a value whose type is spelled
// through an alias gives the same set as one spelled with the named type
// itself, the pointer type's wrappers included. forEachElement recorded
// the alias and then found its target seen, so *n was derived only when n
// had been reached first; go/ssa's RuntimeTypes, which the set reads last,
// lists its types in a map's order, so the set of testdata/ecosystem
// gained or lost the four wrappers of *crypto/ed25519.PrivateKey (x/crypto's
// ed25519.PrivateKey is an alias of it) from one run to the next (stop 65,
// det65).
func TestProgramFunctionsAlias(t *testing.T) {
	const src = `package p

type n int

func (n) M() {}

type A = n

func Sink() any {
	var v T
	return v
}
`
	set := func(spelling string) []string {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", strings.Replace(src, "var v T", "var v "+spelling, 1), 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, ssa.InstantiateGenerics)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for fn := range programFunctions(pkg.Prog) {
			names = append(names, fn.String())
		}
		slices.Sort(names)
		return names
	}
	alias, named := set("A"), set("n")
	if !slices.Equal(alias, named) {
		t.Errorf("the function set depends on the conversion's spelling:\n alias %v\n named %v", alias, named)
	}
	for _, want := range []string{"(p.n).M", "(*p.n).M"} {
		if !slices.Contains(alias, want) {
			t.Errorf("%s missing from the alias's set %v", want, alias)
		}
	}
}
