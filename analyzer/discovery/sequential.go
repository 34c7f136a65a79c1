package discovery

import (
	"cmp"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Sequential subscriptions. A registration given the subscription its
// handler reads (Watermill's AddConsumerHandler(name, topic, subscriber,
// fn): catalog.Registration.Subscriber) inherits what the transport
// promises about overlap. Watermill's GoChannel built with
// BlockPublishUntilSubscriberAck holds the topic's lock in Publish until
// every subscriber acked the message (pubsub/gochannel/pubsub.go, v1.5.2:
// Publish :106-113 and :132-134), and resends a nacked message only after
// the Nack, from the same loop (sendMessageToSubscriber :383-415): no two
// deliveries of a topic are ever in flight at once, so a handler's
// deliveries never overlap (models.Model.Sequential, as data in the
// catalog). The subscriber is followed back to the constructor call
// through the package's values (reglists.go's sources: conversions,
// variables, fields, the package's calls and parameters); every source
// must be such a call, with the config's field the constant true.

// mergeSequential sets h's Sequential from one more registration: a
// handler's deliveries never overlap only when every subscription it is
// registered on says so. One function on a sequential GoChannel and on
// one that does not wait for acks runs two deliveries at once on the
// second, where a mark before its act is no guard.
func mergeSequential(h *Handler, seq bool) {
	if !seq {
		h.overlaps = true
	}
	h.Sequential = seq && !h.overlaps
}

// sequential reports whether the subscription v is built only by calls of
// a constructor modelled as sequential, each given its config field true.
func (f *finder) sequential(v ssa.Value) bool {
	return f.sequentialIn(v, map[ssa.Value]bool{}, 0)
}

func (f *finder) sequentialIn(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	v = ssavalue.Unconvert(v)
	if v == nil || depth > 12 || seen[v] {
		return false
	}
	seen[v] = true
	if c, ok := v.(*ssa.Call); ok {
		if callee := c.Call.StaticCallee(); callee != nil {
			fn, _ := callee.Object().(*types.Func)
			if m := f.model(fn); m != nil && m.Sequential != nil {
				args := c.Call.Args
				return m.Sequential.Arg < len(args) && ssavalue.FieldConst(args[m.Sequential.Arg], m.Sequential.Field) == "true"
			}
		}
	}
	if c, ok := v.(*ssa.Call); ok && f.env.Sequential != nil {
		// A function of another package returning one (its fact).
		if callee := c.Call.StaticCallee(); callee != nil && callee.Pkg != f.env.Pkg {
			if fn, ok := ssavalue.Declared(callee).Object().(*types.Func); ok && fn != nil {
				return f.env.Sequential(fn.Origin())
			}
		}
	}
	srcs := f.sources(v, seen, depth)
	if t, i, ok := fieldRead(v); ok && len(srcs) == 0 {
		// A field of a receiver no call of the package gives (an
		// accessor other packages call): what the package stores there.
		srcs = f.fieldStored(t, i)
	}
	if len(srcs) == 0 {
		return false
	}
	for _, s := range srcs {
		if !f.sequentialIn(s, seen, depth+1) {
			return false
		}
	}
	return true
}

// model is the library model of fn, or nil (fn nil: a closure or a
// synthetic function).
func (f *finder) model(fn *types.Func) *models.Model {
	if fn == nil || f.env.Model == nil {
		return nil
	}
	return f.env.Model(fn)
}

// sequentialFuncs are the package's functions and methods with a body
// whose results of an interface or pointer type all are sequential
// subscriptions (a constructor of the application's bus, its
// Subscriber() accessor): their facts let another package's registration
// follow them. Sorted by position.
func (f *finder) sequentialFuncs() []*types.Func {
	if !f.buildsSequential() {
		return nil
	}
	var out []*types.Func
	for _, fn := range f.env.Funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj == nil || fn.Parent() != nil || fn.Blocks == nil || fn.Signature.Results().Len() != 1 {
			continue
		}
		var rets []ssa.Value
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				rets = append(rets, ret.Results[0])
			}
		}
		if len(rets) == 0 {
			continue
		}
		all := true
		for _, r := range rets {
			if !f.sequential(r) {
				all = false
				break
			}
		}
		if all {
			out = append(out, obj)
		}
	}
	slices.SortFunc(out, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// buildsSequential reports whether the package calls a sequential
// constructor or another package's function returning a sequential
// subscription: only then may its own functions return one.
func (f *finder) buildsSequential() bool {
	for _, top := range f.env.Funcs {
		for _, g := range withClosures(top) {
			for _, b := range g.Blocks {
				for _, instr := range b.Instrs {
					ci, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					callee := ci.Common().StaticCallee()
					if callee == nil {
						continue
					}
					fn, _ := ssavalue.Declared(callee).Object().(*types.Func)
					if m := f.model(fn); m != nil && m.Sequential != nil {
						return true
					}
					if fn != nil && callee.Pkg != f.env.Pkg && f.env.Sequential != nil && f.env.Sequential(fn.Origin()) {
						return true
					}
				}
			}
		}
	}
	return false
}
