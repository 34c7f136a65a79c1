package discovery

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// TestConcreteTypeNames: the package's types that are not interfaces, in
// Scope.Names order, the same on a second call (kept).
func TestConcreteTypeNames(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", `package p
type Z struct{}
type I interface{ M() }
type A int
type Alias = Z
type IA = I
func F() {}
var V int
const C = 1
`, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"A", "Alias", "Z"}
	if got := concreteTypeNames(pkg); !slices.Equal(got, want) {
		t.Errorf("concreteTypeNames = %v, want %v", got, want)
	}
	if got := concreteTypeNames(pkg); !slices.Equal(got, want) {
		t.Errorf("second call: %v, want %v", got, want)
	}
}
