package ssatest

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Build type-checks src, one file of a package whose path is its package
// name (it may import the standard library), and builds its SSA.
func Build(t testing.TB, src string) *ssa.Package {
	t.Helper()
	pkg, _ := BuildFile(t, src)
	return pkg
}

// BuildFile is Build that also returns the file's syntax.
func BuildFile(t testing.TB, src string) (*ssa.Package, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	conf := &types.Config{Importer: stdImporter}
	pkg, _, err := ssautil.BuildPackage(conf, fset, types.NewPackage(f.Name.Name, f.Name.Name), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, f
}

// stdImporter imports the standard library for every Build of the test
// binary: the packages are type-checked once (types are shared across SSA
// programs; their positions, in the importer's own file set, are not used).
var stdImporter = &sharedImporter{imp: importer.Default()}

type sharedImporter struct {
	mu  sync.Mutex
	imp types.Importer
}

func (s *sharedImporter) Import(path string) (*types.Package, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.imp.Import(path)
}

// Funcs lists the package's functions: package-level functions, the
// methods of its types and every closure nested in them, sorted by name.
func Funcs(pkg *ssa.Package) []*ssa.Function {
	seen := map[*ssa.Function]bool{}
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || seen[fn] || fn.Blocks == nil || fn.Synthetic != "" {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := pkg.Prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if fn := pkg.Prog.MethodValue(ms.At(i)); fn != nil && fn.Pkg == pkg && fn.Synthetic == "" {
						add(fn)
					}
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// Func returns the function of pkg named name: a package-level function
// ("F"), a method ("(*T).M" or "T.M") or a closure ("F$1").
func Func(t testing.TB, pkg *ssa.Package, name string) *ssa.Function {
	t.Helper()
	for _, fn := range Funcs(pkg) {
		if fn.RelString(pkg.Pkg) == name {
			return fn
		}
	}
	var names []string
	for _, fn := range Funcs(pkg) {
		names = append(names, fn.RelString(pkg.Pkg))
	}
	t.Fatalf("no function %s in %v", name, names)
	return nil
}

// Values returns fn's values that are instructions of type T, in block
// and instruction order.
func Values[T ssa.Value](fn *ssa.Function) []T {
	var out []T
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(T); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

// First is the first of Values, failing the test when fn has none.
func First[T ssa.Value](t testing.TB, fn *ssa.Function) T {
	t.Helper()
	vs := Values[T](fn)
	if len(vs) == 0 {
		var zero T
		t.Fatalf("%s has no %T", fn, zero)
	}
	return vs[0]
}

// CallArgs returns the arguments of fn's first call of the function
// named callee (receiver first for methods).
func CallArgs(t testing.TB, fn *ssa.Function, callee string) []ssa.Value {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			if sc := c.StaticCallee(); sc != nil && sc.Name() == callee {
				return c.Args
			}
			if c.IsInvoke() && c.Method.Name() == callee {
				return append([]ssa.Value{c.Value}, c.Args...)
			}
		}
	}
	t.Fatalf("%s calls no %s", fn, callee)
	return nil
}

// Within runs f and fails the test if it does not return within d. A walk
// that loops forever keeps its goroutine, so the test binary is stopped:
// the failure is the report.
func Within(t testing.TB, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		panic(t.Name() + ": the walk did not finish within " + d.String() + " (a cycle it does not guard against?)")
	}
}
