package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Type switches of a channel worker (effect.TypePath). A worker fed a
// chan interface{} (or any interface) that type-switches on what it
// receives (switch t := task.(type) { case SaveToDBTask: go saveToDB(&t);
// case AckMsgTask: t.msg.Ack() }) runs, for a send of a value of type T,
// only the cases T matches. Its effects in a case carry the test of the
// received value's type (Param effect.RecvParam); the send decides it with
// the concrete type it converts to the interface, or hands it up from the
// sender's parameter (AddTask(task interface{}) { ch <- task }) to its
// callers, which decide it in turn (resolveWhen). A value of unknown
// dynamic type keeps every case. Only a worker that receives from one
// work channel tests what it received (with two, a case could belong to
// the other's values); a case of an interface type (case error:) matches
// types the tool does not enumerate and is no test. A type switch on a
// function's own interface parameter is the same test of what its caller
// passes (Param k): a caller that converts a concrete type to the
// interface (handleEvent("RATE_LIMIT", &RateLimit{…})) runs only the
// cases that type matches.

// typeCond is the test a comma-ok type assertion's ok (x) being truth
// makes of the value fn received from its channel.
func (w *walker) typeCond(x *ssa.Extract, truth bool) (effect.Cond, bool) {
	ta, ok := x.Tuple.(*ssa.TypeAssert)
	if !ok || !ta.CommaOk || x.Index != 1 || types.IsInterface(ta.AssertedType) {
		return effect.Cond{}, false
	}
	val := types.TypeString(ta.AssertedType, nil)
	if k := w.execIndex(ta.X); k != effect.NoExec {
		// A type switch on an interface parameter (discordgo's
		// onInterface(i interface{}) { switch t := i.(type) { case
		// *VoiceServerUpdate: go s.onVoiceServerUpdate(t) } }): each
		// caller decides the test with what it passes (resolveWhen).
		return effect.Cond{Param: k, Path: effect.TypePath, Value: val, Neg: !truth}, true
	}
	if !receivedValue(ta.X) || workChannels(w.fn) != 1 {
		return effect.Cond{}, false
	}
	return effect.Cond{Param: effect.RecvParam, Path: effect.TypePath, Value: val, Neg: !truth}, true
}

// receivedValue reports whether v is a value received from a channel: a
// receive, a range over the channel, a select's receive case.
func receivedValue(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		return x.Op == token.ARROW && !x.CommaOk
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.UnOp:
			return t.Op == token.ARROW && x.Index == 0
		case *ssa.Select:
			return x.Index >= 2
		}
	}
	return false
}

// workChannels counts the work channels (not signals) fn receives from.
func workChannels(fn *ssa.Function) int {
	n := 0
	for _, ch := range received(fn) {
		if workChannel(ch.Type()) {
			n++
		}
	}
	return n
}

// typeArg decides the type test c with a, what the caller passes (or the
// send sends): false when a's concrete type rules the test out; the test
// handed up (appended to out) when a is the caller's parameter; dropped
// otherwise.
func (w *walker) typeArg(c effect.Cond, a ssa.Value, out *[]effect.Cond) bool {
	switch x := a.(type) {
	case *ssa.MakeInterface:
		if ssavalue.HasTypeParam(x.X.Type()) {
			return true // a generic body's T: any type, every case
		}
		return c.Holds(types.TypeString(x.X.Type(), nil))
	case *ssa.Parameter:
		if k := w.execIndex(x); k != effect.NoExec {
			*out = append(*out, effect.Cond{Param: k, Path: effect.TypePath, Value: c.Value, Neg: c.Neg})
		}
	}
	return true
}

// sentTypes decides the worker effect e's tests of the received value's
// type with what instr sends: false when they rule it out.
func (w *walker) sentTypes(e *effect.Effect, instr ssa.Instruction) bool {
	var out []effect.Cond
	for _, c := range e.When {
		if c.Param != effect.RecvParam {
			out = append(out, c)
			continue
		}
		send, ok := instr.(*ssa.Send)
		if !ok || c.Path != effect.TypePath {
			continue // a select's send, a queue push: unknown, every case
		}
		if !w.typeArg(c, send.X, &out) {
			return false
		}
	}
	e.When = out
	return true
}
