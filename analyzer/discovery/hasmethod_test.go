package discovery

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestHasMethod: progImplForwards' filter never drops a type that
// implements the interface (as a value or a pointer), and drops the types
// that lack the method: value and pointer receivers, methods promoted
// through embedded values and pointers, a field hiding a promoted method,
// and an unexported interface method, which a type of another package has
// only by embedding one of the interface's package.
func TestHasMethod(t *testing.T) {
	fset := token.NewFileSet()
	imp := importer.Default()
	check := func(path, src string, deps map[string]*types.Package) *types.Package {
		f, err := parser.ParseFile(fset, path+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		conf := types.Config{Importer: importerFunc(func(p string) (*types.Package, error) {
			if d, ok := deps[p]; ok {
				return d, nil
			}
			return imp.Import(p)
		})}
		pkg, err := conf.Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return pkg
	}
	q := check("q", `package q
type Runner interface{ Run() error; Name() string }
type Hidden interface{ run() }
type Impl struct{}
func (Impl) run() {}
`, nil)
	p := check("p", `package p
import "q"
type Val struct{}
func (Val) Run() error { return nil }
func (Val) Name() string { return "" }
type Ptr struct{}
func (*Ptr) Run() error { return nil }
func (*Ptr) Name() string { return "" }
type Half struct{}
func (Half) Run() error { return nil }
type None int
type Embeds struct{ Val }
type EmbedsPtr struct{ *Ptr }
type Shadow struct {
	Val
	Run int
}
type Own struct{}
func (Own) run() {}
type Promoted struct{ q.Impl }
type Gen[T any] struct{ v T }
func (Gen[T]) Run() error { return nil }
func (Gen[T]) Name() string { return "" }
`, map[string]*types.Package{"q": q})
	ifaces := map[string]*types.Interface{}
	for _, n := range []string{"Runner", "Hidden"} {
		ifaces[n] = q.Scope().Lookup(n).Type().Underlying().(*types.Interface)
	}
	want := map[string]map[string]bool{ // type → interface → implements (value or pointer)
		"Val": {"Runner": true}, "Ptr": {"Runner": true}, "Half": {}, "None": {},
		"Embeds": {"Runner": true}, "EmbedsPtr": {"Runner": true}, "Shadow": {},
		"Own": {}, "Promoted": {"Hidden": true}, "Gen": {"Runner": true},
	}
	for _, name := range concreteTypeNames(p) {
		typ := p.Scope().Lookup(name).Type()
		ptr := types.NewPointer(typ)
		for iname, iface := range ifaces {
			impl := types.Implements(typ, iface) || types.Implements(ptr, iface)
			if impl != want[name][iname] {
				t.Fatalf("%s implements %s = %v: the fixture is wrong", name, iname, impl)
			}
			all := true
			for i := 0; i < iface.NumMethods(); i++ {
				all = all && hasMethod(ptr, iface.Method(i))
			}
			if impl && !all {
				t.Errorf("%s implements %s but hasMethod drops it", name, iname)
			}
		}
	}
	// The types that lack the method are dropped.
	run := ifaces["Runner"].Method(1) // sorted: Name, Run
	if run.Name() != "Run" {
		t.Fatalf("method 1 is %s", run.Name())
	}
	hidden := ifaces["Hidden"].Method(0)
	for _, c := range []struct {
		typ  string
		m    *types.Func
		want bool
	}{
		{"Half", run, true}, {"None", run, false}, {"Shadow", run, false},
		{"Own", hidden, false}, {"Promoted", hidden, true}, {"Val", hidden, false},
	} {
		ptr := types.NewPointer(p.Scope().Lookup(c.typ).Type())
		if got := hasMethod(ptr, c.m); got != c.want {
			t.Errorf("hasMethod(*%s, %s) = %v, want %v", c.typ, c.m.Name(), got, c.want)
		}
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
