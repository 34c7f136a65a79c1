package guard

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// A claim helper that gives its claim back when the callback fails
// (hookdeck/outpost's idempotence.Exec: SETNX, run fn, Del the key when fn
// returned an error, else mark it processed) guards only what no failure
// of the callback follows: when the callback fails after an effect (the
// webhook was sent, then logging the attempt failed), the key is deleted,
// the message is nacked, and the redelivery claims the key again and
// repeats the effect. Each function records, on the effects it holds,
// whether it can still fail after them (Effect.FailsLater), handing a
// callee's failure up when it returns the callee's error; where the
// callback is known, the helper's claim guards only the effects that do
// not fail later (summary.guardByClaim).

// releasedAfter reports whether fn deletes a key or a row after call ci
// (a callback run under a claim): the claim is given back on some path
// after the callback.
func (a *analysis) releasedAfter(ci ssa.CallInstruction) bool {
	for _, t := range a.sites {
		e := t.Effect
		if e.Op != effect.OpDelete || (e.Kind != effect.KindKVWrite && e.Kind != effect.KindDBWrite) || t.Instr == nil {
			continue
		}
		if runsAfter(ci, t.Instr) {
			return true
		}
	}
	return false
}

// runsAfter reports whether b can run after a: later in a's block, or in
// a block a's reaches.
func runsAfter(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab == bb {
		seen := false
		for _, in := range ab.Instrs {
			if in == a {
				seen = true
			}
			if in == b {
				return seen
			}
		}
		return false
	}
	return reaches(ab, bb)
}

// failsLater records on each effect whether fn can return a non-nil error
// after it: an error other than that of the effect's own call, or the
// call's own error when the callee itself fails after the effect.
func (a *analysis) failsLater() {
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		for _, s := range a.sites {
			s.Effect.FailsLater = false // nothing this function returns fails
		}
		return
	}
	for _, s := range a.sites {
		e := s.Effect
		if s.Instr == nil {
			e.FailsLater = false
			continue
		}
		if a.failsAfterSite(s, true) {
			e.FailsLater = true
			continue
		}
		if e.FailsLater {
			e.FailsLater = a.failsAfterSite(s, false)
		}
	}
}

// failsAfterSite is failsAfter for any returned error: ownOK leaves out
// the error of s's own call (the effect failed: nothing to repeat).
func (a *analysis) failsAfterSite(s *Site, ownOK bool) bool {
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	own := map[ssa.Value]bool{}
	if v, ok := s.Instr.(ssa.Value); ok && ownOK {
		own[v] = true
		// Closing what the call returned (resp.Body.Close()) is part of
		// the call, not a step after it.
		for _, b := range a.fn.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ssa.Call); ok && closesResultOf(c, v) {
					own[c] = true
				}
			}
		}
	}
	return returnsErrorAfter(s.Instr, own)
}

// closesResultOf reports whether c is a Close of a value read from v (the
// body of the response a call returned).
func closesResultOf(c *ssa.Call, v ssa.Value) bool {
	com := c.Common()
	var recv ssa.Value
	switch {
	case com.IsInvoke() && com.Method.Name() == "Close":
		recv = com.Value
	case !com.IsInvoke() && com.StaticCallee() != nil && com.StaticCallee().Name() == "Close" && com.StaticCallee().Signature.Recv() != nil && len(com.Args) > 0:
		recv = com.Args[0]
	default:
		return false
	}
	for i := 0; i < 6 && recv != nil; i++ {
		if recv == v {
			return true
		}
		switch x := recv.(type) {
		case *ssa.UnOp:
			recv = x.X
		case *ssa.FieldAddr:
			recv = x.X
		case *ssa.Field:
			recv = x.X
		case *ssa.Extract:
			recv = x.Tuple
		case *ssa.ChangeInterface:
			recv = x.X
		case *ssa.MakeInterface:
			recv = x.X
		default:
			recv = nil
		}
	}
	return false
}
