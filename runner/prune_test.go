package runner

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// checked type-checks src as package p, with every map of types.Info.
func checked(t *testing.T, src string) *packages.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Instances: map[*ast.Ident]types.Instance{},
		Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes: map[ast.Node]*types.Scope{},
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &packages.Package{PkgPath: "p", Types: pkg, TypesInfo: info, Syntax: []*ast.File{f}, Fset: fset}
}

// A generic package whose pass is done waits for fifteen others before
// its type information is pruned, unless it holds pruneEntries of it: a
// large package is pruned right away.
func TestPruneLargeGenericPackage(t *testing.T) {
	const src = `package p

func Map[T any](xs []T, f func(T) T) []T {
	for i := range xs {
		xs[i] = f(xs[i])
	}
	return xs
}

func plain(a, b int) int { return a*b + a - b }
`
	for _, c := range []struct {
		pending int
		pruned  bool
	}{{pruneEntries - 1, false}, {pruneEntries, true}} {
		p := checked(t, src)
		before := len(p.TypesInfo.Types)
		w := &whole{generic: []*packages.Package{p}, pending: c.pending}
		w.pruneWhenIdle(make(chan struct{}, 2))
		after := len(p.TypesInfo.Types)
		if pruned := after < before; pruned != c.pruned {
			t.Errorf("pending %d: Types %d → %d entries, pruned %v, want %v", c.pending, before, after, pruned, c.pruned)
		}
		if c.pruned && (len(w.generic) != 0 || w.pending != 0) {
			t.Errorf("pending %d: still waiting: %d packages, %d entries", c.pending, len(w.generic), w.pending)
		}
		if after == 0 {
			t.Errorf("pending %d: the generic function's type information is gone", c.pending)
		}
	}
}
