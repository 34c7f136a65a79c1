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

// TestLazyCalleesNoInit: a call of a func() value may reach any function
// of that signature whose value can be taken, which a declared init
// function's cannot.
func TestLazyCalleesNoInit(t *testing.T) {
	const src = `package p

var n int

func init() { n++ }

func tick() { n++ }

func call(f func()) { f() }

func use() { call(tick) }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage("p", ""), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	calleesOf := lazyCallees(ssautil.AllFunctions(pkg.Prog))
	var got []string
	for _, b := range pkg.Func("call").Blocks {
		for _, in := range b.Instrs {
			if site, ok := in.(ssa.CallInstruction); ok {
				for _, g := range calleesOf(site) {
					got = append(got, g.Name())
				}
			}
		}
	}
	// use is there too (every func() function is, to cha).
	if !slices.Contains(got, "tick") || slices.ContainsFunc(got, func(n string) bool { return strings.HasPrefix(n, "init") }) {
		t.Errorf("callees of f() = %v, want tick and no init", got)
	}
}
