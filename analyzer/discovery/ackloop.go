package discovery

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Consumer loops over a queue client the application owns (its own Redis
// queue, a copy of a queue library kept in its module), whose receive no
// catalog names. What makes the loop a consumer is what it does with a
// message, the shape of every visibility-timeout queue:
//
//	for {
//		res, err := s.client.Receive(s.queue, vt)       // the receive
//		…
//		go func() {
//			if err := s.exec(ctx, res.Msg.Body); err != nil {
//				return                                  // visible again later
//			}
//			s.client.Delete(s.queue, res.Msg.ID)        // the ack
//		}()
//	}
//
// In a loop, a call on a client kept in a struct field returns a message;
// a function value the package keeps in a field (a constructor's
// parameter, New(name, client, exec)) is given what was received and
// returns an error; and only after it returned — a call its block
// dominates — a call on the same client field is given what was received
// again (the message's ID): the delete that makes the queue stop
// delivering it. The handlers are then the functions the constructor's
// callers pass (closures included), as for a pull loop that calls a
// function parameter (pull.go); the task is the constant, or the
// constructor's parameter kept in the field, the receive names its queue
// by. A loop that calls the function but deletes nothing, or deletes
// before or whatever the function returned, is no consumer this reads
// (a cache refresher, a fan-out to subscribers). Catalogued receives are
// pull loops (pull.go) and message loops (msgloop.go), not this.

// appQueue is the framework of such consumers (catalog callbacks.yaml).
const appQueue = "app-queue"

// ackLoops records the forwards of the package's consumer loops over a
// client of its own.
func (f *finder) ackLoops() {
	for _, fn := range f.env.Funcs {
		if fn.Parent() != nil || !f.local(fn) || f.wrappers[fn] != "" || f.testFile(fn.Pos()) || !callsFieldFunc(fn) {
			continue
		}
		var cyclic map[*ssa.BasicBlock]bool // inCycle per block, once per function
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				recv, ok := instr.(*ssa.Call)
				if !ok || !returnsValue(recv) {
					continue
				}
				t, i, ok := clientField(&recv.Call)
				if !ok {
					continue
				}
				if obj := calleeFunc(recv); obj == nil || (f.env.Model != nil && f.env.Model(obj) != nil) {
					continue // a catalogued call: its own model decides
				}
				if fw, _ := f.receiveOf(recv); fw != "" {
					continue // a catalogued receive or a wrapper of one (pull.go, msgloop.go)
				}
				c, known := cyclic[b]
				if !known {
					if cyclic == nil {
						cyclic = map[*ssa.BasicBlock]bool{}
					}
					c = inCycle(b)
					cyclic[b] = c
				}
				if !c {
					continue
				}
				f.ackLoop(fn, recv, t, i)
			}
		}
	}
}

// ackLoop records the forwards of loop fn when it hands what recv, a
// call on field i of struct type t, returned to a function value kept in
// a field and deletes it through the same field once that succeeded.
func (f *finder) ackLoop(fn *ssa.Function, recv *ssa.Call, t types.Type, i int) {
	for _, g := range withClosures(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				h, ok := instr.(*ssa.Call)
				if !ok || h == recv || h.Call.IsInvoke() || h.Call.StaticCallee() != nil || !returnsErrorSig(h.Call.Signature()) {
					continue
				}
				if !handsFrom(h.Call.Args, recv) {
					continue
				}
				ack := ackAfter(g, h, recv, t, i)
				if ack == nil {
					continue
				}
				pos := f.env.Pkg.Prog.Fset.Position(ack.Pos()).String()
				for _, p := range f.storedParams(h.Call.Value) {
					fw := Forward{Param: p.k, Framework: appQueue, TaskParam: -1, Loop: true, Ack: pos}
					if q := queueArg(recv); q != nil {
						if s := ssavalue.ConstString(q); s != "" {
							fw.Task = s
						} else {
							fw.TaskParam = f.storedTaskParam(q, p.fn)
						}
					}
					f.forward(p.fn, fw)
				}
			}
		}
	}
}

// callsFieldFunc reports whether fn or one of its closures calls a
// function value read from a struct field that returns an error: the
// cheap test that spares the other functions the search for a receive.
func callsFieldFunc(fn *ssa.Function) bool {
	for _, g := range withClosures(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				h, ok := instr.(*ssa.Call)
				if !ok || h.Call.IsInvoke() || h.Call.StaticCallee() != nil || !returnsErrorSig(h.Call.Signature()) {
					continue
				}
				if _, _, ok := fieldRead(h.Call.Value); ok {
					return true
				}
			}
		}
	}
	return false
}

// ackAfter is the call in g, after h and only on h's way (h's block
// dominates it), on field i of struct type t again, given what recv
// returned: the delete of the message h handled. Nil if none.
func ackAfter(g *ssa.Function, h, recv *ssa.Call, t types.Type, i int) *ssa.Call {
	for _, b := range g.Blocks {
		if !h.Block().Dominates(b) {
			continue
		}
		after := b != h.Block()
		for _, instr := range b.Instrs {
			if instr == ssa.Instruction(h) {
				after = true
				continue
			}
			d, ok := instr.(*ssa.Call)
			if !ok || !after || d == recv {
				continue
			}
			dt, di, ok := clientField(&d.Call)
			if !ok || di != i || !types.Identical(dt, t) {
				continue
			}
			if handsFrom(d.Call.Args, recv) {
				return d
			}
		}
	}
	return nil
}

// clientField returns the struct type and field index of the value a
// method call is made on (s.client.Receive(…): an interface method, or a
// method of a concrete type kept in the field), and whether it is one.
func clientField(c *ssa.CallCommon) (types.Type, int, bool) {
	if c.IsInvoke() {
		return fieldRead(c.Value)
	}
	callee := c.StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || len(c.Args) == 0 {
		return nil, 0, false
	}
	return fieldRead(c.Args[0])
}

// handsFrom reports whether one of args is what call returned, or part
// of it.
func handsFrom(args []ssa.Value, call *ssa.Call) bool {
	for _, a := range args {
		if fromCall(a, call, 0, map[ssa.Value]bool{}) {
			return true
		}
	}
	return false
}

// returnsValue reports whether call returns something besides an error.
func returnsValue(call *ssa.Call) bool {
	res := call.Call.Signature().Results()
	for k := 0; k < res.Len(); k++ {
		if !isErrorType(res.At(k).Type()) {
			return true
		}
	}
	return false
}

// returnsErrorSig reports whether a function of signature sig returns an
// error last (a handler reports its failure).
func returnsErrorSig(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// queueArg is the first string argument of a receive (its queue's name),
// the receiver excluded, or nil.
func queueArg(recv *ssa.Call) ssa.Value {
	args := recv.Call.Args
	if !recv.Call.IsInvoke() && len(args) > 0 {
		args = args[1:]
	}
	for _, a := range args {
		if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return a
		}
	}
	return nil
}

// inCycle reports whether block b can be reached again from itself: its
// calls run once per iteration of a loop.
func inCycle(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return false
}
