package discovery

import (
	"testing"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// A function defined in a _test.go file (a test double, a consumer a test
// runs against a real broker), or a closure in one, is not one of the
// program's handlers.
func TestInTestFile(t *testing.T) {
	const src = `package p

func Consume() { _ = func() {} }
`
	for _, tc := range []struct {
		file string
		want bool
	}{{"double_test.go", true}, {"consume.go", false}} {
		pkg, _ := ssatest.BuildNamed(t, tc.file, src)
		f := &finder{env: &Env{Pkg: pkg}}
		fn := ssatest.Func(t, pkg, "Consume")
		if got := f.inTestFile(fn); got != tc.want {
			t.Errorf("%s: inTestFile(Consume) = %v, want %v", tc.file, got, tc.want)
		}
		if got := f.inTestFile(fn.AnonFuncs[0]); got != tc.want {
			t.Errorf("%s: inTestFile(Consume.func1) = %v, want %v", tc.file, got, tc.want)
		}
	}
}
