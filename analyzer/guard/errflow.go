package guard

import "golang.org/x/tools/go/ssa"

// maxErrFlow bounds the values one error is followed into (wraps, phis,
// interface conversions, the cells of captured variables): past it the
// walk stops and its caller decides as if the flow were not followed to
// the end — ErrorReturned sees only the returns it reached, ErrorIgnored
// does not call the error ignored.
const maxErrFlow = 200

// errFlow is the set of values an error result flows into, walked one
// value at a time by ErrorReturned and ErrorIgnored, each deciding which
// referrers carry the error on (add).
type errFlow struct {
	reach map[ssa.Value]bool
	work  []ssa.Value
	cut   bool // stopped at maxErrFlow with values left
}

func newErrFlow(errv ssa.Value) *errFlow {
	f := &errFlow{reach: map[ssa.Value]bool{}}
	f.add(errv)
	return f
}

// add puts v on the walk once.
func (f *errFlow) add(v ssa.Value) {
	if v != nil && !f.reach[v] {
		f.reach[v] = true
		f.work = append(f.work, v)
	}
}

// next is the next value to visit; false when none is left or the bound
// is reached (cut).
func (f *errFlow) next() (ssa.Value, bool) {
	if len(f.work) == 0 {
		return nil, false
	}
	if len(f.reach) > maxErrFlow {
		f.cut = true
		return nil, false
	}
	v := f.work[len(f.work)-1]
	f.work = f.work[:len(f.work)-1]
	return v, true
}
