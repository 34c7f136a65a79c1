package guard

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
)

// AckWithheld reports whether the failure of the call ci, which fn only
// logs or drops, leaves the message unacknowledged while its success
// acknowledges it: a manual-ack consumer (NATS Streaming's
// SetManualAckMode, JetStream's ManualAck, AMQP, rmq) that acks only when
// its insert succeeded. The broker then redelivers the message whose
// insert failed, as a queue retries a handler that returned the error: a
// create that fails on a duplicate fails again on every redelivery
// (duplicate-as-error), it does not repeat.
//
// The message is a value of a type with a method the catalog models as
// an ack (ix). It is released where fn acks it (a call the catalog
// models as an ack: an SQS delete too, but not a Kafka offset commit,
// which is cumulative: the next message's commit commits past a skipped
// one, models.Model.AckCumulative) or hands it to
// another call (to ack it there, perhaps through a
// channel the per-package pass does not follow). The success edge of
// ci's error test must release it on every way on; the failure edge must
// reach no release, and no deferred call may take the message (a
// deferred ack runs on both).
func AckWithheld(fn *ssa.Function, ci ssa.CallInstruction, ix *models.Index) bool {
	if ix == nil || fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	errv := errorOf(ci)
	if errv == nil {
		return false
	}
	onErr, onNil := nilTestEdges(errv)
	if onErr == nil || onNil == nil || onErr == onNil {
		return false
	}
	ackable := map[types.Type]bool{}
	release := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(ssa.CallInstruction)
			if ok && cumulativeAck(c.Common(), ix) {
				// An offset commit: a failure whose commit is skipped is
				// committed past by the next message's, not redelivered.
				return false
			}
			if !ok || !modeledAck(c.Common(), ix) && !takesMessage(c.Common(), ix, ackable) {
				continue
			}
			if _, deferred := in.(*ssa.Defer); deferred {
				return false
			}
			release[b] = true
		}
	}
	if len(release) == 0 {
		return false
	}
	// The failure's way on reaches no release.
	for b := range reachableFrom(onErr, nil) {
		if release[b] {
			return false
		}
	}
	// Every way on from the success edge releases the message before fn
	// returns: a block of the success edge that returns (or loops back
	// past the test) without a release leaves it unacknowledged there too.
	return releasesOnEveryWay(onNil, ci.Block(), release)
}

// releasesOnEveryWay reports whether every path from from, up to a
// return or back to test, passes a release block.
func releasesOnEveryWay(from, test *ssa.BasicBlock, release map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock) bool
	walk = func(b *ssa.BasicBlock) bool {
		if release[b] {
			return true
		}
		if b == test || seen[b] {
			// Back at the test (a loop's next message) or a cycle with no
			// release: not released on this way.
			return b != test && seen[b]
		}
		seen[b] = true
		if len(b.Succs) == 0 {
			return false
		}
		for _, s := range b.Succs {
			if !walk(s) {
				return false
			}
		}
		return true
	}
	return walk(from)
}

// modeledAck reports whether the call is one the catalog models as an
// acknowledgement.
func modeledAck(c *ssa.CallCommon, ix *models.Index) bool {
	m := ackModel(c, ix)
	return m != nil && m.Ack
}

// cumulativeAck reports whether the call is an ack the catalog models as
// cumulative (a Kafka offset commit).
func cumulativeAck(c *ssa.CallCommon, ix *models.Index) bool {
	m := ackModel(c, ix)
	return m != nil && m.Ack && m.AckCumulative
}

// ackModel is the catalog's model of the call's callee, nil when none.
func ackModel(c *ssa.CallCommon, ix *models.Index) *models.Model {
	var f *types.Func
	if c.IsInvoke() {
		f = c.Method
	} else if sc := c.StaticCallee(); sc != nil {
		f, _ = sc.Object().(*types.Func)
	}
	if f == nil {
		return nil
	}
	return ix.Lookup(f)
}

// takesMessage reports whether the call is given (as receiver or
// argument) a value whose type has a method the catalog models as an ack.
func takesMessage(c *ssa.CallCommon, ix *models.Index, memo map[types.Type]bool) bool {
	vals := c.Args
	if c.IsInvoke() {
		vals = append([]ssa.Value{c.Value}, vals...)
	}
	for _, v := range vals {
		if ackableType(v.Type(), ix, memo) {
			return true
		}
	}
	return false
}

func ackableType(t types.Type, ix *models.Index, memo map[types.Type]bool) bool {
	if ok, done := memo[t]; done {
		return ok
	}
	memo[t] = false
	ok := false
	if _, isBasic := t.Underlying().(*types.Basic); !isBasic {
		for _, mt := range []types.Type{t, types.NewPointer(t)} {
			if _, isPtr := t.(*types.Pointer); isPtr && mt != t {
				continue
			}
			ms := types.NewMethodSet(mt)
			for i := 0; i < ms.Len() && !ok; i++ {
				if f, isFn := ms.At(i).Obj().(*types.Func); isFn {
					if m := ix.Lookup(f); m != nil && m.Ack && !m.AckCumulative {
						// A message acked by itself (a session that
						// commits offsets is no such message).
						ok = true
					}
				}
			}
		}
	}
	memo[t] = ok
	return ok
}

// AckFollows reports whether fn acknowledges a message (a call the
// catalog models as an ack) on some way after the call ci, before a loop
// comes back to its head (the next turn's ack is another message's): a caller that
// acks after a function that withholds its ack on a failure (AckWithheld)
// acks the failed message anyway.
func AckFollows(fn *ssa.Function, ci ssa.CallInstruction, ix *models.Index) bool {
	if ix == nil || ci.Block() == nil {
		return false
	}
	b0 := ci.Block()
	after := false
	for _, in := range b0.Instrs {
		if in == ci {
			after = true
			continue
		}
		if c, ok := in.(ssa.CallInstruction); ok && after && modeledAck(c.Common(), ix) {
			return true
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b0.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || b.Dominates(b0) {
			// A loop's head: the next turn handles another message (a
			// worker's next task, a pull loop's next delivery).
			continue
		}
		seen[b] = true
		for _, in := range b.Instrs {
			if c, ok := in.(ssa.CallInstruction); ok && modeledAck(c.Common(), ix) {
				return true
			}
		}
		stack = append(stack, b.Succs...)
	}
	return false
}
