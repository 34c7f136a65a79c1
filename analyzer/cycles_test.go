package analyzer

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// referencedPackages walks the types the package mentions: types that
// contain themselves (a list node, a recursive func type, a generic
// instantiated with itself) must not lead it round in circles.
func TestReferencedPackagesCyclicTypes(t *testing.T) {
	const src = `package p

import "time"

type Node struct {
	Next *Node
	Kids []Node
	Do   func(Node) Node
	At   time.Time
}

type F func(F) F

type List[T any] struct{ Head *List[T]; V T }

var l List[List[Node]]
var f F
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{},
		Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Instances: map[*ast.Ident]types.Instance{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{file}, Pkg: pkg, TypesInfo: info}
	var got map[*types.Package]bool
	ssatest.Within(t, 10*time.Second, func() { got = referencedPackages(pass) })
	found := false
	for p := range got {
		found = found || p.Path() == "time"
	}
	if !found {
		t.Errorf("referencedPackages = %v, want time among them", got)
	}
}
