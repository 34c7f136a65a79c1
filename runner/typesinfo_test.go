package runner

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// sizedSource exercises what the Info maps record: generics, selections,
// qualified and unqualified uses, closures, type switches, scopes.
const sizedSource = `package p

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) Swap() Pair[K, V] { return Pair[K, V]{Key: p.Key, Val: p.Val} }

type S struct{ n int }

func (s *S) Add(d int) int { s.n += d; return s.n }

func Use(xs []any) (total int) {
	s := &S{}
	f := func(i int) int { return s.Add(i) }
	for i, x := range xs {
		switch v := x.(type) {
		case int:
			total += f(v)
		case Pair[string, int]:
			total += v.Swap().Val + i
		default:
			if total > 10 {
				total--
			}
		}
	}
	select {}
}
`

// TestSizedTypesInfo: the sized Info records exactly what go/packages'
// empty one does (the sizes are hints), and its hints are within a small
// factor of what the type-check fills.
func TestSizedTypesInfo(t *testing.T) {
	check := func(info *types.Info) *types.Info {
		t.Helper()
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", sizedSource, parser.AllErrors|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if info == nil {
			info = sizedTypesInfo([]*ast.File{f})
		}
		if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
			t.Fatal(err)
		}
		return info
	}
	want, got := check(newTypesInfo()), check(nil)
	lens := func(i *types.Info) [8]int {
		return [8]int{len(i.Types), len(i.Defs), len(i.Uses), len(i.Implicits), len(i.Instances), len(i.Scopes), len(i.Selections), len(i.FileVersions)}
	}
	if lens(got) != lens(want) {
		t.Errorf("sized Info holds %v entries (Types, Defs, Uses, Implicits, Instances, Scopes, Selections, FileVersions), want %v", lens(got), lens(want))
	}

	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", sizedSource, parser.AllErrors|parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	n := countSyntax([]*ast.File{f})
	for _, c := range []struct {
		name       string
		hint, fill int
	}{
		{"Types", n.exprs * 3 / 4, len(want.Types)},
		{"Uses", n.idents * 5 / 6, len(want.Uses)},
		{"Defs", n.idents / 5, len(want.Defs)},
		{"Selections", n.selectors * 3 / 4, len(want.Selections)},
		{"Scopes", n.scopes, len(want.Scopes)},
	} {
		if c.fill == 0 || c.hint < c.fill/2 || c.hint > 2*c.fill {
			t.Errorf("%s: hint %d for %d entries (want within a factor of 2)", c.name, c.hint, c.fill)
		}
	}
}
