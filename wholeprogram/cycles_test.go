package wholeprogram

import (
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// The whole-program phase's walks over SSA values meet cycles too: a
// function value received from a channel in a loop (fromChannel through
// its phis), a hook factory that returns its own result (opsOf), hooks
// built by calls of calls (callbackFuncs).
func TestCyclicShapes(t *testing.T) {
	pkg := ssatest.Build(t, `package p

type Hook func() error

func On(h Hook, ops int) Hook { return h }

func Recv(ch chan func(), n int) {
	f := <-ch
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			f = <-ch
		}
	}
	f()
}

func Loop(g func(), n int) {
	f := g
	for i := 0; i < n; i++ {
		if i%2 == 0 {
			f = g
		}
	}
	f()
}

func Self() Hook { return Self() }

func Use(h Hook) {}

func F() {
	Use(Self())
	Use(On(On(On(On(On(On(func() error { return nil }, 1), 2), 3), 4), 5), 6))
}
`)
	within := func(f func()) { ssatest.Within(t, 10*time.Second, f) }
	for name, want := range map[string]bool{"Recv": true, "Loop": false} {
		var got bool
		v := dynamicCallee(t, ssatest.Func(t, pkg, name))
		within(func() { got = fromChannel(v) })
		if got != want {
			t.Errorf("%s: fromChannel = %v, want %v", name, got, want)
		}
	}
	fn := ssatest.Func(t, pkg, "F")
	var uses [][]ssa.Value
	for _, c := range ssatest.Values[*ssa.Call](fn) {
		if c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "Use" {
			uses = append(uses, c.Call.Args)
		}
	}
	if len(uses) != 2 {
		t.Fatalf("F calls Use %d times", len(uses))
	}
	filter := &models.OpFilter{PackageName: "p", Func: "On", Arg: 1, Bits: map[int]string{1: "create"}}
	var ops []string
	within(func() { ops = opsOf(filter, uses[0][0]) })
	if ops != nil {
		t.Errorf("opsOf(Self()) = %v, want nil (every operation): Self filters nothing", ops)
	}
	// Hooks built by calls of calls: the walk stops at its depth bound
	// (the closure six calls deep is not reached) and at a factory that
	// calls itself.
	for _, u := range uses {
		within(func() { callbackFuncs(u[0], true) })
	}
}

// dynamicCallee is the value fn's only dynamic call calls.
func dynamicCallee(t *testing.T, fn *ssa.Function) ssa.Value {
	t.Helper()
	for _, c := range ssatest.Values[*ssa.Call](fn) {
		if c.Call.StaticCallee() == nil && !c.Call.IsInvoke() {
			return c.Call.Value
		}
	}
	t.Fatalf("%s makes no dynamic call", fn)
	return nil
}
