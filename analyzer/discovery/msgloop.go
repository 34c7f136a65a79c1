package discovery

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Message loops behind the application's own queue abstraction. An
// application wraps a broker's receive call in a function of its own
// that returns what it received (a receive wrapper):
//
//	func (s *wrappedSub) Receive(ctx context.Context) (*Message, error) {
//		m, err := s.sub.Receive(ctx) // gocloud.dev/pubsub, catalogued
//		…
//		return &Message{Body: m.Body, Acker: m}, nil
//	}
//
// often behind an interface of its own (type Subscription interface{
// Receive(ctx) (*Message, error) }), and a consumer loop receives through
// it and hands each message to a value of another of its interfaces:
//
//	for { msg, err := c.sub.Receive(ctx); …; go c.handler.Handle(ctx, msg) }
//
// The wrapper is not a handler (it returns the message; its callers do the
// work): a function of its package that calls a wrapper of a catalogued
// receive is the pull loop instead (pull.go). The loop over a wrapper
// behind an interface is not one either: it runs whatever handler it was
// given, so the handlers are the concrete types passed where the
// interface value comes from (a constructor's parameter kept in the
// field the loop reads, New(sub, h) storing h in c.handler), exactly as
// for an application's job interface (ifacejobs.go): the loop's function,
// or the one storing the value, forwards that parameter with the
// interface's method. A loop over such a wrapper that hands its messages
// to no interface value of the application (a test reading back what was
// published) makes no handler at all. Wrappers are facts (receives), as
// are the methods of the package's interfaces that its wrappers
// implement, so a consumer in one package sees a wrapper of another.

// receiveWrappers finds, to a fixed point, the package's declared
// functions that return what a receive call returned, with the
// framework of that receive.
func (f *finder) receiveWrappers() {
	for round := 0; round < 8; round++ {
		changed := false
		for _, fn := range f.env.Funcs {
			if fn.Parent() != nil || !f.local(fn) || f.wrappers[fn] != "" {
				continue
			}
			for _, rc := range f.receiveCalls(fn) {
				if returnsFrom(fn, rc.call) {
					if f.wrappers == nil {
						f.wrappers = map[*ssa.Function]string{}
					}
					f.wrappers[fn] = rc.framework
					if rc.direct {
						if f.wrapDirect == nil {
							f.wrapDirect = map[*ssa.Function]bool{}
						}
						f.wrapDirect[fn] = true
					}
					changed = true
					break
				}
			}
		}
		if !changed {
			return
		}
	}
}

// recvCall is a call in a function that receives messages.
type recvCall struct {
	call      *ssa.Call
	framework string
	direct    bool // a catalogued receive itself, not a wrapper of one
}

// receiveCalls are the calls in fn's own body (not its closures') that
// receive messages: catalogued receives and calls of receive wrappers.
func (f *finder) receiveCalls(fn *ssa.Function) []recvCall {
	var out []recvCall
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if fw, direct := f.receiveOf(call); fw != "" {
				out = append(out, recvCall{call: call, framework: fw, direct: direct})
			}
		}
	}
	return out
}

// receiveOf is the framework a call receives from ("" when it does not
// receive), and whether it is a catalogued receive itself.
func (f *finder) receiveOf(call *ssa.Call) (string, bool) {
	obj := calleeFunc(call)
	if obj == nil {
		return "", false
	}
	if f.env.Model != nil {
		if m := f.env.Model(obj); m != nil && m.Receive != "" {
			return m.Receive, true
		}
	}
	if callee := call.Call.StaticCallee(); callee != nil {
		if o := callee.Origin(); o != nil {
			callee = o
		}
		if fw := f.wrappers[callee]; fw != "" {
			return fw, false
		}
	}
	if call.Call.IsInvoke() {
		if fw := f.ifaceReceive(obj); fw != "" {
			return fw, false
		}
	}
	if f.env.Receives != nil && (call.Call.IsInvoke() || obj.Pkg() != f.env.Pkg.Pkg) {
		return f.env.Receives(obj.Origin()), false
	}
	return "", false
}

// ifaceReceive is the framework of the package's receive wrappers that
// implement interface method m, or "".
func (f *finder) ifaceReceive(m *types.Func) string {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return ""
	}
	var fws []string
	for g, fw := range f.wrappers {
		obj, _ := g.Object().(*types.Func)
		if obj == nil || obj.Name() != m.Name() {
			continue
		}
		if gs := obj.Type().(*types.Signature); gs.Recv() != nil && !types.IsInterface(gs.Recv().Type()) && types.Implements(gs.Recv().Type(), iface) {
			fws = append(fws, fw)
		}
	}
	if len(fws) == 0 {
		return ""
	}
	sort.Strings(fws)
	return fws[0]
}

// Receives are the package's receive wrappers and the methods of its
// interfaces that they implement, with their frameworks, for their facts.
func (f *finder) Receives() map[*types.Func]string {
	if len(f.wrappers) == 0 {
		return nil
	}
	out := map[*types.Func]string{}
	for fn, fw := range f.wrappers {
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
			out[obj] = fw
		}
	}
	for _, m := range ifaceMethods(f.env.Pkg.Pkg) {
		if fw := f.ifaceReceive(m); fw != "" {
			out[m] = fw
		}
	}
	return out
}

// returnsFrom reports whether one of fn's returns returns what call
// returned (or a value built from it).
func returnsFrom(fn *ssa.Function, call *ssa.Call) bool {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			if _, isErr := r.Type().Underlying().(*types.Interface); isErr && types.Identical(r.Type(), types.Universe.Lookup("error").Type()) {
				continue // the receive's error is not its message
			}
			if fromCall(r, call, 0, map[ssa.Value]bool{}) {
				return true
			}
		}
	}
	return false
}

// fromCall reports whether v is what call returned, a part of it (a
// result of its tuple, an element, a field) or a value built from those
// (&Message{Body: m.Body}), through conversions, phis and the variables
// closures capture.
func fromCall(v ssa.Value, call ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth > 16 || seen[v] {
		return false
	}
	seen[v] = true
	if v == call {
		return true
	}
	switch x := v.(type) {
	case *ssa.Extract:
		return fromCall(x.Tuple, call, depth+1, seen)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if al, ok := x.X.(*ssa.Alloc); ok {
				return allocFrom(al, call, depth+1, seen)
			}
			return fromCall(x.X, call, depth+1, seen)
		}
	case *ssa.FieldAddr:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.Field:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.IndexAddr:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.Index:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.Slice:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.MakeInterface:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.ChangeInterface:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.ChangeType:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.Convert:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.TypeAssert:
		return fromCall(x.X, call, depth+1, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if fromCall(e, call, depth+1, seen) {
				return true
			}
		}
	case *ssa.FreeVar:
		return fromCall(ssavalue.Binding(x), call, depth+1, seen)
	case *ssa.Alloc:
		return allocFrom(x, call, depth+1, seen)
	}
	return false
}

// allocFrom reports whether a value stored into a local or a new struct
// (or one of its fields) comes from call.
func allocFrom(al *ssa.Alloc, call ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	for _, ref := range *al.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == ssa.Value(al) && fromCall(r.Val, call, depth, seen) {
				return true
			}
		case *ssa.FieldAddr:
			for _, ref2 := range *r.Referrers() {
				if st, ok := ref2.(*ssa.Store); ok && st.Addr == ssa.Value(r) && fromCall(st.Val, call, depth, seen) {
					return true
				}
			}
		}
	}
	return false
}

// messageLoops finds the package's functions that receive through a
// receive wrapper and hand each message to a value of one of the
// application's interfaces: the function the value comes from forwards
// it, with the method called (see above).
func (f *finder) messageLoops() {
	for _, fn := range f.env.Funcs {
		if fn.Parent() != nil || !f.local(fn) || f.wrappers[fn] != "" {
			continue
		}
		for _, rc := range f.receiveCalls(fn) {
			if rc.direct {
				continue // a catalogued receive: a pull loop (pull.go)
			}
			for _, g := range withClosures(fn) {
				for _, b := range g.Blocks {
					for _, instr := range b.Instrs {
						ci, ok := instr.(ssa.CallInstruction)
						if !ok || !ci.Common().IsInvoke() {
							continue
						}
						f.dispatchTo(ci.Common(), rc)
					}
				}
			}
		}
	}
}

// dispatchTo records the forward an interface call makes when it hands
// the message rc received to a value of the application's interface that
// comes from a parameter (kept in a field, or the function's own), by a
// method returning an error (Handle(ctx, msg) error, not a logger's
// Printf(format, msg)).
func (f *finder) dispatchTo(c *ssa.CallCommon, rc recvCall) {
	f.dispatchFrom(c, rc.call, Forward{Framework: rc.framework, TaskParam: -1, Interface: true, Loop: true})
}

// dispatchFrom records the forward fw (its Method set to the called one)
// of the parameter behind the interface value c calls when c hands it
// what src received, by a method returning an error; it reports whether
// it recorded one.
func (f *finder) dispatchFrom(c *ssa.CallCommon, src ssa.Value, fw Forward) bool {
	m := c.Method
	if m == nil || m.Pkg() == nil || !f.application(m.Pkg()) || !returnsError(m) {
		return false // a handler's method reports its failure; a logger's does not
	}
	handed := false
	for _, a := range c.Args {
		if fromCall(a, src, 0, map[ssa.Value]bool{}) {
			handed = true
			break
		}
	}
	if !handed {
		return false
	}
	fw.Method = m.Name()
	if owner, k, _ := jobParam(c.Value); owner != nil && f.local(owner) {
		fw.Param = k
		f.forward(owner, fw)
		return true
	}
	found := false
	for _, p := range f.storedParams(c.Value) {
		fw.Param = p.k
		f.forward(p.fn, fw)
		found = true
	}
	return found
}
