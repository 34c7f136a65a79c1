package discovery

import (
	"go/token"
	"go/types"
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
