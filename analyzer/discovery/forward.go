package discovery

import (
	"go/types"
	"runtime"
	"slices"
	"sort"
	"sync"
	"weak"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Forward says that a function hands one of its parameters to a job
// system as a handler: it registers it (runWorker(h) calls
// conn.QueueSubscribe(subj, group, h)), or it runs a pull loop that calls
// it for every message it receives (a JetStreamConsumer(…, f) helper). Its
// callers' argument there is the handler. Forwards are facts, so helpers
// in one package register handlers of another.
type Forward struct {
	Param     int    // the parameter, the receiver excluded
	Framework string // the job system
	Task      string // a fixed task name
	TaskParam int    // the parameter naming the task, or -1
	Method    string // when a value of a type is passed: its handler method
	Delivery  string // "at-most-once" for systems that never redeliver
	// AtMostOnceIf is 1 + the boolean parameter that, when its callers
	// pass the constant true, makes the delivery at most once (0: none):
	// a subscription helper that hands its autoAck parameter to amqp's
	// Consume (Subscribe(queue, autoAck, h)).
	AtMostOnceIf int
	// Loop: the function runs the receive loop itself and acknowledges
	// at Ack ("file:line:col"; "" if it does not).
	Loop bool
	Ack  string
	// Interface: the parameter is a value of the application's job
	// interface whose Method an adapter calls (ifacejobs.go): each
	// concrete type passed there is a handler; TaskMethod is the method
	// whose constant result names its task.
	Interface  bool
	TaskMethod string
	// TaskPrefix and TaskSuffix are constants around TaskMethod's result
	// in the task name (j.QueueName() + "Scheduler").
	TaskPrefix, TaskSuffix string
	// Optional: only the jobs that have Method are registered (it is
	// called on the job asserted to another interface); a job without it
	// is no unresolved registration.
	Optional bool
	// Elem: the parameter is a list each element of which is registered
	// (func RegisterActivities(w worker.Worker, acts ...interface{}) that
	// ranges over acts): its callers' elements are the handlers
	// (reglists.go).
	Elem bool
	// AckMode is the ack mode of the subscription the helper makes
	// (ackmode.go), read where it makes it; last, so that the fact's
	// printed form keeps its earlier fields' places.
	AckMode string
	// KindTypeArg is 1 + the function's type parameter whose Kind()
	// names the task (0: none): a generic registrar that hands the
	// framework a worker of its own type parameter
	// (RegisterWorkerFunc[A](work) calling river.AddWorker[A]), whose
	// callers' type argument names their task (funcadapter.go).
	KindTypeArg int
	// Adapter is, for a forward that ends at a closure adapting a
	// function parameter (funcadapter.go), the key of the registrar
	// function that makes the closure, passed on through the
	// registrars that call it: the handlers its callers register name
	// it (Handler.Via), so the whole program drops the closure once
	// one does.
	Adapter string
}

// FieldForward says that a method registers its receiver's method
// HandlerMethod under its receiver's field NameField (closurefwd.go): each
// composite literal of the type that sets NameField is a registration.
// A fact of the method, so literals in other packages register too.
type FieldForward struct {
	Framework     string
	Delivery      string
	NameField     string
	HandlerMethod string
}

// registration is the rule a call of a forwarding function amounts to.
func (fw Forward) registration(fn *types.Func) *Registration {
	r := &Registration{Registration: catalog.Registration{Func: models.FuncKey(fn), Framework: fw.Framework, Task: fw.Task, Handler: fw.Param,
		Method: fw.Method, Delivery: fw.Delivery, Ack: fw.AckMode}, Interface: fw.Interface, TaskMethod: fw.TaskMethod,
		TaskPrefix: fw.TaskPrefix, TaskSuffix: fw.TaskSuffix, Optional: fw.Optional, forward: &fw}
	if fw.TaskParam >= 0 {
		k := fw.TaskParam
		r.Name = &k
	}
	if fw.KindTypeArg > 0 {
		k := fw.KindTypeArg - 1
		r.KindTypeArg = &k
	}
	return r
}

// rules returns the registration rules of a called function: the catalog's,
// or those its forwards make (found in this package or imported as facts).
func (f *finder) rules(fn *types.Func, callee *ssa.Function) []*Registration {
	if r := f.env.Rules.byFunc[models.FuncKey(fn)]; r != nil {
		return []*Registration{r}
	}
	var fws []Forward
	if callee != nil && f.forwards[callee] != nil {
		fws = f.forwards[callee]
	} else if callee == nil && isInterfaceMethod(fn) {
		fws = f.implForwards(fn)
		if len(fws) == 0 && f.env.Forwards != nil {
			// An interface of another package whose implementations
			// there forward (its facts: IfaceForwards), or whose
			// implementations in a third package do.
			fws = f.env.Forwards(fn)
			if len(fws) == 0 {
				fws = f.progImplForwards(fn)
			}
		}
		if len(fws) == 0 {
			return f.wrappedLibraryRules(fn)
		}
	} else if f.env.Forwards != nil {
		fws = f.env.Forwards(fn.Origin())
	}
	var out []*Registration
	for _, fw := range fws {
		out = append(out, fw.registration(fn))
	}
	return out
}

// implForwards are the forwards of the package's methods that implement
// an interface method called through the interface: an application picks
// its job processor at run time (var processor JobProcessor = …;
// processor.RegisterJob(ctx, j)), and each implementation the package
// defines that registers what it is given counts.
func (f *finder) implForwards(m *types.Func) []Forward {
	iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var owners []*ssa.Function
	for g := range f.forwards {
		obj, _ := g.Object().(*types.Func)
		if obj == nil || obj.Name() != m.Name() {
			continue
		}
		if sig := obj.Type().(*types.Signature); sig.Recv() != nil && !types.IsInterface(sig.Recv().Type()) && types.Implements(sig.Recv().Type(), iface) {
			owners = append(owners, g)
		}
	}
	sort.Slice(owners, func(i, j int) bool { return owners[i].Pos() < owners[j].Pos() })
	var out []Forward
	for _, g := range owners {
		out = append(out, f.forwards[g]...)
	}
	return out
}

// IfaceForwards are the forwards of the methods of the package's
// interfaces that its implementations of them make (implForwards), for
// the facts of those methods: a package that calls the application's own
// service interface (svc.RegisterActivity(queue, a)), declared and
// implemented in another package, registers what it passes there.
func (f *finder) IfaceForwards() map[*types.Func][]Forward {
	if len(f.forwards) == 0 {
		return nil
	}
	var out map[*types.Func][]Forward
	for _, m := range ifaceMethods(f.env.Pkg.Pkg) {
		if fws := f.implForwards(m); len(fws) > 0 {
			if out == nil {
				out = map[*types.Func][]Forward{}
			}
			out[m] = fws
		}
	}
	return out
}

// progImplForwards are the forwards (facts) of the methods implementing
// an interface method in the program's other packages: an interface
// declared in one package, implemented in another, called in a third.
func (f *finder) progImplForwards(m *types.Func) []Forward {
	if fws, ok := f.implCache[m]; ok {
		return fws
	}
	if f.implCache == nil {
		f.implCache = map[*types.Func][]Forward{}
	}
	f.implCache[m] = nil
	iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	if !ok || f.env.Pkg == nil || !f.application(m.Pkg()) {
		return nil // only the application's own interfaces (a library's are the catalog's)
	}
	var out []Forward
	for _, p := range f.env.Pkg.Prog.AllPackages() {
		if p == f.env.Pkg || p.Pkg == m.Pkg() || !f.application(p.Pkg) {
			continue
		}
		scope := p.Pkg.Scope()
		for _, name := range concreteTypeNames(p.Pkg) {
			tn := scope.Lookup(name).(*types.TypeName)
			ptr := types.NewPointer(tn.Type())
			if !hasMethod(ptr, m) {
				continue
			}
			var recv types.Type
			switch {
			case types.Implements(tn.Type(), iface):
				recv = tn.Type()
			case types.Implements(ptr, iface):
				recv = ptr
			default:
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(recv, true, tn.Pkg(), m.Name())
			if impl, ok := obj.(*types.Func); ok && impl.Pkg() == p.Pkg {
				out = append(out, f.env.Forwards(impl)...)
			}
		}
	}
	f.implCache[m] = out
	return out
}

// hasMethod reports whether the method set of ptr (a pointer to a named
// type: its value's methods and its own) has a method with m's name and
// package. A type without one implements m's interface neither as a value
// nor as a pointer, so progImplForwards asks types.Implements (twice per
// type, each looking up the interface's methods) only of the types that
// have it: on flexprice's first run, where most of an application's types
// lack the method, Implements was 5.1 of 128.5 sampled CPU s. A field of
// that name that hides a promoted method makes the lookup find the field,
// as it makes Implements fail.
func hasMethod(ptr types.Type, m *types.Func) bool {
	obj, _, _ := types.LookupFieldOrMethod(ptr, false, m.Pkg(), m.Name())
	_, ok := obj.(*types.Func)
	return ok
}

// typeNames are the names of each package's types that are not
// interfaces, in the order of Scope.Names (which sorts the scope's names
// afresh at every call). progImplForwards asks for every application
// package the pass imports, at each call of an interface method of the
// application, in every package's pass: sorting scopes was a twentieth of
// the per-package analysis on a 1,000-package run. The names are kept
// weakly by package, as report's synthetic files are by file set: an
// entry goes when its package is collected, so a process that runs many
// analyses does not keep every run's.
var (
	typeNamesMu sync.Mutex
	typeNames   = map[weak.Pointer[types.Package]][]string{}
)

// concreteTypeNames returns the names of p's package-level types that are
// not interfaces, in Scope.Names order.
func concreteTypeNames(p *types.Package) []string {
	k := weak.Make(p)
	typeNamesMu.Lock()
	names, ok := typeNames[k]
	typeNamesMu.Unlock()
	if ok {
		return names
	}
	scope := p.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !types.IsInterface(tn.Type()) {
			names = append(names, name)
		}
	}
	typeNamesMu.Lock()
	defer typeNamesMu.Unlock()
	if kept, ok := typeNames[k]; ok {
		return kept
	}
	typeNames[k] = names
	runtime.AddCleanup(p, forgetTypeNames, k)
	return names
}

// forgetTypeNames drops the names of a package that was collected.
func forgetTypeNames(k weak.Pointer[types.Package]) {
	typeNamesMu.Lock()
	defer typeNamesMu.Unlock()
	delete(typeNames, k)
}

// wrappedLibraryRules are the catalog's registrations that a call through
// one of the application's own interfaces makes: an interface that
// re-declares a library's methods so tests can substitute it (type
// natsConn interface{ QueueSubscribe(string, string, nats.MsgHandler)
// (*nats.Subscription, error); … }) whose values the program makes from
// the library's type (return nc, a *nats.Conn, as a natsConn). Each such
// library type whose method of that name and signature is a catalogued
// registration registers the call's handler as that method would.
func (f *finder) wrappedLibraryRules(m *types.Func) []*Registration {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || f.env.Pkg == nil || !f.application(m.Pkg()) || !f.env.Rules.hasMethod(m.Name()) ||
		!f.mentionsLibrary(sig.Params()) {
		return nil
	}
	var out []*Registration
	for _, t := range f.convertedTo(sig.Recv().Type()) {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m.Name())
		impl, ok := obj.(*types.Func)
		if !ok || impl.Pkg() == nil || f.application(impl.Pkg()) {
			continue // only a library's method is in the catalog
		}
		isig, ok := impl.Type().(*types.Signature)
		if !ok || !types.Identical(isig.Params(), sig.Params()) || isig.Variadic() != sig.Variadic() {
			continue
		}
		if r := f.env.Rules.byFunc[models.FuncKey(impl)]; r != nil && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// mentionsLibrary reports whether a parameter's type is (or is built
// from) a named type of a library other than the standard one: a
// registration's handler type (nats.MsgHandler). An interface whose
// methods take only the application's and the standard library's types
// (Run(ctx)) re-declares no library's registration.
func (f *finder) mentionsLibrary(params *types.Tuple) bool {
	var mentions func(t types.Type, depth int) bool
	mentions = func(t types.Type, depth int) bool {
		if depth > 4 {
			return false
		}
		switch x := types.Unalias(t).(type) {
		case *types.Named:
			p := x.Obj().Pkg()
			return p != nil && !models.IsStandard(p.Path()) && !f.application(p)
		case *types.Pointer:
			return mentions(x.Elem(), depth+1)
		case *types.Slice:
			return mentions(x.Elem(), depth+1)
		case *types.Signature:
			for i := 0; i < x.Params().Len(); i++ {
				if mentions(x.Params().At(i).Type(), depth+1) {
					return true
				}
			}
		}
		return false
	}
	for i := 0; i < params.Len(); i++ {
		if mentions(params.At(i).Type(), 0) {
			return true
		}
	}
	return false
}

// convertedTo are the concrete types the application's code converts to
// the interface type iface (a MakeInterface anywhere in its packages).
func (f *finder) convertedTo(iface types.Type) []types.Type {
	key := types.TypeString(iface, nil)
	if ts, ok := f.convCache[key]; ok {
		return ts
	}
	if f.convCache == nil {
		f.convCache = map[string][]types.Type{}
	}
	var out []types.Type
	add := func(t types.Type) {
		for _, u := range out {
			if types.Identical(u, t) {
				return
			}
		}
		out = append(out, t)
	}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok && types.Identical(mi.Type(), iface) {
					add(mi.X.Type())
				}
			}
		}
		for _, a := range fn.AnonFuncs {
			visit(a)
		}
	}
	prog := f.env.Pkg.Prog
	for _, p := range prog.AllPackages() {
		if !f.application(p.Pkg) {
			continue
		}
		for _, mem := range p.Members {
			switch x := mem.(type) {
			case *ssa.Function:
				visit(x)
			case *ssa.Type:
				if n, ok := x.Type().(*types.Named); ok {
					for i := 0; i < n.NumMethods(); i++ {
						visit(prog.FuncValue(n.Method(i)))
					}
				}
			}
		}
	}
	f.convCache[key] = out
	return out
}

// application reports whether a package is the application's: neither
// the standard library's nor a modeled library's.
func (f *finder) application(p *types.Package) bool {
	if p == nil || models.IsStandard(p.Path()) {
		return false
	}
	return f.env.Library == nil || !f.env.Library(p)
}

func isInterfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

// forward records that fn hands its parameter to a framework per rule r:
// the registering call's handler argument (and maybe its task) are fn's
// parameters. It reports whether the forward is new.
func (f *finder) forward(fn *ssa.Function, fw Forward) bool {
	for _, o := range f.forwards[fn] {
		if o == fw {
			return false
		}
	}
	if f.forwards == nil {
		f.forwards = map[*ssa.Function][]Forward{}
	}
	f.forwards[fn] = append(f.forwards[fn], fw)
	return true
}

// findForwards finds the package's forwarding functions: those whose
// registering calls (of a catalog rule or of another forwarding function)
// take the handler from one of their parameters. Forwards through local
// helpers are followed to a fixed point.
func (f *finder) findForwards() {
	for round := 0; round < 8; round++ {
		changed := false
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
					var typeArgs []types.Type
					if callee != nil {
						typeArgs = ci.Common().StaticCallee().TypeArgs()
					}
					for _, r := range f.rules(obj, callee) {
						if r.Handler >= len(args) || r.Constructor {
							continue
						}
						if a, fw := f.adapterOf(r, args); a != nil {
							if f.forward(a.owner, *fw) {
								changed = true
							}
							continue
						}
						if owner, k, closure := f.funcAdapter(args[r.Handler], r, ci.Parent()); owner != nil {
							// A closure calling a function parameter with the job (funcadapter.go).
							fw := f.forwardOf(r, args, typeArgs, owner, k, false)
							fw.Adapter = f.adapted(closure, owner)
							if f.forward(owner, fw) {
								changed = true
							}
							continue
						}
						elem := r.forward != nil && r.forward.Elem
						owner, k := forwardedParam(args[r.Handler], 0)
						if owner == nil && !elem {
							// An element of a list parameter, ranged over.
							if owner, k = listParam(args[r.Handler]); owner != nil {
								elem = true
							}
						}
						if owner == nil && !elem {
							// A parameter kept in a struct field the call reads (storedfields.go).
							for _, p := range f.storedParams(args[r.Handler]) {
								if f.forward(p.fn, f.forwardOf(r, args, typeArgs, p.fn, p.k, false)) {
									changed = true
								}
							}
						}
						if owner == nil || !f.local(owner) || (!elem && f.resolves(args[r.Handler], r)) {
							continue // not a parameter, or resolved here (a struct registered by its type)
						}
						if f.forward(owner, f.forwardOf(r, args, typeArgs, owner, k, elem)) {
							changed = true
						}
					}
				}
			}
		}
		if !changed {
			return
		}
	}
}

// forwardOf is the forward a function makes by handing its parameter k
// to a registering call of rule r with arguments args and type
// arguments typeArgs.
func (f *finder) forwardOf(r *Registration, args []ssa.Value, typeArgs []types.Type, owner *ssa.Function, k int, elem bool) Forward {
	fw := Forward{Param: k, Framework: r.Framework, Task: r.Task, TaskParam: -1, Method: r.Method, Delivery: r.Delivery,
		Interface: r.Interface, TaskMethod: r.TaskMethod, TaskPrefix: r.TaskPrefix, TaskSuffix: r.TaskSuffix,
		Optional: r.Optional, Elem: elem, AckMode: f.ackModeOf(r, args)}
	if r.forward != nil {
		fw.Loop, fw.Ack = r.forward.Loop, r.forward.Ack
		fw.Adapter = r.forward.Adapter // a registrar calling one whose closure adapts
		// The delivery mode the helper called takes from a parameter:
		// decided here when the argument is the constant true, passed on
		// to this function's callers when it is one of its parameters.
		if k := r.forward.AtMostOnceIf - 1; k >= 0 && k < len(args) {
			if ssavalue.IsTrue(args[k]) {
				fw.Delivery = "at-most-once"
			} else if owner2, j := ssavalue.ParamOf(args[k]); owner2 == owner {
				fw.AtMostOnceIf = j + 1
			}
		}
	}
	if r.Name != nil && *r.Name < len(args) {
		if owner2, j := ssavalue.ParamOf(args[*r.Name]); owner2 == owner {
			fw.TaskParam = j
		} else if j := f.storedTaskParam(args[*r.Name], owner); j >= 0 {
			fw.TaskParam = j // kept in a field with the handler (storedfields.go)
		} else if fw.Task == "" {
			fw.Task = taskName(args[*r.Name])
		}
	}
	if r.KindTypeArg != nil && *r.KindTypeArg < len(typeArgs) {
		// The task is a type argument's Kind(): the function's own type
		// parameter, named at each of its calls, or a type known here.
		if j := typeParamIndex(owner, typeArgs[*r.KindTypeArg]); j >= 0 {
			fw.KindTypeArg = j + 1
		} else if fw.Task == "" && fw.TaskParam < 0 && f.env.KindOf != nil {
			if kind, ok := f.env.KindOf(typeArgs[*r.KindTypeArg]); ok {
				fw.Task = kind
			}
		}
	}
	return fw
}

// typeParamIndex is the index of t among fn's type parameters, -1 when
// t is not one of them.
func typeParamIndex(fn *ssa.Function, t types.Type) int {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return -1
	}
	tps := fn.TypeParams()
	for i := 0; i < tps.Len(); i++ {
		if tps.At(i) == tp {
			return i
		}
	}
	return -1
}

// forwardedParam is the parameter a handler argument comes from, through
// the wrappers registration helpers put around it: conversions, a wrapper
// call given it (withLogging(h)), a method value of a wrapper's result
// (mw(asynq.HandlerFunc(h)).ProcessTask).
func forwardedParam(v ssa.Value, depth int) (*ssa.Function, int) {
	if depth > 4 {
		return nil, -1
	}
	if fn, k := ssavalue.ParamOf(v); fn != nil {
		return fn, k
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.MakeClosure:
		// A method value of a wrapper's result; a method value of a
		// parameter is a method, resolved where it is registered.
		if fn, ok := x.Fn.(*ssa.Function); ok && fn.Synthetic != "" && len(x.Bindings) == 1 {
			if _, isCall := ssavalue.Unconvert(x.Bindings[0]).(*ssa.Call); isCall {
				return forwardedParam(x.Bindings[0], depth+1)
			}
		}
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if _, isFunc := ssavalue.Unconvert(a).Type().Underlying().(*types.Signature); !isFunc {
				continue
			}
			if fn, k := forwardedParam(a, depth+1); fn != nil {
				return fn, k
			}
		}
	}
	return nil, -1
}

// resolves reports whether a handler argument resolves here to functions
// of the application (a struct registered by its type does, though it is a
// parameter; a library's own method value does not).
func (f *finder) resolves(v ssa.Value, r *Registration) bool {
	for _, t := range f.targets(v, r, 0) {
		if t.returned != nil {
			return true
		}
		if obj, ok := t.fn.Object().(*types.Func); !ok || obj == nil || f.env.Library == nil || !f.env.Library(obj.Pkg()) {
			return true
		}
	}
	return false
}

// local reports whether fn is a declared function of the package.
func (f *finder) local(fn *ssa.Function) bool {
	return fn.Pkg == f.env.Pkg && fn.Parent() == nil
}

// loopForward records that a pull loop which calls a function parameter of
// its enclosing function for its messages dispatches to its callers'
// argument, and reports whether it does.
//
// delivery is "at-most-once" when the loop's receive never redelivers
// (amqp Consume with autoAck true), and onceParam 1 + the loop function's
// parameter that decides it (its autoAck), 0 if none.
func (f *finder) loopForward(loop *ssa.Function, h *Handler, taskParam int, delivery string, onceParam int) bool {
	found := false
	ack := ""
	if h.Ack.IsValid() {
		ack = f.env.Pkg.Prog.Fset.Position(h.Ack).String()
	}
	for _, g := range withClosures(loop) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || ci.Common().IsInvoke() {
					continue
				}
				var fns []ssa.Value
				if callee := ci.Common().StaticCallee(); callee != nil {
					// The loop handed to a function of the package
					// (go consumeLoop(msgs, handler)): what it calls
					// per message is what this loop was given.
					fns = calledArgs(ci.Common(), callee, f, 0, map[*ssa.Function]bool{})
				} else {
					fns = []ssa.Value{ci.Common().Value}
				}
				for _, v := range fns {
					owner, k := ssavalue.ParamOf(v)
					if owner == nil || !f.local(owner) {
						continue
					}
					tp, op := -1, 0
					if owner == loop {
						tp, op = taskParam, onceParam
					}
					f.forward(owner, Forward{Param: k, Framework: h.Framework, TaskParam: tp, Delivery: delivery, AtMostOnceIf: op, Loop: true, Ack: ack, AckMode: h.AckMode})
					found = true
				}
			}
		}
	}
	return found
}

// calledArgs are the arguments of a static call of a local function that
// the function calls (a parameter of its it calls, at any depth of such
// hand-offs, up to three).
func calledArgs(c *ssa.CallCommon, callee *ssa.Function, f *finder, depth int, seen map[*ssa.Function]bool) []ssa.Value {
	if depth > 3 || seen[callee] || !f.local(callee) || len(callee.Params) != len(c.Args) {
		return nil
	}
	seen[callee] = true
	var out []ssa.Value
	for _, g := range withClosures(callee) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || ci.Common().IsInvoke() {
					continue
				}
				if inner := ci.Common().StaticCallee(); inner != nil {
					for _, v := range calledArgs(ci.Common(), inner, f, depth+1, seen) {
						out = append(out, passedFor(v, callee, c)...)
					}
					continue
				}
				out = append(out, passedFor(ci.Common().Value, callee, c)...)
			}
		}
	}
	return out
}

// passedFor is the argument c gives callee's parameter v is (nil when v
// is not one of callee's parameters).
func passedFor(v ssa.Value, callee *ssa.Function, c *ssa.CallCommon) []ssa.Value {
	v = ssavalue.Unconvert(v)
	for i, p := range callee.Params {
		if p == v {
			return []ssa.Value{c.Args[i]}
		}
	}
	return nil
}

// Forwards returns the package's forwarding functions, for its facts.
func (f *finder) Forwards() map[*ssa.Function][]Forward { return f.forwards }

// calleeArgs is a call's declared callee, its SSA function when static, and
// its arguments without the receiver.
func calleeArgs(ci ssa.CallInstruction) (*types.Func, *ssa.Function, []ssa.Value) {
	c := ci.Common()
	if c.IsInvoke() {
		return c.Method, nil, c.Args
	}
	callee := c.StaticCallee()
	if callee == nil {
		return nil, nil, nil
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		return nil, nil, nil
	}
	args := c.Args
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	return fn, callee, args
}

// ifaceMethods are the methods the package's interface types declare
// themselves (not those they embed), in the order of the types' names:
// the methods whose facts say what implementations of them do.
func ifaceMethods(pkg *types.Package) []*types.Func {
	var out []*types.Func
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for i := 0; i < iface.NumExplicitMethods(); i++ {
			out = append(out, iface.ExplicitMethod(i))
		}
	}
	return out
}
