package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Nil results on failure. A function that returns (nil, err) on every
// failure (every return whose error is not the constant nil gives the
// constant nil for each pointer result) hands its caller nothing to read
// when it fails: a caller that dereferences that result on the failure's
// branch panics there (guard.NilDerefOnDup). For a call through an
// interface, every implementation the package can see must say so — the
// package's own types and those of the interface's package — and at least
// one must exist: a store interface whose create returns (nil, err) in
// each of its implementations.

// nilOnError reports whether the call c's pointer results are nil
// whenever its error is not.
func (p *Package) nilOnError(c *ssa.CallCommon) bool {
	if callee := c.StaticCallee(); callee != nil {
		return p.nilOnErrorFn(callee)
	}
	if !c.IsInvoke() {
		return false
	}
	impls := p.implementations(c.Method)
	if len(impls) == 0 {
		return false
	}
	for _, fn := range impls {
		if !p.nilOnErrorFn(fn) {
			return false
		}
	}
	return true
}

// nilOnErrorFn reads fn's returns when its body is in this package, its
// summary (NilOnError) otherwise.
func (p *Package) nilOnErrorFn(fn *ssa.Function) bool {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Blocks == nil {
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil && p.env.Import != nil {
			if s, ok := p.env.Import(obj); ok && s != nil {
				return s.NilOnError
			}
		}
		return false
	}
	if v, ok := p.nilErr[fn]; ok {
		return v
	}
	v := nilOnErrorReturns(fn)
	if p.nilErr == nil {
		p.nilErr = map[*ssa.Function]bool{}
	}
	p.nilErr[fn] = v
	return v
}

// nilOnErrorReturns reports whether fn returns a pointer and an error
// last, and each of its returns whose error is not the constant nil
// returns the constant nil for every pointer result.
func nilOnErrorReturns(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	n := res.Len()
	if n < 2 || !isErrorType(res.At(n-1).Type()) {
		return false
	}
	ptrs := 0
	for i := 0; i < n-1; i++ {
		if _, ok := res.At(i).Type().Underlying().(*types.Pointer); ok {
			ptrs++
		}
	}
	if ptrs == 0 {
		return false
	}
	rets := 0
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || b == fn.Recover {
			// The recover block returns what a return stored before a
			// deferred call recovered from a panic: no return of its own.
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != n {
			continue
		}
		rets++
		if constNil(returned(ret, n-1)) {
			continue
		}
		for i := 0; i < n-1; i++ {
			if _, ok := res.At(i).Type().Underlying().(*types.Pointer); ok && !constNil(returned(ret, i)) {
				return false
			}
		}
	}
	return rets > 0
}

// returned is the i-th value ret returns. In a function that defers a
// call, the results live in cells that each return statement stores into
// just before it runs the deferred calls and loads them back (`return
// nil, err` is `*r0 = nil; *r1 = err; rundefers; return *r0, *r1`): the
// value is the one stored in ret's block. A cell a closure captures (a
// deferred closure may set a named result) is not followed: nil.
func returned(ret *ssa.Return, i int) ssa.Value {
	v := ret.Results[i]
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	cell, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	for _, r := range *cell.Referrers() {
		if _, ok := r.(*ssa.MakeClosure); ok {
			return nil
		}
	}
	var stored ssa.Value
	for _, instr := range ret.Block().Instrs {
		if st, ok := instr.(*ssa.Store); ok && st.Addr == cell {
			stored = st.Val
		}
	}
	return stored
}

// constNil reports whether v is the constant nil.
func constNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// implementations are the methods named like m of the named types, in
// this package and in m's interface's package, whose value or pointer
// implements m's interface.
func (p *Package) implementations(m *types.Func) []*ssa.Function {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	prog := p.pkg.Prog
	scopes := []*types.Scope{p.pkg.Pkg.Scope()}
	if m.Pkg() != nil && m.Pkg() != p.pkg.Pkg {
		scopes = append(scopes, m.Pkg().Scope())
	}
	var out []*ssa.Function
	for _, s := range scopes {
		for _, name := range s.Names() {
			tn, ok := s.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || named.TypeParams().Len() > 0 {
				continue
			}
			if _, isIface := named.Underlying().(*types.Interface); isIface {
				continue
			}
			var t types.Type = named
			if !types.Implements(t, iface) {
				t = types.NewPointer(named)
				if !types.Implements(t, iface) {
					continue
				}
			}
			sel := prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
			if sel == nil {
				continue
			}
			fn := prog.MethodValue(sel)
			if fn == nil {
				continue
			}
			out = append(out, fn)
		}
	}
	return out
}
