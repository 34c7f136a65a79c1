package discovery

import (
	"testing"
	"time"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// An array that holds a slice of itself (arr[0] = arr[:]) leads nameOf's
// walk over a slice literal's elements back to the literal: the depth
// bound ends it, and the value names nothing.
func TestNameOfSelfReferentialSlice(t *testing.T) {
	pkg := ssatest.Build(t, `package p

func register(topics []any) {}

func F() {
	var arr [2]any
	arr[0] = "orders"
	arr[1] = arr[:]
	register(arr[:])
}

func G() {
	register([]any{"orders", "payments"})
}
`)
	for name, want := range map[string]string{"F": "", "G": "orders,payments"} {
		arg := ssatest.CallArgs(t, ssatest.Func(t, pkg, name), "register")[0]
		var got string
		ssatest.Within(t, 10*time.Second, func() { got = taskName(arg) })
		if got != want {
			t.Errorf("%s: taskName = %q, want %q", name, got, want)
		}
	}
}
