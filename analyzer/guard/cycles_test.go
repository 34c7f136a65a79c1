package guard

import (
	"go/token"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// The guard analysis's walks over SSA values meet loops: an error
// unwrapped in a loop through errors.As, a checked value computed in a
// loop with a switch. Each test drives one walk over such a shape; Within
// fails a walk that does not finish.

const walkLimit = 10 * time.Second

// fromErr through errors.As in a loop: the target's error comes from the
// target itself (e = pe), so the walk leads back to where it started.
func TestFromErrLoop(t *testing.T) {
	pkg := ssatest.Build(t, `package p

import (
	"errors"
	"os"
)

func F(err, other error) bool {
	var pe *os.PathError
	e := err
	for i := 0; i < 3; i++ {
		if errors.As(e, &pe) {
			e = pe
		}
	}
	return pe != nil
}
`)
	fn := ssatest.Func(t, pkg, "F")
	errv, other := fn.Params[0], fn.Params[1]
	var target ssa.Value // the load of pe the return compares
	for _, b := range ssatest.Values[*ssa.BinOp](fn) {
		if b.Op == token.NEQ {
			target = b.X
		}
	}
	var got, unrelated bool
	ssatest.Within(t, walkLimit, func() {
		got = fromErr(target, errv, 0)
		unrelated = fromErr(target, other, 0)
	})
	if !got {
		t.Errorf("fromErr(pe, err) = false: pe is filled from err by errors.As")
	}
	if unrelated {
		t.Errorf("fromErr(pe, other) = true: nothing of other reaches pe")
	}
}

// influenced over a value a loop computes with a 40-case switch: the
// phis' edges multiply at every level of the walk.
func TestInfluencedLoop(t *testing.T) {
	var b strings.Builder
	b.WriteString("package p\n\nfunc read() int { return 1 }\n\nfunc F(n int) bool {\n\tr := read()\n\tx := 0\n\tfor i := 0; i < n; i++ {\n\t\tswitch i {\n")
	for i := 0; i < 40; i++ {
		b.WriteString("\t\tcase " + strconv.Itoa(i) + ":\n\t\t\tx = x*3 + r\n")
	}
	b.WriteString("\t\t}\n\t}\n\treturn x > 7\n}\n\nfunc G(n int) bool {\n\tr := read()\n\t_ = r\n\tx := 0\n\tfor i := 0; i < n; i++ {\n\t\tswitch i {\n")
	for i := 0; i < 40; i++ {
		b.WriteString("\t\tcase " + strconv.Itoa(i) + ":\n\t\t\tx = x*3 + i\n")
	}
	b.WriteString("\t\t}\n\t}\n\treturn x > 7\n}\n")
	pkg := ssatest.Build(t, b.String())
	for name, want := range map[string]bool{"F": true, "G": false} {
		fn := ssatest.Func(t, pkg, name)
		read := ssatest.First[*ssa.Call](t, fn)
		var cond ssa.Value
		for _, bin := range ssatest.Values[*ssa.BinOp](fn) {
			if bin.Op.String() == ">" {
				cond = bin
			}
		}
		var got bool
		ssatest.Within(t, walkLimit, func() { got = influenced(cond, read, 0) })
		if got != want {
			t.Errorf("%s: influenced(x > 7, read()) = %v, want %v", name, got, want)
		}
	}
}
