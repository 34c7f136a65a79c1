package discovery

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Handlers registered as interface values. An application often registers
// its jobs through its own API that takes a value of its own job interface:
//
//	type Job interface{ Name() string; Run(ctx context.Context, args []byte) error }
//	func (r *Registry) RegisterJob(ctx context.Context, j Job) {
//		r.mux.HandleFunc(j.Name(), func(ctx context.Context, t *asynq.Task) error { return j.Run(ctx, t.Payload()) })
//	}
//	reg.RegisterJob(ctx, NewSendEmailJob(mailer))
//
// The framework's registration receives an adapter (a closure or the
// method value j.Run) that calls a method of the interface-typed
// parameter; the adapter is not a handler of its own (listed, it would
// stand for every job with the union of their effects, or for none when
// the interface call is not resolved). Each concrete type passed at the
// registrar's call sites is a handler instead: its method is the handler,
// its task the constant the method the registrar names the task by
// returns (Name() above), else the type's name, and the call site is the
// registration. This is a Forward like any other (forward.go), with the
// handler method set, so the registrar's callers in other packages learn
// it from its facts and go vet and the command agree.

// ifaceAdapter says that a registered handler value is an adapter calling
// method of the interface-typed parameter param of owner, a declared
// function of the package (the receiver excluded from the count).
type ifaceAdapter struct {
	owner  *ssa.Function
	param  int
	method string
	// asserted: the method is called on the job asserted to another
	// interface, so only some jobs have it (forward.go's Optional).
	asserted bool
}

// interfaceAdapter reports whether v, a handler argument, is an adapter of
// an interface-typed parameter: a method value of it (j.Run), or a closure
// that calls one of its methods (func(…) error { return j.Run(…) }).
func interfaceAdapter(v ssa.Value) *ifaceAdapter {
	mc, ok := ssavalue.Unconvert(v).(*ssa.MakeClosure)
	if !ok {
		return nil
	}
	fn, _ := mc.Fn.(*ssa.Function)
	if fn == nil {
		return nil
	}
	if fn.Synthetic != "" {
		// A bound method value of an interface: j.Run.
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || len(mc.Bindings) != 1 || !types.IsInterface(mc.Bindings[0].Type()) {
			return nil
		}
		if owner, k, asserted := jobParam(mc.Bindings[0]); owner != nil {
			return &ifaceAdapter{owner: owner, param: k, method: obj.Name(), asserted: asserted}
		}
		return nil
	}
	// A closure: the interface calls on a captured parameter. When it
	// makes several (j.Name() in a log line, then j.Run), the handler
	// method is the one that returns an error, else the last one.
	var best *ifaceAdapter
	bestErr := false
	for _, g := range withClosures(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Common().IsInvoke() {
					continue
				}
				owner, k, asserted := jobParam(ci.Common().Value)
				if owner == nil {
					continue
				}
				if best != nil && (best.owner != owner || best.param != k) {
					return nil // two interface parameters: not one job's adapter
				}
				m := ci.Common().Method
				isErr := returnsError(m)
				if best == nil || isErr || !bestErr {
					best, bestErr = &ifaceAdapter{owner: owner, param: k, method: m.Name(), asserted: asserted}, isErr
				}
			}
		}
	}
	return best
}

// jobParam is the parameter of a declared function an interface value
// comes from: directly, captured by closures, or asserted to another of
// the application's interfaces (if s, ok := j.(Scheduled); ok { … s.Enqueue … }).
func jobParam(v ssa.Value) (owner *ssa.Function, param int, asserted bool) {
	for depth := 0; depth < 12; depth++ {
		switch x := ssavalue.Unconvert(v).(type) {
		case *ssa.Extract:
			ta, ok := x.Tuple.(*ssa.TypeAssert)
			if !ok || x.Index != 0 {
				return nil, -1, false
			}
			v, asserted = ta.X, true
		case *ssa.TypeAssert:
			v, asserted = x.X, true
		case *ssa.FreeVar:
			b := ssavalue.Binding(x)
			if b == nil {
				return nil, -1, false
			}
			v = b
		case *ssa.Alloc:
			// A captured variable's cell: what was stored in it.
			st := ssavalue.OnlyStore(x)
			if st == nil {
				return nil, -1, false
			}
			v = st
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, -1, false
			}
			switch a := x.X.(type) {
			case *ssa.FreeVar:
				v = a
			case *ssa.Alloc:
				if st := ssavalue.OnlyStore(a); st != nil {
					v = st
					continue
				}
				return nil, -1, false
			default:
				return nil, -1, false
			}
		default:
			owner, param = ssavalue.ParamOf(x)
			return owner, param, asserted
		}
	}
	return nil, -1, false
}

// returnsError reports whether a method's last result is an error.
func returnsError(m *types.Func) bool {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	return types.Identical(sig.Results().At(sig.Results().Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// taskMethod is the method of the adapter's parameter that the
// registering call's task argument calls (j.Name()), maybe between a
// constant prefix and suffix (j.QueueName() + "Scheduler"), or "".
func (a *ifaceAdapter) taskMethod(name ssa.Value) (method, prefix, suffix string) {
	v := name
	for depth := 0; depth < 4; depth++ {
		switch x := ssavalue.Unconvert(v).(type) {
		case *ssa.UnOp:
			al, ok := x.X.(*ssa.Alloc)
			if !ok || x.Op != token.MUL || ssavalue.OnlyStore(al) == nil {
				return "", "", ""
			}
			v = ssavalue.OnlyStore(al) // a local the closures capture too
		case *ssa.BinOp:
			if x.Op != token.ADD {
				return "", "", ""
			}
			if c := ssavalue.ConstString(x.Y); c != "" {
				suffix = c + suffix
				v = x.X
			} else if c := ssavalue.ConstString(x.X); c != "" {
				prefix += c
				v = x.Y
			} else {
				return "", "", ""
			}
		case *ssa.Call:
			if !x.Call.IsInvoke() {
				return "", "", ""
			}
			if owner, k, _ := jobParam(x.Call.Value); owner == a.owner && k == a.param {
				return x.Call.Method.Name(), prefix, suffix
			}
			return "", "", ""
		default:
			return "", "", ""
		}
	}
	return "", "", ""
}

// adapterOf is the adapter a registering call registers, when it is one
// of a job interface parameter of a local declared function that is a
// registrar for any job: when the call takes a task name, the name comes
// from the job (j.Name()) or from another parameter of the registrar. A
// closure registered under a constant name that calls a method of one
// interface parameter (store.DeleteExpired(ctx) under "cleanup") is a
// handler of its own, resolved over the program as usual, not a registrar.
func (f *finder) adapterOf(r *Registration, args []ssa.Value) (*ifaceAdapter, *Forward) {
	a := interfaceAdapter(args[r.Handler])
	if a == nil || !f.local(a.owner) {
		return nil, nil
	}
	fw := &Forward{Param: a.param, Framework: r.Framework, Task: r.Task, TaskParam: -1, Method: a.method, Delivery: r.Delivery, Interface: true, Optional: a.asserted}
	if r.Name != nil && *r.Name < len(args) {
		if m, pre, suf := a.taskMethod(args[*r.Name]); m != "" {
			fw.TaskMethod, fw.TaskPrefix, fw.TaskSuffix = m, pre, suf
		} else if owner, j := ssavalue.ParamOf(args[*r.Name]); owner == a.owner {
			fw.TaskParam = j
		} else {
			return nil, nil
		}
	}
	return a, fw
}

// interfaceTask is the task of a concrete type registered through an
// interface forward: the constant its task method returns; and, for
// when neither that nor the registering call names one, the type's name
// as its package spells it (jobs.Cleanup).
func (f *finder) interfaceTask(t types.Type, r *Registration) (task, typeName string) {
	if !r.Interface {
		return "", ""
	}
	if r.TaskMethod != "" && f.env.MethodConst != nil {
		if s, ok := f.env.MethodConst(t, r.TaskMethod); ok {
			task = r.TaskPrefix + s + r.TaskSuffix
		}
	}
	return task, types.TypeString(ssavalue.Deref(t), func(p *types.Package) string { return p.Name() })
}

// concreteResult is the one concrete type a function of the package
// returns as its interface result on every path (a constructor
// NewSendEmailJob(…) Job returning &SendEmailJob{…}), or nil.
func concreteResult(fn *ssa.Function) types.Type {
	if fn == nil || fn.Signature.Results().Len() != 1 || !types.IsInterface(fn.Signature.Results().At(0).Type()) {
		return nil
	}
	var out types.Type
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		mi, ok := ret.Results[0].(*ssa.MakeInterface)
		if !ok || (out != nil && !types.Identical(out, mi.X.Type())) {
			return nil
		}
		out = mi.X.Type()
	}
	return out
}

// Map registries: the registrar keeps the job in a map field
// (r.jobs[j.Name()] = j) and a dispatcher the package registers runs the
// job the task names (r.jobs[t.Type()].Run(ctx, t.Payload())). The
// registrar then forwards its job parameter with the method the
// dispatcher calls, as an adapter does; the dispatcher stays a handler
// too (it is what the framework calls), as a dispatch map's does.

// mapDispatch is a method a registered function calls on the interface
// values of a map field.
type mapDispatch struct {
	key       ssavalue.FieldKey
	method    string
	framework string
	delivery  string
}

// mapForwards records the forwards of the package's map registrars and
// reports whether it found any new.
func (f *finder) mapForwards() bool {
	var ds []mapDispatch
	seenFn := map[*ssa.Function]bool{}
	for _, fn := range f.env.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				obj, callee, args := calleeArgs(ci)
				if obj == nil {
					continue
				}
				for _, r := range f.rules(obj, callee) {
					if r.Handler >= len(args) || r.Interface {
						continue
					}
					for _, t := range f.targets(args[r.Handler], r, 0) {
						if t.fn == nil || t.fn.Pkg != f.env.Pkg || seenFn[t.fn] {
							continue
						}
						seenFn[t.fn] = true
						ds = append(ds, dispatchedInvokes(t.fn, r)...)
					}
				}
			}
		}
	}
	if len(ds) == 0 {
		return false
	}
	changed := false
	for _, fn := range f.env.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				up, ok := instr.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				k, ok := ssavalue.MapField(up.Map)
				if !ok {
					continue
				}
				owner, param, _ := jobParam(up.Value)
				if owner == nil || !f.local(owner) || !types.IsInterface(ssavalue.Unconvert(up.Value).Type()) {
					continue
				}
				for _, d := range ds {
					if !d.key.Same(k) {
						continue
					}
					a := &ifaceAdapter{owner: owner, param: param, method: d.method}
					fw := Forward{Param: param, Framework: d.framework, TaskParam: -1, Method: d.method, Delivery: d.delivery, Interface: true}
					if m, pre, suf := a.taskMethod(up.Key); m != "" {
						fw.TaskMethod, fw.TaskPrefix, fw.TaskSuffix = m, pre, suf
					} else if o, j := ssavalue.ParamOf(up.Key); o == owner {
						fw.TaskParam = j
					}
					if f.forward(owner, fw) {
						changed = true
					}
				}
			}
		}
	}
	return changed
}

// dispatchedInvokes are the interface methods fn (and its closures) calls
// on values looked up in map fields.
func dispatchedInvokes(fn *ssa.Function, r *Registration) []mapDispatch {
	var out []mapDispatch
	for _, g := range withClosures(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Common().IsInvoke() {
					continue
				}
				for _, lk := range ssavalue.Lookups(ssavalue.Unconvert(ci.Common().Value)) {
					if k, ok := ssavalue.MapField(lk.X); ok {
						out = append(out, mapDispatch{key: k, method: ci.Common().Method.Name(), framework: r.Framework, delivery: r.Delivery})
					}
				}
			}
		}
	}
	return out
}
