package summary

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// A call through an interface-typed package-level variable (a package's
// default logger: var std Logger, set by Init to a *zapLogger, called as
// std.Error(…) by the package's ZError) runs the methods of the concrete
// types stored into that variable. When the variable is unexported, the
// package's own code is every place that can store into it, so the types
// its stores convert are all there is: the call is a static call of each
// type's method. It is not resolved (stays an interface call, unknown)
// when the variable is exported (another package may store into it), when
// its address is taken for anything but a load or a store (a pointer to
// it may be written elsewhere), when a stored value's concrete type is not
// known here (a parameter, another interface call), when the package has
// functions left unanalysed (ill-typed bodies may store into it), or when
// nothing but nil is ever stored (the call panics).

// globalImpl is what globalImpls found for one variable.
type globalImpl struct {
	types []types.Type // the concrete types stored, sorted by name
	ok    bool
}

// globalCallees returns the functions an interface call on a load of one
// of the package's unexported interface-typed variables runs, and
// whether that is all it can run (see above). recv is the called value.
func (p *Package) globalCallees(recv ssa.Value, m *types.Func) ([]*ssa.Function, bool) {
	ld, ok := recv.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, false
	}
	g, ok := ld.X.(*ssa.Global)
	if !ok {
		return nil, false
	}
	ts, ok := p.globalImpls(g)
	if !ok {
		return nil, false
	}
	var out []*ssa.Function
	for _, t := range ts {
		fn := methodOf(p.pkg.Prog, t, m)
		if fn == nil {
			return nil, false
		}
		out = append(out, fn)
	}
	return out, true
}

// methodOf is the function of type t's method m (the method a call of the
// interface method m runs on a value of type t), nil if there is none.
func methodOf(prog *ssa.Program, t types.Type, m *types.Func) *ssa.Function {
	sel := prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
	if sel == nil {
		return nil
	}
	fn := prog.MethodValue(sel)
	if fn == nil {
		return nil
	}
	// A promotion or pointer wrapper stands for the declared method.
	if fn.Synthetic != "" && fn.Parent() == nil {
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
			if real := prog.FuncValue(obj); real != nil {
				fn = real
			}
		}
	}
	return fn
}

// globalImpls returns the concrete types the package stores into g, and
// whether they are all g can hold (see above).
func (p *Package) globalImpls(g *ssa.Global) ([]types.Type, bool) {
	if p.globalIfaces == nil {
		p.globalIfaces = map[*ssa.Global]globalImpl{}
	}
	if r, done := p.globalIfaces[g]; done {
		return r.types, r.ok
	}
	p.globalIfaces[g] = globalImpl{} // a store of g's own method's result while this runs
	ts, ok := p.computeGlobalImpls(g)
	p.globalIfaces[g] = globalImpl{types: ts, ok: ok}
	return ts, ok
}

func (p *Package) computeGlobalImpls(g *ssa.Global) ([]types.Type, bool) {
	obj, _ := g.Object().(*types.Var)
	elem := g.Type().(*types.Pointer).Elem()
	if obj == nil || obj.Exported() || g.Pkg != p.pkg || !types.IsInterface(elem) {
		return nil, false
	}
	var stored []ssa.Value
	for _, fn := range p.allFuncs() {
		if fn.Blocks == nil {
			return nil, false // a body not analysed may store into g
		}
		test := p.testFile(fn)
		var rands []*ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				rands = instr.Operands(rands[:0])
				for _, r := range rands {
					if r == nil || *r != ssa.Value(g) {
						continue
					}
					switch x := instr.(type) {
					case *ssa.UnOp:
						if x.Op != token.MUL {
							return nil, false
						}
					case *ssa.Store:
						if x.Addr != ssa.Value(g) {
							return nil, false // g's address stored somewhere
						}
						if !test {
							stored = append(stored, x.Val)
						}
					default:
						return nil, false // &g handed on
					}
				}
			}
		}
	}
	set := map[string]types.Type{}
	// A store of a method's result called on g itself takes the types
	// the other stores give: again until nothing new is found.
	for round := 0; round < 4; round++ {
		before := len(set)
		for _, v := range stored {
			if !p.concreteTypes(v, g, set, 0) {
				return nil, false
			}
		}
		if len(set) == before {
			break
		}
	}
	if len(set) == 0 {
		return nil, false // only nil: the call panics
	}
	return sortedTypes(set), true
}

// concreteTypes adds to set the concrete types of the values v may hold
// (v is stored into g), and reports whether they are known: a conversion
// of a concrete value, nil, a call of a function of the package whose
// returns are known in turn, or a method called on g itself (std =
// std.WithName(…)), whose returns are those of g's other types' method.
func (p *Package) concreteTypes(v ssa.Value, g *ssa.Global, set map[string]types.Type, depth int) bool {
	if depth > 6 {
		return false
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		if types.IsInterface(x.X.Type()) {
			return false
		}
		set[x.X.Type().String()] = x.X.Type()
		return true
	case *ssa.ChangeInterface:
		return p.concreteTypes(x.X, g, set, depth+1)
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !p.concreteTypes(e, g, set, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return p.callResults(call, x.Index, g, set, depth)
		}
		return false
	case *ssa.Call:
		return p.callResults(x, 0, g, set, depth)
	}
	return false
}

// callResults adds the concrete types of result k of call (see
// concreteTypes).
func (p *Package) callResults(call *ssa.Call, k int, g *ssa.Global, set map[string]types.Type, depth int) bool {
	c := call.Common()
	var callees []*ssa.Function
	if c.IsInvoke() {
		ld, ok := c.Value.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || ld.X != ssa.Value(g) {
			return false
		}
		// A method of g's value called to replace it: its results on the
		// types found so far (computeGlobalImpls goes round again).
		before := len(set)
		for _, t := range sortedTypes(set) {
			fn := methodOf(p.pkg.Prog, t, c.Method)
			if fn == nil {
				return false
			}
			callees = append(callees, fn)
		}
		if before == 0 {
			return true // no type yet: the other stores decide
		}
	} else if fn := c.StaticCallee(); fn != nil {
		callees = []*ssa.Function{fn}
	} else {
		return false
	}
	for _, fn := range callees {
		if o := fn.Origin(); o != nil {
			fn = o
		}
		if !p.set[fn] || fn.Blocks == nil {
			return false // another package's function, or one without a body here
		}
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || k >= len(ret.Results) {
				continue
			}
			if !p.concreteTypes(ret.Results[k], g, set, depth+1) {
				return false
			}
		}
	}
	return true
}

func sortedTypes(set map[string]types.Type) []types.Type {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]types.Type, len(names))
	for i, n := range names {
		out[i] = set[n]
	}
	return out
}

// allFuncs is every function of the package with its closures: the
// summarised ones and the package initializer with the init functions it
// calls, which summaries leave out.
func (p *Package) allFuncs() []*ssa.Function {
	if p.everyFunc != nil {
		return p.everyFunc
	}
	seen := map[*ssa.Function]bool{}
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	for fn := range p.set {
		add(fn)
	}
	if init := p.pkg.Func("init"); init != nil {
		add(init)
		for _, b := range init.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					if callee := ci.Common().StaticCallee(); callee != nil && callee.Pkg == p.pkg {
						add(callee)
					}
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pos() != out[j].Pos() {
			return out[i].Pos() < out[j].Pos()
		}
		return out[i].String() < out[j].String()
	})
	p.everyFunc = out
	return out
}
