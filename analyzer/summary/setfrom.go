package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Which arguments of a call reach the columns a set writes (SetFrom): a
// repository's UpdateStatus(ctx, limit) whose SQL uses its limit only in
// LIMIT $1 writes constants; a value the caller computed from one it read
// and passes as the limit picks rows and is no read-modify-write.

// sqlSetFrom is the SetFrom of an update-set whose SQL has parameters
// that only pick its rows: the parameters of the function the other
// parameters' values derive from. nil when the statement has none, or
// when a value's origin is not known.
func (w *walker) sqlSetFrom(st sqlclass.Stmt, params []ssa.Value) *effect.SetFrom {
	if st.Op != sqlclass.UpdateSet || params == nil {
		return nil
	}
	pick := st.PickOnly()
	if len(pick) == 0 {
		return nil
	}
	for n := range pick {
		if n > len(params) {
			return nil
		}
	}
	var vals []ssa.Value
	for i, v := range params {
		if !pick[i+1] {
			vals = append(vals, v)
		}
	}
	refs, ok := w.paramDeps(vals)
	if !ok {
		return nil
	}
	return &effect.SetFrom{Params: refs}
}

// mapSetFrom gives e, brought up to a call from its callee's summary,
// the values the call passes for the callee's SetFrom parameters (for
// rmwIncluded) and the parameters of this function they derive from.
func (w *walker) mapSetFrom(e *effect.Effect, src *effect.SetFrom, args, bindings []ssa.Value) {
	vals, ok := setArgs(src, args, bindings)
	if !ok {
		return
	}
	if w.setVals == nil {
		w.setVals = map[*effect.Effect][]ssa.Value{}
	}
	w.setVals[e] = vals
	if refs, ok := w.paramDeps(vals); ok {
		e.SetFrom = &effect.SetFrom{Params: refs}
	}
}

// setArgs are the values a call passes for a callee effect's SetFrom
// parameters (a field's stored values when the argument is a struct
// literal); ok is false when one is not found.
func setArgs(sf *effect.SetFrom, args, bindings []ssa.Value) (vals []ssa.Value, ok bool) {
	for _, r := range sf.Params {
		v := pick(r.Param-1, args, bindings)
		if v == nil {
			return nil, false
		}
		if r.Field != "" {
			if lit := plainLiteral(v); lit != nil {
				for _, st := range ssavalue.FieldStores(lit, r.Field) {
					vals = append(vals, st.Val)
				}
				continue
			}
		}
		vals = append(vals, v)
	}
	return vals, true
}

// plainLiteral returns the local struct v is a load of (or points to)
// when nothing but stores to its fields and loads of it use it (a
// composite literal, Params{ID: id, Limit: n}): its fields hold what is
// stored there, and nothing else. nil otherwise.
func plainLiteral(v ssa.Value) *ssa.Alloc {
	v = ssavalue.Unconvert(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	for _, r := range ssavalue.Referrers(alloc) {
		switch u := r.(type) {
		case *ssa.FieldAddr:
			for _, fr := range ssavalue.Referrers(u) {
				if st, ok := fr.(*ssa.Store); !ok || st.Addr != u {
					if _, dbg := fr.(*ssa.DebugRef); !dbg {
						return nil
					}
				}
			}
		case *ssa.UnOp:
			if u.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
		default:
			// The pointer is passed on (&Params{…} to the call, or to
			// one that may fill it): its fields are not known here.
			return nil
		}
	}
	return alloc
}

// paramDeps are the parameters of the function (with the field read, for
// a field of a struct parameter) that vals may derive from, through any
// computation, locals and calls; ok is false when one derives from what
// cannot be followed (a free variable, a global, memory not local).
func (w *walker) paramDeps(vals []ssa.Value) (refs []effect.KeyParam, ok bool) {
	seen := map[ssa.Value]bool{}
	have := map[effect.KeyParam]bool{}
	add := func(p *ssa.Parameter, field string) bool {
		i := paramIndex(w.fn, p)
		if i < 0 {
			return false
		}
		r := effect.KeyParam{Param: i + 1, Field: field}
		if !have[r] {
			have[r] = true
			refs = append(refs, r)
		}
		return true
	}
	budget := 400
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if v == nil || seen[v] {
			return true
		}
		seen[v] = true
		if budget--; budget < 0 {
			return false
		}
		switch x := v.(type) {
		case *ssa.Const, *ssa.Function, *ssa.Builtin:
			return true
		case *ssa.Parameter:
			return add(x, "")
		case *ssa.FreeVar, *ssa.Global:
			return false
		case *ssa.Field:
			if p, isParam := x.X.(*ssa.Parameter); isParam {
				return add(p, rawField(p.Type(), x.Field))
			}
			return walk(x.X)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				return w.loadDeps(x.X, walk, add)
			}
		case *ssa.Alloc:
			return w.allocDeps(x, walk)
		}
		instr, isInstr := v.(ssa.Instruction)
		if !isInstr {
			return false
		}
		for _, op := range instr.Operands(nil) {
			if op == nil || *op == nil {
				continue
			}
			if !walk(*op) {
				return false
			}
		}
		return true
	}
	for _, v := range vals {
		if !walk(ssavalue.Unconvert(v)) {
			return nil, false
		}
	}
	return refs, true
}

// loadDeps is paramDeps' walk of a load from addr.
func (w *walker) loadDeps(addr ssa.Value, walk func(ssa.Value) bool, add func(*ssa.Parameter, string) bool) bool {
	switch a := addr.(type) {
	case *ssa.Parameter:
		return add(a, "")
	case *ssa.FieldAddr:
		if p, ok := a.X.(*ssa.Parameter); ok {
			return add(p, rawField(p.Type(), a.Field))
		}
		if local, ok := a.X.(*ssa.Alloc); ok {
			// A struct parameter the function keeps in a local (q.Amount
			// of a parameter q whose address is taken): the field of the
			// parameter, unless the field is stored to.
			if p := paramCopy(local); p != nil && onlyLoaded(local, a.Field) {
				return add(p, rawField(p.Type(), a.Field))
			}
		}
		return walk(a.X)
	case *ssa.IndexAddr:
		return walk(a.X) && walk(a.Index)
	case *ssa.Alloc:
		return w.allocDeps(a, walk)
	}
	return walk(addr)
}

// paramCopy returns the parameter a local holds when the only store of
// a whole value to it is the parameter's.
func paramCopy(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, r := range ssavalue.Referrers(a) {
		switch u := r.(type) {
		case *ssa.Store:
			if u.Addr != a {
				return nil
			}
			q, ok := u.Val.(*ssa.Parameter)
			if !ok || p != nil {
				return nil
			}
			p = q
		case *ssa.FieldAddr, *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return p
}

// onlyLoaded reports whether field i of a local is only read: no store
// to it, no call given its address.
func onlyLoaded(a *ssa.Alloc, i int) bool {
	for _, r := range ssavalue.Referrers(a) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != i {
			continue
		}
		for _, u := range ssavalue.Referrers(fa) {
			switch x := u.(type) {
			case *ssa.UnOp:
				if x.Op != token.MUL {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}

// allocDeps walks what is stored into a local (or its fields and
// elements) and what calls given its address are given with it.
func (w *walker) allocDeps(a *ssa.Alloc, walk func(ssa.Value) bool) bool {
	addrs := []ssa.Value{a}
	for i := 0; i < len(addrs) && i < 64; i++ {
		for _, r := range ssavalue.Referrers(addrs[i]) {
			switch u := r.(type) {
			case *ssa.Store:
				if u.Addr == addrs[i] && !walk(u.Val) {
					return false
				}
			case *ssa.FieldAddr:
				addrs = append(addrs, u)
			case *ssa.IndexAddr:
				addrs = append(addrs, u)
			case *ssa.Slice:
				addrs = append(addrs, u)
			case ssa.CallInstruction:
				// A call that may fill it (json.Unmarshal(b, &v)): its
				// other operands may flow in.
				for _, op := range r.Operands(nil) {
					if op != nil && *op != nil && *op != addrs[i] && !walk(*op) {
						return false
					}
				}
			case *ssa.MakeInterface:
				return false
			}
		}
	}
	return true
}

// rawField is the name of field i of the struct t is (or points to).
func rawField(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return ""
}
