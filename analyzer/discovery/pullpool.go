package discovery

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A pull loop parameterised by the processor it is built with. An
// application writes one generic consumer around a catalogued receive
// and builds it once per processor:
//
//	func NewConsumer(cfg Config, p Processor) *consumer { return &consumer{p: p, …} }
//	func (c *consumer) fetchLoop(ctx) { for { m, _ := c.r.FetchMessage(ctx); c.ch <- item{m} } }
//	func (c *consumer) worker() { for it := range c.ch { c.p.Process(ctx, it.m); c.r.CommitMessages(…) } }
//
// The loop is not the handler (listed, it would stand for every
// processor with the union of their effects): it runs whatever processor
// it was given. Each concrete processor passed where the interface value
// comes from is a handler, its method the one the loop calls, exactly as
// for a loop over a receive wrapper (msgloop.go): the loop's function, or
// the one storing the value in the field the call reads, forwards that
// parameter with the method, and its callers' arguments (one per
// construction) are the handlers. The call is in the loop itself or in a
// function of the package that receives from a channel field the loop
// sends what it received on (a worker pool). A loop whose per-message
// work is a static call stays the handler.

// pullDispatch records the forwards of the interface calls a direct pull
// loop hands what recv received to, and reports whether it recorded any.
func (f *finder) pullDispatch(loop *ssa.Function, h *Handler, recv *ssa.Call, delivery string) bool {
	fw := Forward{Framework: h.Framework, TaskParam: -1, Delivery: delivery, Interface: true, Loop: true, AckMode: h.AckMode}
	if h.Ack.IsValid() {
		fw.Ack = f.env.Pkg.Prog.Fset.Position(h.Ack).String()
	}
	found := false
	invokes(loop, func(c *ssa.CallCommon) {
		if f.dispatchFrom(c, recv, fw) {
			found = true
		}
	})
	// Worker goroutines fed through a channel field of the loop's value.
	type field struct {
		t types.Type
		i int
	}
	fed := map[field]bool{}
	for _, g := range withClosures(loop) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				for _, s := range channelSends(instr) {
					if !fromCall(s.X, recv, 0, map[ssa.Value]bool{}) {
						continue
					}
					if t, i, ok := fieldRead(s.Chan); ok {
						fed[field{derefNamed(t), i}] = true
					}
				}
			}
		}
	}
	if len(fed) == 0 {
		return found
	}
	for _, fn := range f.env.Funcs {
		if fn.Parent() != nil || !f.local(fn) {
			continue
		}
		for _, g := range withClosures(fn) {
			for _, b := range g.Blocks {
				for _, instr := range b.Instrs {
					for _, src := range channelReceives(instr) {
						if t, i, ok := fieldRead(src.ch); !ok || !fed[field{derefNamed(t), i}] {
							continue
						}
						invokes(g, func(c *ssa.CallCommon) {
							if f.dispatchFrom(c, src.v, fw) {
								found = true
							}
						})
					}
				}
			}
		}
	}
	return found
}

// chanRecv is a receive from channel ch whose received value is v.
type chanRecv struct {
	ch ssa.Value
	v  ssa.Value
}

// channelSends are the sends instr makes (ch <- v, or the send cases of
// a select, which SSA does not make Sends).
func channelSends(instr ssa.Instruction) []*ssa.Send {
	switch x := instr.(type) {
	case *ssa.Send:
		return []*ssa.Send{x}
	case *ssa.Select:
		var out []*ssa.Send
		for _, st := range x.States {
			if st.Dir == types.SendOnly {
				out = append(out, &ssa.Send{Chan: st.Chan, X: st.Send})
			}
		}
		return out
	}
	return nil
}

// channelReceives are the receives instr makes from a channel (<-ch; a
// range over a channel is one too in SSA; the receive cases of a select,
// whose received values are its tuple's, all of them taken as from each).
func channelReceives(instr ssa.Instruction) []chanRecv {
	switch x := instr.(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return []chanRecv{{ch: x.X, v: x}}
		}
	case *ssa.Select:
		var out []chanRecv
		for _, st := range x.States {
			if st.Dir == types.RecvOnly {
				out = append(out, chanRecv{ch: st.Chan, v: x})
			}
		}
		return out
	}
	return nil
}

// invokes calls visit with each interface method call of fn and its
// closures.
func invokes(fn *ssa.Function, visit func(*ssa.CallCommon)) {
	for _, g := range withClosures(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && ci.Common().IsInvoke() {
					visit(ci.Common())
				}
			}
		}
	}
}

// derefNamed is t without its pointer: each method's receiver has a
// *types.Pointer of its own, the named type it points to is one.
func derefNamed(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
