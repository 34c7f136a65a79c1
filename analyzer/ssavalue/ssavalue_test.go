package ssavalue

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

const src = `package p

type Opts struct {
	Mode string
	N    int
}

func use(args ...any)      {}
func opts(o Opts)          {}
func ptr(o *Opts)          {}
func names(xs ...string)   {}

const queue = "emails"

func F() {
	use("a", 1)
	opts(Opts{Mode: "NX", N: 3})
	ptr(&Opts{Mode: "XX"})
	names(queue, "x"+"y")
}
`

// calls returns the arguments of each call to name in F.
func calls(t *testing.T, name string) [][]ssa.Value {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]ssa.Value
	for _, b := range pkg.Func("F").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == name {
				out = append(out, c.Call.Args)
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no call of %s", name)
	}
	return out
}

func TestSliceElemsAndConstString(t *testing.T) {
	elems := SliceElems(calls(t, "names")[0][0])
	var got []string
	for _, e := range elems {
		got = append(got, ConstString(e))
	}
	if strings.Join(got, ",") != "emails,xy" {
		t.Errorf("names(...) elements = %q, want the folded constants", got)
	}
	if n := len(SliceElems(calls(t, "use")[0][0])); n != 2 {
		t.Errorf("use(...) has %d elements, want 2", n)
	}
}

func TestFieldConst(t *testing.T) {
	if got := FieldConst(calls(t, "opts")[0][0], "Mode"); got != "NX" {
		t.Errorf("Opts{Mode: NX}.Mode = %q", got)
	}
	if got := FieldConst(calls(t, "opts")[0][0], "N"); got != "3" {
		t.Errorf("Opts{N: 3}.N = %q", got)
	}
	if got := FieldConst(calls(t, "ptr")[0][0], "Mode"); got != "XX" {
		t.Errorf("&Opts{Mode: XX}.Mode = %q", got)
	}
	if got := FieldConst(calls(t, "ptr")[0][0], "N"); got != "" {
		t.Errorf("an unset field = %q, want empty", got)
	}
}

func TestDeref(t *testing.T) {
	i := types.Typ[types.Int]
	if Deref(types.NewPointer(i)) != i || Deref(i) != i {
		t.Error("Deref strips one pointer")
	}
}

// The walks of this package over cyclic shapes: a function value read
// from maps in a loop (lookups through its phis), a captured variable
// that stores a load of itself (ParamOf through its only store).
func TestCyclicShapes(t *testing.T) {
	pkg := ssatest.Build(t, `package p

type H struct{ m map[string]func() }

func (h *H) Dispatch(keys []string) {
	f := h.m["a"]
	for _, k := range keys {
		if k != "" {
			f = h.m[k]
		}
	}
	f()
}

func Self() func() any {
	var x any
	x = x
	return func() any { return x }
}
`)
	fn := ssatest.Func(t, pkg, "(*H).Dispatch")
	var got []FieldKey
	ssatest.Within(t, 10*time.Second, func() { got = DispatchedFields(fn) })
	if len(got) != 1 || FieldAt(types.NewPointer(got[0].T), got[0].Index) != "m" {
		t.Errorf("DispatchedFields = %v, want the field m", got)
	}
	closure := ssatest.Func(t, pkg, "Self$1")
	var k int
	ssatest.Within(t, 10*time.Second, func() { _, k = ParamOf(closure.FreeVars[0]) })
	if k != -1 {
		t.Errorf("ParamOf(x) = %d, want -1: x's only store is a load of x", k)
	}
}
