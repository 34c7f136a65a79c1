package discovery

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"testing"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// A helper that hands its parameters to a registration call forwards
// them: its callers register what they pass (its fact, for callers in
// other packages), and a //jobeffects:handler directive declares a handler
// no rule finds. One small package, no fixtures tree.
const forwardSrc = `package p

type Task struct{}
type Mux struct{}

func (*Mux) HandleFunc(pattern string, h func(*Task) error) {}

func send(t *Task) error   { return nil }
func charge(t *Task) error { return nil }

func register(m *Mux, task string, h func(*Task) error) { m.HandleFunc(task, h) }

func boot(m *Mux) {
	register(m, "email:send", send)
	register(m, "payment:charge", charge)
}

//jobeffects:handler nightly
func nightly() error { return nil }
`

func TestFindForwardsAndDirectives(t *testing.T) {
	pkg, file := ssatest.BuildFile(t, forwardSrc)
	r, err := ParseRules("rules.yaml", []byte(rules))
	if err != nil {
		t.Fatal(err)
	}
	found := Find(&Env{Pkg: pkg, Funcs: ssatest.Funcs(pkg), Rules: r, Files: []*ast.File{file},
		Library: func(*types.Package) bool { return false }})
	var got []string
	for _, h := range found.Handlers {
		got = append(got, h.Framework+" "+h.Task+" "+h.Fn.String())
	}
	sort.Strings(got)
	want := []string{
		"declared nightly p.nightly", // the directive
		"test email:send p.send",     // through register
		"test payment:charge p.charge",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("handlers %q, want %q", got, want)
	}
	var fws []string
	for fn, fw := range found.Forwards {
		for _, f := range fw {
			fws = append(fws, fmt.Sprintf("%s handler param %d task param %d %s", fn, f.Param, f.TaskParam, f.Framework))
		}
	}
	if want := "[p.register handler param 2 task param 1 test]"; fmt.Sprint(fws) != want {
		t.Errorf("forwards %q, want %s", fws, want)
	}
}
