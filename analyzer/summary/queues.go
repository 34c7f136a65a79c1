package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Work handed to worker goroutines through an in-memory queue built on a
// slice rather than a channel (an unbounded queue: Push appends under a
// mutex and signals, the worker Pops):
//
//	func (q *queue) Push(x T) { q.mu.Lock(); q.items = append(q.items, x); … }
//	func (q *queue) Pop() (T, bool) { …; x := q.items[0]; q.items = q.items[1:]; return x, true }
//	func (pc *partitionConsumer) consume() { for { p, ok := pc.queue.Pop(); …; pc.process(p) } }
//
// It is the channel hand-off (channels.go) under another spelling: the
// queue's slice field is the channel, a call of a method that appends its
// parameter to the field is a send, and a function that calls a method
// returning an element of the field is a worker. The key is the field,
// so the workers are found and exported (ChanWorkers) as a channel
// field's are.

// queueField returns the slice field of its receiver that method fn
// appends its parameter to (push), or returns an element of (pop); nil
// when fn is neither.
func queueField(fn *ssa.Function) (field *types.Var, push bool) {
	if fn == nil || fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Blocks == nil {
		return nil, false
	}
	recv := fn.Params[0]
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				// q.items = append(q.items, x), x a parameter's value.
				f := recvField(x.Addr, recv)
				call, ok := x.Val.(*ssa.Call)
				if f == nil || !ok || !isAppend(call) || !appendsParam(fn, f) {
					continue
				}
				return f, true
			case *ssa.Return:
				// return q.items[i] (possibly with an ok).
				for _, r := range x.Results {
					if f := elemOfField(r, recv); f != nil {
						return f, false
					}
				}
			}
		}
	}
	return nil, false
}

// recvField is the field of the receiver addr addresses (&q.items).
func recvField(addr ssa.Value, recv *ssa.Parameter) *types.Var {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok || fa.X != recv {
		return nil
	}
	st, ok := deref(fa.X.Type()).Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	f := st.Field(fa.Field).Origin()
	if _, ok := f.Type().Underlying().(*types.Slice); !ok {
		return nil
	}
	return f
}

func isAppend(call *ssa.Call) bool {
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append"
}

// appendsParam reports whether one of fn's non-receiver parameters has
// the element type of the slice field f: what it appends is its argument.
func appendsParam(fn *ssa.Function, f *types.Var) bool {
	elem := f.Type().Underlying().(*types.Slice).Elem()
	for _, p := range fn.Params[1:] {
		if types.Identical(p.Type(), elem) {
			return true
		}
	}
	return false
}

// elemOfField returns the receiver's slice field whose element v is
// (x := q.items[0]; return x), through a local it was stored in.
func elemOfField(v ssa.Value, recv *ssa.Parameter) *types.Var {
	for depth := 0; depth < 4; depth++ {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			return nil
		}
		switch a := u.X.(type) {
		case *ssa.IndexAddr:
			if s, ok := a.X.(*ssa.UnOp); ok && s.Op == token.MUL {
				return recvField(s.X, recv)
			}
			return nil
		case *ssa.Alloc:
			// A local the element was stored in (item = q.items[0]).
			var next ssa.Value
			for _, r := range *a.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a {
					next = st.Val
				}
			}
			if next == nil {
				return nil
			}
			v = next
		default:
			return nil
		}
	}
	return nil
}

// queueCall returns the queue field a call pushes to or pops from,
// memoised per callee (every call of the package is asked).
func (p *Package) queueCall(ci ssa.CallInstruction) (*types.Var, bool) {
	callee := ci.Common().StaticCallee()
	if callee == nil {
		return nil, false
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	return p.queueMethodOf(callee)
}

// queueMethodOf is queueField of fn, memoised: it reads the whole body,
// and every call and store of the package asks.
func (p *Package) queueMethodOf(fn *ssa.Function) (*types.Var, bool) {
	if q, ok := p.queues[fn]; ok {
		return q.field, q.push
	}
	f, push := queueField(fn)
	if p.queues == nil {
		p.queues = map[*ssa.Function]queueMethod{}
	}
	p.queues[fn] = queueMethod{f, push}
	return f, push
}

// queueMethod is what queueField found for a method.
type queueMethod struct {
	field *types.Var
	push  bool
}

// collectQueues adds to the channel workers the package's functions that
// pop from a slice-backed queue.
func (p *Package) collectQueues(funcs []*ssa.Function) {
	for _, fn := range funcs {
		seen := map[*types.Var]bool{}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if f, push := p.queueCall(ci); f != nil && !push && !seen[f] {
					seen[f] = true
					p.chanRecv[f] = append(p.chanRecv[f], fn)
				}
			}
		}
	}
}

// pushedQueue returns the channel key of the queue an instruction pushes
// to, if any.
func (p *Package) pushedQueue(instr ssa.Instruction) (chanKey, bool) {
	ci, ok := instr.(ssa.CallInstruction)
	if !ok {
		return chanKey{}, false
	}
	f, push := p.queueCall(ci)
	if f == nil || !push {
		return chanKey{}, false
	}
	return chanKey{key: f, name: f.Name()}, true
}

// queueStore reports whether a store is a queue method's own bookkeeping
// of its slice (q.items = append(q.items, x) in Push, q.items =
// q.items[1:] in Pop): a hand-off, not state a delivery leaves behind.
// What the workers do with the element is the effect.
func (w *walker) queueStore(st *ssa.Store) bool {
	if _, ok := st.Addr.(*ssa.FieldAddr); !ok {
		return false
	}
	f, _ := w.p.queueMethodOf(w.fn)
	return f != nil && recvField(st.Addr, w.fn.Params[0]) == f
}
