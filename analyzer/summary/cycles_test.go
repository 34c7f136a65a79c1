package summary

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// The walks over SSA values and types meet cycles in real code: loop
// phis, structs that store a load of their own field into another, types
// that are their own element, closures that call each other. Each test
// drives one walk over such a shape; Within fails a walk that loops, and a
// walk that recurses without end overflows the stack, which stops the test
// binary.

const walkLimit = 10 * time.Second

// summarise builds src and summarises every function of it with the
// catalog's models, as the analyzer does for a package.
func summarise(t *testing.T, src string) (*ssa.Package, *Package) {
	t.Helper()
	pkg, file := ssatest.BuildFile(t, src)
	ix, err := models.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	env := &Env{Fset: pkg.Prog.Fset, Index: ix, Files: []*ast.File{file},
		Import: func(*types.Func) (*Summary, bool) { return nil, false }}
	var p *Package
	ssatest.Within(t, walkLimit, func() { p = Build(env, pkg, ssatest.Funcs(pkg)) })
	for _, fn := range ssatest.Funcs(pkg) {
		if s := p.Of(fn); s != nil {
			for _, e := range s.Effects {
				if strings.Contains(e.Detail, "internal error") {
					t.Fatalf("%s: %s", fn, e.Detail)
				}
			}
		}
	}
	return pkg, p
}

// ulikunitz/xz v0.5.12's lzma.NewWriter: w.bw = w.buf stores a load of
// the struct's own field into another, so asking whether w holds a
// transaction asks about w again (isTx → holdsTx → isTx). It overflowed
// the stack and killed every run that had xz in its dependencies.
const xzWriter = `package lzma

import (
	"bufio"
	"io"
)

type Writer struct {
	bw  io.ByteWriter
	buf *bufio.Writer
}

func NewWriter(out io.Writer, use func(*Writer)) (w *Writer) {
	w = &Writer{}
	var ok bool
	w.bw, ok = out.(io.ByteWriter)
	if !ok {
		w.buf = bufio.NewWriter(out)
		w.bw = w.buf
	}
	use(w)
	return w
}

type ring struct{ a, b *ring }

func Ring(use func(*ring)) {
	r := &ring{}
	r.a = r.b
	r.b = r.a
	use(r)
}
`

func TestXZSelfFieldStore(t *testing.T) {
	pkg, p := summarise(t, xzWriter)
	for _, name := range []string{"NewWriter", "Ring"} {
		s := p.Of(ssatest.Func(t, pkg, name))
		if s == nil {
			t.Fatalf("%s: no summary", name)
		}
		if len(s.TxCalls) != 0 {
			t.Errorf("%s: TxCalls = %v, want none: the struct holds no transaction", name, s.TxCalls)
		}
		if !slices.Equal(s.CallsParams, []int{1}) && name == "NewWriter" {
			t.Errorf("%s: CallsParams = %v, want [1] (use)", name, s.CallsParams)
		}
	}
}

const funcLoop = `package p

func a() {}
func b() {}
func c() {}

func Loop(n int) {
	f := a
	for i := 0; i < n; i++ {
		switch i % 3 {
		case 0:
			f = b
		case 1:
			f = c
		}
	}
	f()
}

func Nested(n int) {
	f := a
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if j == i {
				f = b
			}
		}
	}
	f()
}
`

func TestResolveFuncsLoopPhi(t *testing.T) {
	pkg := ssatest.Build(t, funcLoop)
	for _, name := range []string{"Loop", "Nested"} {
		fn := ssatest.Func(t, pkg, name)
		call := calledValue(t, fn)
		var refs []funcRef
		ssatest.Within(t, walkLimit, func() { refs = resolveFuncs(call) })
		var got []string
		for _, r := range refs {
			if !slices.Contains(got, r.fn.Name()) {
				got = append(got, r.fn.Name())
			}
		}
		slices.Sort(got)
		want := []string{"a", "b", "c"}
		if name == "Nested" {
			want = []string{"a", "b"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: resolveFuncs = %v, want %v (every function the loop may leave in f)", name, got, want)
		}
	}
}

// calledValue is the function value fn's only dynamic call calls.
func calledValue(t *testing.T, fn *ssa.Function) ssa.Value {
	t.Helper()
	for _, c := range ssatest.Values[*ssa.Call](fn) {
		if c.Call.StaticCallee() == nil && !c.Call.IsInvoke() {
			return c.Call.Value
		}
	}
	t.Fatalf("%s makes no dynamic call", fn)
	return nil
}

// A string built in a loop reaches its own phi; a switch in the loop
// makes the edges multiply at every level.
func TestStringValuesLoop(t *testing.T) {
	var b strings.Builder
	b.WriteString("package p\n\nfunc use(string) {}\n\nfunc Build(n int) {\n\ts := \"insert into t\"\n\tfor i := 0; i < n; i++ {\n\t\tswitch i {\n")
	for i := 0; i < 40; i++ {
		b.WriteString("\t\tcase " + itoa(i) + ":\n\t\t\ts += \" x" + itoa(i) + "\"\n")
	}
	b.WriteString("\t\t}\n\t}\n\tuse(s)\n}\n")
	pkg := ssatest.Build(t, b.String())
	arg := ssatest.CallArgs(t, ssatest.Func(t, pkg, "Build"), "use")[0]
	var texts []string
	ssatest.Within(t, walkLimit, func() { texts = stringValues(arg) })
	if len(texts) == 0 || len(texts) > maxTexts {
		t.Fatalf("stringValues = %q, want 1 to %d texts", texts, maxTexts)
	}
	if texts[0] != "insert into t" {
		t.Errorf("first text %q, want the text before the loop", texts[0])
	}
	for _, s := range texts[1:] {
		if !strings.Contains(s, dynamic) {
			t.Errorf("text %q: what the loop appends to is only known at run time", s)
		}
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// Types that are their own element: a table named after them, not a loop.
func TestElemTypeSelfReferential(t *testing.T) {
	pkg := ssatest.Build(t, `package p

type List []List
type P *P
type Node struct{ Kids []*Node }

func Use(l List, p P, n []*Node) {}
`)
	fn := ssatest.Func(t, pkg, "Use")
	want := []string{"lists", "ps", "nodes"}
	for i, param := range fn.Params {
		var got string
		var mt types.Type
		ssatest.Within(t, walkLimit, func() {
			got = tableOf(nil, nil, param.Type())
			mt = modelTypeOf(param)
		})
		if got != want[i] {
			t.Errorf("tableOf(%s) = %q, want %q", param.Type(), got, want[i])
		}
		if (mt != nil) != (want[i] != "") {
			t.Errorf("modelTypeOf(%s) = %v", param.Type(), mt)
		}
	}
}

// A prepared statement reassigned in a loop (stmt = tx.Stmt(stmt)) reaches
// its own phi: its SQL is still the text it was prepared with.
func TestStmtSQLLoopPhi(t *testing.T) {
	pkg, p := summarise(t, `package p

import "database/sql"

func Insert(db *sql.DB, txs []*sql.Tx) error {
	stmt, err := db.Prepare("insert into ledger (id) values ($1)")
	if err != nil {
		return err
	}
	for _, tx := range txs {
		if tx != nil {
			stmt = tx.Stmt(stmt)
		}
	}
	_, err = stmt.Exec(1)
	return err
}
`)
	s := p.Of(ssatest.Func(t, pkg, "Insert"))
	if !hasLedgerInsert(s.Effects) {
		t.Errorf("effects %+v, want the insert into ledger", s.Effects)
	}
}

// Cells of captured variables that store a load of themselves, closures
// calling each other through variables, a function value passed around a
// loop, recursive functions: summarising the package terminates and
// nothing panics (summarise checks both).
func TestSummariseCyclicShapes(t *testing.T) {
	pkg, p := summarise(t, `package p

import (
	"errors"
	"os"
)

type node struct {
	next *node
	run  func(*node) error
}

func Self() {
	var x any
	x = x
	go func() { _ = x }()
}

func Mutual(n int) error {
	var even, odd func(int) error
	even = func(k int) error {
		if k == 0 {
			return os.Remove("even")
		}
		return odd(k - 1)
	}
	odd = func(k int) error {
		return even(k - 1)
	}
	return even(n)
}

func Walk(n *node) error {
	for n != nil {
		if err := n.run(n); err != nil {
			return err
		}
		n = n.next
	}
	return Walk(n)
}

func Chain(fs []func() error) error {
	f := fs[0]
	var err error
	for i := range fs {
		prev := f
		f = func() error { _ = prev(); return fs[i]() }
		if err = f(); err != nil {
			var pe *os.PathError
			for errors.As(err, &pe) {
				err = pe.Err
			}
		}
	}
	return err
}

func Key(n int) error {
	k := "job"
	for i := 0; i < n; i++ {
		k = k + k
	}
	return os.WriteFile(k, nil, 0o600)
}
`)
	for _, name := range []string{"Self", "Mutual", "Walk", "Chain", "Key"} {
		if p.Of(ssatest.Func(t, pkg, name)) == nil {
			t.Errorf("%s: no summary", name)
		}
	}
}

// The read-modify-write walk back from a set's parameter through a loop's
// phis, one edge per case of a switch in two nested loops: exponential in
// its depth bound before it kept the phis it had walked (minutes on one
// function of shellhub's dependencies).
func TestChangedReadWidePhis(t *testing.T) {
	pkg, p := summarise(t, `package jobs

import "database/sql"

func Wide(db *sql.DB, k int) error {
	var n int
	if err := db.QueryRow("select n from counters where id = 1").Scan(&n); err != nil {
		return err
	}
	for i := 0; i < k; i++ {
		for j := 0; j < k; j++ {
			switch (i + j) % 24 {
			case 0:
				n += 1
			case 1:
				n += 2
			case 2:
				n += 3
			case 3:
				n += 4
			case 4:
				n += 5
			case 5:
				n += 6
			case 6:
				n += 7
			case 7:
				n += 8
			case 8:
				n += 9
			case 9:
				n += 10
			case 10:
				n += 11
			case 11:
				n += 12
			case 12:
				n += 13
			case 13:
				n += 14
			case 14:
				n += 15
			case 15:
				n += 16
			case 16:
				n += 17
			case 17:
				n += 18
			case 18:
				n += 19
			case 19:
				n += 20
			case 20:
				n += 21
			case 21:
				n += 22
			case 22:
				n += 23
			case 23:
				n += 24
			}
		}
	}
	_, err := db.Exec("update counters set n = $1 where id = 1", n)
	return err
}
`)
	if got := p.Of(ssatest.Func(t, pkg, "Wide")).String(); !strings.Contains(got, "update-increment counters") {
		t.Errorf("Wide: %s, want an update-increment of counters", got)
	}
}

// hasLedgerInsert reports whether effs hold the insert into ledger the
// prepared-statement tests expect.
func hasLedgerInsert(effs []effect.Effect) bool {
	for _, e := range effs {
		if e.Kind == effect.KindDBWrite && e.Op == "insert" && e.Target == "ledger" {
			return true
		}
	}
	return false
}
