package discovery

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const src = `package p

type Task struct{}
type Mux struct{}

func (*Mux) HandleFunc(pattern string, h func(*Task) error) {}

func send(t *Task) error { return nil }

type W struct{}

func (W) Run(t *Task) error { return nil }

func wrap(h func(*Task) error) func(*Task) error { return h }

func setup(name string) {
	m := &Mux{}
	m.HandleFunc("email:send", send)
	m.HandleFunc("w:run", W{}.Run)
	m.HandleFunc("wrapped", wrap(send))
	m.HandleFunc("closure", func(*Task) error { return nil })
	m.HandleFunc(name, send)
}
`

const rules = `registrations:
  - {func: "(*p.Mux).HandleFunc", framework: test, name: 0, handler: 1}
`

func TestFindRegistrationForms(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ParseRules("rules.yaml", []byte(rules))
	if err != nil {
		t.Fatal(err)
	}
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok {
			funcs = append(funcs, fn)
			funcs = append(funcs, fn.AnonFuncs...)
		}
	}
	if w := pkg.Prog.FuncValue(pkg.Type("W").Type().(*types.Named).Method(0)); w != nil {
		funcs = append(funcs, w)
	}
	hs := Find(&Env{Pkg: pkg, Funcs: funcs, Rules: r, Library: func(*types.Package) bool { return false }}).Handlers
	var got []string
	for _, h := range hs {
		got = append(got, h.Framework+" "+h.Task+" "+h.Fn.String())
	}
	sort.Strings(got)
	want := []string{
		"test closure p.setup$1",
		"test email:send p.send",
		"test w:run (p.W).Run",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Every framework a catalog rule names is described, with its retry
// default.
func TestCatalogFrameworks(t *testing.T) {
	r, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	described := map[string]bool{}
	for _, f := range r.Frameworks {
		if f.Retry == "" {
			t.Errorf("framework %s: no retry default", f.Name)
		}
		described[f.Name] = true
	}
	for _, reg := range r.Registrations {
		if !described[reg.Framework] {
			t.Errorf("registration %s names framework %q, which no catalog file describes", reg.Func, reg.Framework)
		}
	}
	for _, s := range r.Shapes {
		if !described[s.Framework] {
			t.Errorf("a shape names framework %q, which no catalog file describes", s.Framework)
		}
	}
	if got := r.RetryDefault("asynq"); !strings.Contains(got, "25") {
		t.Errorf("asynq's retry default = %q", got)
	}
	if got := r.RetryDefault("nope"); got != "unknown" {
		t.Errorf("an undescribed framework's retry default = %q, want unknown", got)
	}
}
