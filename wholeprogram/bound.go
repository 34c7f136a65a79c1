package wholeprogram

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// A closure registered under several tasks (result.Handler.PerRegistration)
// is one handler per registration, and each registration binds its own
// values into it: convoy's ProcessEventCreation(ch *DefaultEventChannel, …)
// returns ProcessEventCreationByChannel(ch, …), a closure calling
// channel.CreateEvent through the EventChannel interface, and the
// broadcast and dynamic registrations bind other channels. Here the
// registration's call is found by its position, its handler argument is
// followed through the static calls that make the closure (their
// parameters standing for the caller's arguments) to the MakeClosure, and a
// bound value whose type is concrete there (the factory's parameter of
// type *DefaultEventChannel, a value boxed into the interface) decides the
// closure's interface calls on that captured variable: their callees are
// that type's method, for this handler only (resolver.override). A bound
// value of interface type the trace cannot see through keeps the call
// graph's callees (every implementation), as does a call in another
// function the closure passes the value to.

// maxBoundDepth bounds the factories followed from a registration's
// argument, and the calls followed from a forwarding registration's call
// to the registration it forwards to.
const maxBoundDepth = 4

// maxBoundFuncs bounds the functions one forwarding registration's trace
// enters.
const maxBoundFuncs = 64

// boundCallees are, by handler (registration position and full name), the
// callees of the closure's interface calls on the values its registration
// binds. all holds the program's functions, bodies not yet released; cg
// gives the callees of interface calls a forwarding registration's trace
// goes through.
func (r *resolver) boundCallees(prog *ssa.Program, all map[*ssa.Function]bool, cg *callgraph.Graph, results []*result.Result) map[string]map[string][]*ssa.Function {
	want := map[string][]*result.Handler{} // by registration position
	files := map[string]bool{}
	for _, res := range results {
		for _, h := range res.Handlers {
			if !h.PerRegistration || h.Registered == "" {
				continue
			}
			want[h.Registered] = append(want[h.Registered], h)
			files[posFile(h.Registered)] = true
		}
	}
	if len(want) == 0 {
		return nil
	}
	sites := map[string][]ssa.CallInstruction{}
	stores := map[string][]*ssa.Store{} // a field forward's literal, at its name field
	fns := make([]*ssa.Function, 0, len(all))
	for fn := range all {
		if fn.Blocks != nil && fn.Pos().IsValid() && files[r.fset.Position(fn.Pos()).Filename] {
			fns = append(fns, fn)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && st.Pos().IsValid() {
					if pos := summary.PosString(r.fset, st.Pos()); want[pos] != nil {
						stores[pos] = append(stores[pos], st)
					}
					continue
				}
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Pos().IsValid() {
					continue
				}
				if pos := summary.PosString(r.fset, ci.Pos()); want[pos] != nil {
					sites[pos] = append(sites[pos], ci)
				}
			}
		}
	}
	out := map[string]map[string][]*ssa.Function{}
	var byName map[string][]*ssa.Function // the handlers' functions, for literals
	for pos, hs := range want {
		for _, h := range hs {
			if len(sites[pos]) == 0 && len(stores[pos]) == 1 {
				// A field forward's literal (discovery/closurefwd.go):
				// the handler's calls of its receiver's func fields run
				// what this literal stores there.
				if byName == nil {
					byName = map[string][]*ssa.Function{}
					for fn := range all {
						if fn.Blocks != nil && fn.Synthetic == "" && fn.Signature.Recv() != nil {
							byName[summary.FullName(fn)] = append(byName[summary.FullName(fn)], fn)
						}
					}
				}
				if fs := byName[h.FullName]; len(fs) == 1 {
					if o := r.literalCallees(fs[0], stores[pos][0]); len(o) > 0 {
						out[h.Registered+"|"+h.FullName] = o
					}
				}
				continue
			}
			var found *boundClosure
			ambiguous := false
			for _, ci := range sites[pos] {
				for _, a := range ci.Common().Args {
					b := closureOf(bval{v: a}, h.FullName, 0)
					if b == nil {
						continue
					}
					if found != nil {
						ambiguous = true // the closure twice at one call: which is the handler is not known
					}
					found = b
				}
			}
			if found == nil && !ambiguous && len(sites[pos]) == 1 {
				// A forwarding registration (discovery/closurefwd.go): the
				// call hands the values on to the registration.
				t := &boundTrace{r: r, cg: cg, name: h.FullName, seen: map[*ssa.Function]int{}}
				found = t.forwarded(sites[pos][0], nil, 0)
			}
			if found == nil || ambiguous {
				continue
			}
			if o := invokesOnBound(prog, r.fset, found); len(o) > 0 {
				out[h.Registered+"|"+h.FullName] = o
			}
		}
	}
	return out
}

// boundClosure is a closure a registration's argument makes and the concrete
// types of the values it binds (by free variable; nil: not known).
type boundClosure struct {
	fn    *ssa.Function
	types []types.Type
}

// frame gives the values a call passes to its callee's parameters (args
// by index of fn.Params, the receiver included), themselves values of the
// calling frame; a nil frame is the registration's own function, whose
// parameters are not known.
type frame struct {
	fn   *ssa.Function
	args []bval
}

// bval is a value in a frame.
type bval struct {
	v  ssa.Value
	fr *frame
}

// callFrame is the frame of a call of fn made by c in fr.
func callFrame(fn *ssa.Function, c *ssa.CallCommon, fr *frame) *frame {
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, c.Args...)
	}
	if len(args) != len(fn.Params) {
		return nil
	}
	out := &frame{fn: fn, args: make([]bval, len(args))}
	for i, a := range args {
		out.args[i] = bval{v: a, fr: fr}
	}
	return out
}

// param is the value a parameter stands for, through the frames that
// give it, b itself for any other value.
func (b bval) param() bval {
	for n := 0; n <= 2*maxBoundDepth; n++ {
		p, ok := b.v.(*ssa.Parameter)
		if !ok || b.fr == nil || p.Parent() != b.fr.fn {
			return b
		}
		k := slices.Index(b.fr.fn.Params, p)
		if k < 0 || k >= len(b.fr.args) {
			return b
		}
		b = b.fr.args[k]
	}
	return b
}

// calleeOf is the function a call calls, when static or a function value
// its frame gives (a closure a parameter stands for), with its frame.
func calleeOf(c *ssa.CallCommon, fr *frame) (*ssa.Function, *frame) {
	if c.IsInvoke() {
		return nil, nil
	}
	fn := c.StaticCallee()
	if fn == nil {
		switch x := ssavalue.Unconvert(bval{v: c.Value, fr: fr}.param().v).(type) {
		case *ssa.MakeClosure:
			fn, _ = x.Fn.(*ssa.Function)
		case *ssa.Function:
			fn = x
		}
	}
	if fn == nil || fn.Blocks == nil {
		return nil, nil
	}
	nf := callFrame(fn, c, fr)
	if nf == nil {
		return nil, nil
	}
	return fn, nf
}

// closureOf follows b to the closure named name it makes, through static
// calls of functions returning it on every path (their parameters standing
// for the call's arguments).
func closureOf(b bval, name string, depth int) *boundClosure {
	if depth > maxBoundDepth || b.v == nil {
		return nil
	}
	b = b.param()
	// A func value is boxed or retyped, never Converted: Unconvert peels
	// all it can be wrapped in.
	switch x := ssavalue.Unconvert(b.v).(type) {
	case *ssa.MakeClosure:
		fn, ok := x.Fn.(*ssa.Function)
		if !ok || summary.FullName(fn) != name {
			return nil
		}
		out := &boundClosure{fn: fn, types: make([]types.Type, len(x.Bindings))}
		for i, bv := range x.Bindings {
			out.types[i] = concreteType(bval{v: bv, fr: b.fr})
		}
		return out
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Blocks == nil {
			return nil
		}
		nf := callFrame(callee, &x.Call, b.fr)
		if nf == nil {
			return nil
		}
		var out *boundClosure
		for _, blk := range callee.Blocks {
			ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			if len(ret.Results) != 1 {
				return nil
			}
			c := closureOf(bval{v: ret.Results[0], fr: nf}, name, depth+1)
			if c == nil {
				return nil // a path that returns something else
			}
			if out = mergeBound(out, c); out == nil {
				return nil
			}
		}
		return out
	}
	return nil
}

// mergeBound is what two ways of making a closure agree on (nil: other
// closures), out nil at the first.
func mergeBound(out, b *boundClosure) *boundClosure {
	if out == nil {
		return b
	}
	if out.fn != b.fn || len(out.types) != len(b.types) {
		return nil
	}
	for i := range out.types {
		if out.types[i] == nil || b.types[i] == nil || !types.Identical(out.types[i], b.types[i]) {
			out.types[i] = nil
		}
	}
	return out
}

// concreteType is the one dynamic type a bound value has: its own type
// when that is not an interface (a pointer to a named struct, a named
// type), the boxed value's for a conversion to an interface, followed
// through the parameters its frames give and into the functions whose
// result it is (a constructor returning the interface, a func value its
// caller passes: func() Task { return NewInsertTask(db) }) when every
// path returns values of one type; nil when not known.
func concreteType(b bval) types.Type {
	return concreteTypeAt(b, 0)
}

func concreteTypeAt(b bval, depth int) types.Type {
	for n := 0; n <= maxBoundDepth && b.v != nil; n++ {
		b = b.param()
		if a, ok := b.v.(*ssa.Alloc); ok {
			// A captured variable's cell: the one value stored into it.
			b.v = storedOnce(a)
			if b.v == nil {
				return nil
			}
		}
		if mi, ok := b.v.(*ssa.MakeInterface); ok {
			b.v = mi.X
		}
		t := b.v.Type()
		if !types.IsInterface(t) {
			switch u := types.Unalias(t).(type) {
			case *types.Named:
				return t
			case *types.Pointer:
				if named, ok := types.Unalias(u.Elem()).(*types.Named); ok && !types.IsInterface(named) {
					return t
				}
			}
			return nil // a captured variable's cell, a func value, …
		}
		call, ok := b.v.(*ssa.Call)
		if !ok {
			if _, isParam := b.v.(*ssa.Parameter); isParam {
				continue // given by no frame: param returns it unchanged
			}
			return nil
		}
		if depth >= maxBoundDepth {
			return nil
		}
		fn, nf := calleeOf(&call.Call, b.fr)
		if fn == nil {
			return nil
		}
		var out types.Type
		for _, blk := range fn.Blocks {
			ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			if len(ret.Results) != 1 {
				return nil
			}
			t := concreteTypeAt(bval{v: ret.Results[0], fr: nf}, depth+1)
			if t == nil || (out != nil && !types.Identical(out, t)) {
				return nil
			}
			out = t
		}
		return out
	}
	return nil
}

// boundTrace follows a forwarding registration's call to the registration
// it amounts to: into the function it calls (a closure called as a value,
// the implementations of an interface method it invokes), their
// parameters standing for its arguments, and on through their calls, to
// the call whose argument makes the closure name.
type boundTrace struct {
	r    *resolver
	cg   *callgraph.Graph
	name string
	seen map[*ssa.Function]int
	n    int // functions entered
}

// forwarded is the closure the call ci in frame fr registers, with the
// types its values have there; nil when no path or two that disagree on
// the closure.
func (t *boundTrace) forwarded(ci ssa.CallInstruction, fr *frame, depth int) *boundClosure {
	if depth > maxBoundDepth {
		return nil
	}
	c := ci.Common()
	var out *boundClosure
	for _, g := range t.callees(ci, fr) {
		if g.Blocks == nil || t.r.modeled(g) || t.n >= maxBoundFuncs {
			continue
		}
		t.n++
		if d, ok := t.seen[g]; ok && d <= depth {
			continue // a recursion, or entered already at this depth
		}
		t.seen[g] = depth
		nf := callFrame(g, c, fr)
		if nf == nil {
			continue
		}
		for _, blk := range g.Blocks {
			for _, instr := range blk.Instrs {
				inner, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				var b *boundClosure
				for _, a := range inner.Common().Args {
					if b = closureOf(bval{v: a, fr: nf}, t.name, 0); b != nil {
						break
					}
				}
				if b == nil && passesParam(inner.Common(), g) {
					b = t.forwarded(inner, nf, depth+1)
				}
				if b == nil {
					continue
				}
				if out = mergeBound(out, b); out == nil {
					return nil
				}
			}
		}
		delete(t.seen, g)
	}
	return out
}

// callees are the functions a call may call: its static callee, the
// closure its frame gives for a func value, or the call graph's callees
// of an interface call, in order.
func (t *boundTrace) callees(ci ssa.CallInstruction, fr *frame) []*ssa.Function {
	c := ci.Common()
	if !c.IsInvoke() {
		if fn, _ := calleeOf(c, fr); fn != nil {
			return []*ssa.Function{fn}
		}
		return nil
	}
	node := t.cg.Nodes[ci.Parent()]
	if node == nil {
		return nil
	}
	var out []*ssa.Function
	for _, e := range node.Out {
		if e.Site == ci && !slices.Contains(out, e.Callee.Func) {
			out = append(out, e.Callee.Func)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// invokesOnBound are the callees, by position, of the closure's interface
// calls on a free variable whose bound type is known: that type's method.
func invokesOnBound(prog *ssa.Program, fset *token.FileSet, b *boundClosure) map[string][]*ssa.Function {
	out := map[string][]*ssa.Function{}
	for _, blk := range b.fn.Blocks {
		for _, instr := range blk.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || !ci.Common().IsInvoke() || !ci.Pos().IsValid() {
				continue
			}
			c := ci.Common()
			recv := ssavalue.Unconvert(c.Value)
			if u, ok := recv.(*ssa.UnOp); ok && u.Op == token.MUL {
				recv = u.X // a captured variable's cell
			}
			fv, ok := recv.(*ssa.FreeVar)
			if !ok || !onlyLoaded(fv) {
				continue
			}
			k := slices.Index(b.fn.FreeVars, fv)
			if k < 0 || k >= len(b.types) || b.types[k] == nil {
				continue
			}
			sel := prog.MethodSets.MethodSet(b.types[k]).Lookup(c.Method.Pkg(), c.Method.Name())
			if sel == nil {
				continue
			}
			if g := prog.MethodValue(sel); g != nil {
				out[summary.PosString(fset, ci.Pos())] = []*ssa.Function{g}
			}
		}
	}
	return out
}

// storedOnce is the value stored into a cell when its function stores one
// value there and nothing else writes it (the closures it is captured by
// only read it: onlyLoaded), else nil.
func storedOnce(a *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, ref := range *a.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != a || val != nil {
				return nil
			}
			val = x.Val
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
		case *ssa.MakeClosure:
			fn, ok := x.Fn.(*ssa.Function)
			if !ok {
				return nil
			}
			for i, b := range x.Bindings {
				if b == ssa.Value(a) && (i >= len(fn.FreeVars) || !onlyLoaded(fn.FreeVars[i])) {
					return nil
				}
			}
		default:
			return nil // its address taken otherwise
		}
	}
	return val
}

// onlyLoaded reports whether a closure only reads the captured variable fv.
func onlyLoaded(fv *ssa.FreeVar) bool {
	if _, cell := fv.Type().Underlying().(*types.Pointer); !cell {
		return true
	}
	for _, ref := range *fv.Referrers() {
		if u, ok := ref.(*ssa.UnOp); !ok || u.Op != token.MUL {
			return false
		}
	}
	return true
}

// passesParam reports whether a call in fn hands on one of fn's
// parameters (a forwarder passes the name and the values it was given):
// the calls a forwarding registration's trace follows.
func passesParam(c *ssa.CallCommon, fn *ssa.Function) bool {
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, args...)
	}
	for _, a := range args {
		if p, ok := ssavalue.Unconvert(a).(*ssa.Parameter); ok && p.Parent() == fn {
			return true
		}
	}
	return false
}

// literalCallees are, by position, the callees of a method's calls of
// its receiver's func fields that a composite literal of the receiver's
// type sets (name is the literal's store into its name field): the
// function it stores there.
func (r *resolver) literalCallees(fn *ssa.Function, name *ssa.Store) map[string][]*ssa.Function {
	fa, ok := name.Addr.(*ssa.FieldAddr)
	if !ok || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return nil
	}
	if !types.Identical(deref(fa.X.Type()), deref(fn.Params[0].Type())) {
		return nil
	}
	set := map[int]ssa.Value{} // the literal's values by field, the last store winning
	for _, b := range name.Block().Parent().Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if g, ok := st.Addr.(*ssa.FieldAddr); ok && g.X == fa.X {
					set[g.Field] = st.Val
				}
			}
		}
	}
	out := map[string][]*ssa.Function{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || ci.Common().IsInvoke() || !ci.Pos().IsValid() {
				continue
			}
			k := recvFieldOf(ci.Common().Value, fn)
			if k < 0 || set[k] == nil {
				continue
			}
			var g *ssa.Function
			switch v := ssavalue.Unconvert(set[k]).(type) {
			case *ssa.MakeClosure:
				g, _ = v.Fn.(*ssa.Function)
			case *ssa.Function:
				g = v
			}
			if g != nil {
				out[summary.PosString(r.fset, ci.Pos())] = []*ssa.Function{g}
			}
		}
	}
	return out
}

// recvFieldOf is the field of fn's receiver v reads (w.F, or a load of
// &w.F, w the receiver or the cell it is kept in), or -1.
func recvFieldOf(v ssa.Value, fn *ssa.Function) int {
	var x ssa.Value
	k := -1
	switch e := ssavalue.Unconvert(v).(type) {
	case *ssa.Field:
		x, k = e.X, e.Field
	case *ssa.UnOp:
		fa, ok := e.X.(*ssa.FieldAddr)
		if !ok || e.Op != token.MUL {
			return -1
		}
		x, k = fa.X, fa.Field
	default:
		return -1
	}
	if a, ok := x.(*ssa.Alloc); ok {
		x = ssavalue.CellValue(a)
	}
	if x == nil || x != ssa.Value(fn.Params[0]) {
		return -1
	}
	return k
}

// deref is the type a pointer type points to, else t.
func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
