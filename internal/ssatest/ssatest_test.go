package ssatest

import (
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"
)

const src = `package p

import "errors"

type T struct{ next *T }

func (t *T) M() {}

func F(n int) error {
	f := func() {}
	for i := 0; i < n; i++ {
		f = func() {}
	}
	f()
	return errors.New("x")
}
`

func TestBuild(t *testing.T) {
	pkg := Build(t, src)
	var names []string
	for _, fn := range Funcs(pkg) {
		names = append(names, fn.RelString(pkg.Pkg))
	}
	want := "[(*T).M F F$1 F$2]"
	if got := fmtList(names); got != want {
		t.Errorf("Funcs = %s, want %s", got, want)
	}
	fn := Func(t, pkg, "F")
	if phis := Values[*ssa.Phi](fn); len(phis) == 0 {
		t.Errorf("F has no phi")
	}
	if args := CallArgs(t, fn, "New"); len(args) != 1 {
		t.Errorf("errors.New args = %v", args)
	}
	Within(t, time.Second, func() {})
}

func fmtList(xs []string) string {
	s := "["
	for i, x := range xs {
		if i > 0 {
			s += " "
		}
		s += x
	}
	return s + "]"
}
