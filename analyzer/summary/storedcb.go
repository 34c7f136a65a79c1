package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Callbacks a library object was built with. A batcher's Add only queues
// its item; the Processor the batcher was given in its Config when it
// was made runs the batch later:
//
//	b, _ := batcher.NewBatcher(batcher.Config[*Msg]{Processor: bp.processBatch})
//	bp.batcher = b
//	…
//	func (bp *BatchProcessor) Add(m *Msg) { bp.batcher.Add("", m) }
//
// A model with stored_callback names the constructor and the field. At
// the call, the receiver is traced to the constructor call that made it
// (the value itself, or what the package stores into the struct field
// it is loaded from), and the function values stored into that field of
// the constructor's argument are the call's effects, as a callback run
// there. Where no constructor call is found in the package (made in
// another), the model's own effect stands: unknown, never none.

// storedCallbacks are the function values the receiver of call ci was
// built with, per sc; nil when its constructor call is not found here.
func (p *Package) storedCallbacks(ci ssa.CallInstruction, sc *models.StoredCallback) []ssa.Value {
	c := ci.Common()
	var recv ssa.Value
	switch {
	case c.IsInvoke():
		recv = c.Value
	case len(c.Args) > 0:
		recv = c.Args[0]
	}
	if recv == nil {
		return nil
	}
	var out []ssa.Value
	for _, v := range p.valueOrigins(recv) {
		call := constructorCall(v)
		if call == nil {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil {
			continue
		}
		if o := callee.Origin(); o != nil {
			callee = o
		}
		obj, ok := callee.Object().(*types.Func)
		if !ok || obj == nil || models.FuncKey(obj) != sc.Constructor {
			continue
		}
		if sc.Arg >= len(call.Call.Args) {
			continue
		}
		out = append(out, structFieldValues(call.Call.Args[sc.Arg], sc.Field)...)
	}
	return out
}

// valueOrigins are the values v may be: v itself, or, loaded from a
// struct field, every value the package stores into that field.
func (p *Package) valueOrigins(v ssa.Value) []ssa.Value {
	v = ssavalue.Unconvert(v)
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return []ssa.Value{v}
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return []ssa.Value{v}
	}
	if p.anyFields == nil {
		fns := make([]*ssa.Function, 0, len(p.set))
		for fn := range p.set {
			fns = append(fns, fn)
		}
		p.anyFields = ssavalue.IndexFields(fns, func(v ssa.Value) bool {
			return constructorCall(v) != nil
		})
	}
	return p.anyFields.Of(fa.X.Type(), fa.Field)
}

// constructorCall is the call whose (first) result v is, or nil.
func constructorCall(v ssa.Value) *ssa.Call {
	v = ssavalue.Unconvert(v)
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	call, _ := v.(*ssa.Call)
	return call
}

// structFieldValues are the values stored into field name of the struct
// literal v is (or points to).
func structFieldValues(v ssa.Value, name string) []ssa.Value {
	v = ssavalue.Unconvert(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	return localFieldValues(alloc, name, 0)
}

// storedDeps adds to deps the package's functions that fn's calls with a
// stored_callback model run.
func (p *Package) storedDeps(fn *ssa.Function, deps map[*ssa.Function]bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			var obj *types.Func
			if c := ci.Common(); c.IsInvoke() {
				obj = c.Method
			} else if callee := c.StaticCallee(); callee != nil {
				obj, _ = callee.Object().(*types.Func)
			}
			if obj == nil || obj.Pkg() == nil || !p.env.Index.Modeled(obj.Pkg()) {
				continue
			}
			m := p.env.Index.Lookup(obj)
			if m == nil || m.StoredCallback == nil {
				continue
			}
			for _, v := range p.storedCallbacks(ci, m.StoredCallback) {
				for _, r := range resolveFuncs(v) {
					if p.set[r.fn] {
						deps[r.fn] = true
					}
				}
			}
		}
	}
}

// invokeRandom is the random source every implementation in this package
// of interface method m returns its string from (an ID generator behind
// the package's own interface: uuidv4Generator, uuidv7Generator and
// nanoidGenerator's generate), "" when one does not or there is none.
// Only interfaces this package declares: their implementations are all
// here to read.
func (p *Package) invokeRandom(m *types.Func) string {
	if m == nil || m.Pkg() == nil || p.pkg == nil || m.Pkg() != p.pkg.Pkg {
		return ""
	}
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Results().Len() != 1 || !keyLike(sig.Results().At(0).Type()) || sig.Recv() == nil {
		return ""
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return ""
	}
	if r, ok := p.invokeRandoms[m]; ok {
		return r
	}
	if p.invokeRandoms == nil {
		p.invokeRandoms = map[*types.Func]string{}
	}
	p.invokeRandoms[m] = "" // in progress: a cycle finds nothing
	source := ""
	for _, mem := range p.pkg.Members {
		tm, ok := mem.(*ssa.Type)
		if !ok {
			continue
		}
		for _, t := range []types.Type{tm.Type(), types.NewPointer(tm.Type())} {
			if _, isIface := t.Underlying().(*types.Interface); isIface || !types.Implements(t, iface) {
				continue
			}
			sel := p.pkg.Prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
			if sel == nil {
				continue
			}
			fn := p.pkg.Prog.MethodValue(sel)
			if fn == nil || fn.Synthetic != "" {
				continue
			}
			r := p.returnsRandom(fn)
			if r == "" {
				p.invokeRandoms[m] = ""
				return ""
			}
			source = r
			break
		}
	}
	p.invokeRandoms[m] = source
	return source
}

// returnsRandom is the random source fn's string result derives from on
// some return, or "".
func (p *Package) returnsRandom(fn *ssa.Function) string {
	w := &walker{p: p, fn: fn, name: SSAName(fn)}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if o := w.keyOrigin(ret.Results[0]); o.random != "" {
			return o.random
		}
	}
	return ""
}
