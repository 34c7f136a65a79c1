package discovery

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A forwarding registration: a function registers a closure of the
// package under the task name one of its parameters gives, the closure
// binding values its other parameters give (AddTask(ctx, name, topic,
// task) calling router.AddNoPublisherHandler(name, topic, sub,
// TaskHandler(task)), TaskHandler returning a closure that calls
// task.Execute). Each call that gives the name is then a registration of
// that closure of its own, under its own task, and binds its own values:
// one handler per registration (perRegistration), its interface calls on
// the bound values resolved by the whole program in that registration
// (wholeprogram/bound.go). A caller that passes its own parameter as the
// name forwards again, through any depth of plain calls, of interface
// methods the package's types implement, and of closures called as values.
// A call whose name is not a constant registers nothing of its own: when
// no call of the package names a task, the forwarder's own registration
// stands, one handler as before.

// closureFwd says that a function registers closure under the task its
// parameter nameParam names (the receiver excluded), per rule.
type closureFwd struct {
	closure   *ssa.Function
	nameParam int
	rule      *Registration
}

// pendingReg is a registration deferred because its function forwards it
// (a closure forward's innermost registration).
type pendingReg struct {
	ci       ssa.CallInstruction
	r        *Registration
	args     []ssa.Value
	typeArgs []types.Type
	closure  *ssa.Function
}

// anyParamOf is the function whose parameter v is and its index (the
// receiver excluded), closures' own parameters included.
func anyParamOf(v ssa.Value) (*ssa.Function, int) {
	p, ok := ssavalue.Unconvert(v).(*ssa.Parameter)
	if !ok {
		return nil, -1
	}
	fn := p.Parent()
	for i, q := range fn.Params {
		if q == p {
			if fn.Signature.Recv() != nil {
				i--
			}
			if i < 0 {
				return nil, -1
			}
			return fn, i
		}
	}
	return nil, -1
}

// addClosureFwd records a closure forward of fn; it reports whether it is new.
func (f *finder) addClosureFwd(fn *ssa.Function, cf closureFwd) bool {
	for _, o := range f.closureFwds[fn] {
		if o.closure == cf.closure && o.nameParam == cf.nameParam {
			return false
		}
	}
	if f.closureFwds == nil {
		f.closureFwds = map[*ssa.Function][]closureFwd{}
	}
	f.closureFwds[fn] = append(f.closureFwds[fn], cf)
	return true
}

// findClosureForwards finds the package's forwarding registrations, to a
// fixed point: a registration whose name is a parameter of its function
// and whose handler is one closure of the package (made there or by a
// factory), and the calls of such functions that pass their own
// parameter as the name.
func (f *finder) findClosureForwards() {
	for round := 0; round < 8; round++ {
		changed := false
		for _, fn := range f.env.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					ci, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					cfs, args := f.closureCalls(ci)
					for _, cf := range cfs {
						if cf.nameParam >= len(args) {
							continue
						}
						if owner, j := anyParamOf(args[cf.nameParam]); owner == fn {
							if f.addClosureFwd(fn, closureFwd{closure: cf.closure, nameParam: j, rule: cf.rule}) {
								changed = true
							}
						}
					}
					if f.forwardedSites[ci.Pos()] != nil {
						continue
					}
					obj, callee, args := calleeArgs(ci)
					if obj == nil {
						continue
					}
					for _, r := range f.rules(obj, callee) {
						if r.Name == nil || r.Handler < 0 || r.Handler >= len(args) || *r.Name >= len(args) || r.Constructor || r.forward != nil {
							continue
						}
						if owner, _ := forwardedParam(args[r.Handler], 0); owner != nil {
							continue // the handler itself is a parameter: a plain forward
						}
						owner, j := anyParamOf(args[*r.Name])
						if owner != fn {
							continue
						}
						ts := f.targets(args[r.Handler], r, 0)
						if len(ts) != 1 || ts[0].fn == nil || ts[0].fn.Parent() == nil || ts[0].fn.Pkg != f.env.Pkg {
							continue
						}
						if f.addClosureFwd(fn, closureFwd{closure: ts[0].fn, nameParam: j, rule: r}) {
							changed = true
						}
						if f.forwardedSites == nil {
							f.forwardedSites = map[token.Pos]*ssa.Function{}
						}
						f.forwardedSites[ci.Pos()] = ts[0].fn
					}
				}
			}
		}
		if !changed {
			return
		}
	}
}

// closureCalls are the closure forwards a call makes, with the call's
// arguments (the receiver excluded): of its static callee (a declared
// function or a closure called as a value), or of the package's methods
// implementing the interface method it invokes.
func (f *finder) closureCalls(ci ssa.CallInstruction) ([]closureFwd, []ssa.Value) {
	if len(f.closureFwds) == 0 {
		return nil, nil
	}
	c := ci.Common()
	if c.IsInvoke() {
		iface, ok := c.Value.Type().Underlying().(*types.Interface)
		if !ok {
			return nil, nil
		}
		var owners []*ssa.Function
		for g := range f.closureFwds {
			obj, _ := g.Object().(*types.Func)
			if obj == nil || obj.Name() != c.Method.Name() {
				continue
			}
			if sig := obj.Type().(*types.Signature); sig.Recv() != nil && !types.IsInterface(sig.Recv().Type()) && types.Implements(sig.Recv().Type(), iface) {
				owners = append(owners, g)
			}
		}
		sort.Slice(owners, func(i, j int) bool { return owners[i].Pos() < owners[j].Pos() })
		var out []closureFwd
		for _, g := range owners {
			out = append(out, f.closureFwds[g]...)
		}
		return out, c.Args
	}
	callee := c.StaticCallee()
	if callee == nil || f.closureFwds[callee] == nil {
		return nil, nil
	}
	args := c.Args
	if callee.Signature.Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	return f.closureFwds[callee], args
}

// registerForwarded registers the closures the forwarders a call calls
// register, under the task the call names, unless the call passes its
// own function's parameter on (its callers register then).
func (f *finder) registerForwarded(ci ssa.CallInstruction) {
	cfs, args := f.closureCalls(ci)
	for _, cf := range cfs {
		if cf.nameParam >= len(args) {
			continue
		}
		name := args[cf.nameParam]
		if owner, j := anyParamOf(name); owner == ci.Parent() && f.forwardsClosure(owner, cf.closure, j) {
			continue
		}
		task := taskName(name)
		if task == "" {
			// A name that is not known here: the forwarder's own
			// registration stands for it (registerPending), as it did
			// before, when no call names a task.
			continue
		}
		reg := ci.Pos()
		h := f.add(cf.closure, cf.rule.Framework, reg)
		h = f.perRegistration(h, task, reg)
		mergeSequential(h, false) // a forwarder's registration names no subscription
		if h.Task == "" || h.Task == "*" {
			h.Task = task
		}
		if cf.rule.Delivery == "at-most-once" {
			h.AtMostOnce = true
		}
		if f.closureUsed == nil {
			f.closureUsed = map[*ssa.Function]bool{}
		}
		f.closureUsed[cf.closure] = true
	}
}

// forwardsClosure reports whether fn forwards closure under its parameter k.
func (f *finder) forwardsClosure(fn, closure *ssa.Function, k int) bool {
	for _, cf := range f.closureFwds[fn] {
		if cf.closure == closure && cf.nameParam == k {
			return true
		}
	}
	return false
}

// registerPending registers the forwarders' own registrations whose
// closures no call of the package registered.
func (f *finder) registerPending() {
	pending := f.pending
	f.pending = nil
	done := map[token.Pos]bool{}
	for _, p := range pending {
		if f.closureUsed[p.closure] || done[p.ci.Pos()] {
			continue
		}
		done[p.ci.Pos()] = true
		f.direct = true
		f.register(p.ci, p.r, p.args, p.typeArgs)
		f.direct = false
	}
}

// A field forward is the same forwarding registration with the task name
// and the handler held by the receiver instead of given as parameters: a
// method registers its receiver's method value under one of its
// receiver's fields (Run calling mgr.Register(w.Name, w.perform)), and
// perform calls the function another field holds (w.Perform). Every
// composite literal of the receiver's type that sets the name field to a
// constant (Worker{Name: "WebScraper", Perform: ws.scrape}) is then a
// registration of that method of its own, under that name, binding the
// literal's other fields: one handler per literal, whose calls of the
// receiver's func fields the whole program resolves to that literal's
// values (wholeprogram/bound.go). The forward is a fact of the
// registering method, so literals in other packages register too. A
// literal whose name is computed at run time registers nothing of its
// own: the method's own registration stands for it, one handler.

// recvField is the method whose receiver v reads a field of (w.Name for
// a value receiver, a load of &w.Name for a pointer one), with the
// receiver's named type and the field's index; nil when v is not that.
func recvField(v ssa.Value) (*ssa.Function, *types.Named, int) {
	var x ssa.Value
	k := -1
	switch e := ssavalue.Unconvert(v).(type) {
	case *ssa.Field:
		x, k = e.X, e.Field
	case *ssa.UnOp:
		fa, ok := e.X.(*ssa.FieldAddr)
		if !ok || e.Op != token.MUL {
			return nil, nil, -1
		}
		x, k = fa.X, fa.Field
	default:
		return nil, nil, -1
	}
	fn, named := recvOf(x)
	if fn == nil {
		return nil, nil, -1
	}
	return fn, named, k
}

// recvOf is the method whose receiver parameter v is, with the
// receiver's named struct type.
func recvOf(v ssa.Value) (*ssa.Function, *types.Named) {
	if a, ok := v.(*ssa.Alloc); ok {
		// A value receiver whose address is taken: its cell, the
		// receiver stored into it once and nothing else.
		v = ssavalue.CellValue(a)
	}
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return nil, nil
	}
	fn := p.Parent()
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || fn.Params[0] != p {
		return nil, nil
	}
	named := namedStruct(p.Type())
	if named == nil {
		return nil, nil
	}
	return fn, named
}

// namedStruct is the named struct type t is or points to, else nil.
func namedStruct(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil
	}
	return named
}

// boundToRecv is the method a method value made of fn's receiver calls
// (w.perform, a bound method closure binding w or *w), or nil.
func boundToRecv(v ssa.Value, fn *ssa.Function) *ssa.Function {
	mc, ok := ssavalue.Unconvert(v).(*ssa.MakeClosure)
	if !ok || len(mc.Bindings) != 1 {
		return nil
	}
	b := mc.Bindings[0]
	if u, ok := b.(*ssa.UnOp); ok && u.Op == token.MUL {
		b = u.X
	}
	if owner, _ := recvOf(b); owner != fn {
		return nil
	}
	g, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil
	}
	g = ssavalue.Declared(g)
	if g == nil || g.Signature.Recv() == nil {
		return nil
	}
	return g
}

// findFieldForwards finds the package's field forwards: a registration,
// in a method, whose name is a field of the receiver and whose handler
// is a method value of the receiver. Their registrations wait for the
// literals (forwardedSites): one stands only if no literal of the
// package registers the method (registerPending).
func (f *finder) findFieldForwards() {
	for _, fn := range f.env.Funcs {
		if fn.Signature.Recv() == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || f.forwardedSites[ci.Pos()] != nil {
					continue
				}
				obj, callee, args := calleeArgs(ci)
				if obj == nil {
					continue
				}
				for _, r := range f.rules(obj, callee) {
					if r.Name == nil || r.Handler < 0 || r.Handler >= len(args) || *r.Name >= len(args) || r.Constructor || r.forward != nil {
						continue
					}
					owner, named, k := recvField(args[*r.Name])
					if owner != fn {
						continue
					}
					h := boundToRecv(args[r.Handler], fn)
					if h == nil || h.Pkg != f.env.Pkg || namedStruct(h.Signature.Recv().Type()) != named {
						continue
					}
					field := named.Underlying().(*types.Struct).Field(k)
					fw := FieldForward{Framework: r.Framework, Delivery: r.Delivery, NameField: field.Name(), HandlerMethod: h.Name()}
					if f.fieldFwds == nil {
						f.fieldFwds = map[*ssa.Function][]FieldForward{}
					}
					if !slices.Contains(f.fieldFwds[fn], fw) {
						f.fieldFwds[fn] = append(f.fieldFwds[fn], fw)
					}
					if f.forwardedSites == nil {
						f.forwardedSites = map[token.Pos]*ssa.Function{}
					}
					f.forwardedSites[ci.Pos()] = h
				}
			}
		}
	}
}

// typeFieldForwards are the field forwards of a named type's methods:
// the package's own, or its methods' facts.
func (f *finder) typeFieldForwards(named *types.Named) []FieldForward {
	var out []FieldForward
	mset := types.NewMethodSet(types.NewPointer(named))
	for i := 0; i < mset.Len(); i++ {
		m, ok := mset.At(i).Obj().(*types.Func)
		if !ok || len(mset.At(i).Index()) != 1 {
			continue // a promoted method: its own type's literals register
		}
		if m.Pkg() == f.env.Pkg.Pkg {
			if fn := f.env.Pkg.Prog.FuncValue(m); fn != nil {
				out = append(out, f.fieldFwds[fn]...)
			}
			continue
		}
		if f.env.FieldForwards != nil {
			out = append(out, f.env.FieldForwards(m)...)
		}
	}
	return out
}

// registerFieldLiterals registers, for each composite literal of a type
// with field forwards that sets the name field to a constant, the
// forwarded method under that name, at the literal's name field.
func (f *finder) registerFieldLiterals() {
	for _, unnamed := range []bool{false, true} {
		// The named literals first: a literal of unknown name is then
		// a handler of its own beside them.
		f.fieldLiterals(unnamed)
	}
}

func (f *finder) fieldLiterals(unnamed bool) {
	cache := map[*types.Named][]FieldForward{}
	for _, fn := range f.env.Funcs {
		// The stores of each literal, by the address it fills.
		byBase := map[ssa.Value][]*ssa.Store{}
		var bases []ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				if byBase[fa.X] == nil {
					bases = append(bases, fa.X)
				}
				byBase[fa.X] = append(byBase[fa.X], st)
			}
		}
		for _, base := range bases {
			named := namedStruct(base.Type())
			if named == nil {
				continue
			}
			fws, ok := cache[named]
			if !ok {
				fws = f.typeFieldForwards(named)
				cache[named] = fws
			}
			for _, fw := range fws {
				f.registerFieldLiteral(named, fw, byBase[base], unnamed)
			}
		}
	}
}

// registerFieldLiteral registers one literal's handler of a field forward.
func (f *finder) registerFieldLiteral(named *types.Named, fw FieldForward, stores []*ssa.Store, unnamed bool) {
	st := fieldStore(named, fw.NameField, stores)
	if st == nil {
		return
	}
	task := taskName(st.Val)
	if (task == "") != unnamed {
		return
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), true, named.Obj().Pkg(), fw.HandlerMethod)
	m, ok := obj.(*types.Func)
	if !ok {
		return
	}
	fn := f.env.Pkg.Prog.FuncValue(m)
	if fn == nil {
		return
	}
	reg := st.Pos()
	h := f.add(fn, fw.Framework, reg)
	if task == "" {
		// A name computed at run time: one handler of its own, task
		// unknown, which keeps the method's own registration's entry
		// (inventory) and still binds this literal's fields.
		h = f.unnamedLiteral(h, reg)
	} else {
		h = f.perRegistration(h, task, reg)
		if h.Task == "" || h.Task == "*" {
			h.Task = task
		}
	}
	mergeSequential(h, false) // a struct registration names no subscription
	// Always one handler per literal, across packages too: the
	// whole program binds each its literal's fields.
	h.PerRegistration, h.Owner = true, true
	if h.Registered == reg {
		h.Literal = stores // this literal's handler (not one of the same name before)
	}
	if fw.Delivery == "at-most-once" {
		h.AtMostOnce = true
	}
	if f.closureUsed == nil {
		f.closureUsed = map[*ssa.Function]bool{}
	}
	f.closureUsed[fn] = true
}

// fieldStore is the last store of a literal's stores into the named
// type's field of that name, or nil.
func fieldStore(named *types.Named, field string, stores []*ssa.Store) *ssa.Store {
	st := named.Underlying().(*types.Struct)
	var out *ssa.Store
	for _, s := range stores {
		fa := s.Addr.(*ssa.FieldAddr)
		if fa.Field < st.NumFields() && st.Field(fa.Field).Name() == field {
			out = s
		}
	}
	return out
}

// unnamedLiteral is the handler of a field forward's literal whose name
// is not known: h when it has no task and no other literal took it, else
// the method's handler of unknown task.
func (f *finder) unnamedLiteral(h *Handler, reg token.Pos) *Handler {
	if h.Task == "" {
		return h // no literal of the package names a task
	}
	for _, o := range f.perReg {
		if o.Task == "" && o.Fn == h.Fn && o.Returned == nil {
			return o
		}
	}
	c := *h
	c.Task, c.Registered = "", reg
	f.perReg = append(f.perReg, &c)
	return &c
}
