package discovery

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Handlers registered as function values through an adapter. An
// application's registrar often takes the handler as a function of the
// job's arguments and hands the framework a closure that calls it with
// what it reads from the job:
//
//	func RegisterWorkerFunc[A river.JobArgs](work func(context.Context, A) error) {
//		river.AddWorker[A](workers, river.WorkFunc(func(ctx context.Context, j *river.Job[A]) error {
//			return work(ctx, j.Args)
//		}))
//	}
//	jobs.RegisterWorkerFunc(svc.handleX)
//
// The closure alone stands for every function passed with none of their
// effects (an unknown call of the captured parameter) and, its type
// argument unknown there, no task. The registrar forwards its function
// parameter (a Forward like any other, forward.go, and a fact for its
// callers in other packages): each caller's argument is a handler,
// registered at the call, its task the registration's (for River the
// Kind() of the type argument, which the forward passes on as the
// registrar's own type parameter, instantiated at each call:
// Forward.KindTypeArg). This is the function-valued sibling of the
// interface adapters of ifacejobs.go. Unlike those, the closure stays a
// handler of its own here (task unknown, its effects the unknown call): a
// package cannot tell whether the packages that import it call the
// registrar, and one nothing in the program calls still has the closure
// registered (centrifugo's unused NatsPubSub.Subscribe). The closure
// names its registrar (Handler.Adapts), and so does each handler a call
// of it registers (Handler.Via, from Forward.Adapter, also through
// registrars that call it): the whole program drops the closure when one
// such handler is found (wholeprogram's adapters.go), go vet keeps it.

// funcAdapter is the declared function of the package and the index of
// its function-typed parameter (the receiver excluded) that a handler
// argument of a registering call in function in adapts: the argument
// resolves to one closure made in that declared function (in or around
// it) that calls that parameter, captured, passing it something of the
// job (what it reads from one of its own parameters other than the
// context). A closure that calls two such parameters, or calls one with
// nothing of the job (a completion callback), adapts none; nor does one
// another function returns (taskToAsynq(t.Handler)): what the call
// passes that factory is the handler, as for any wrapper (targets). The
// closure is returned too.
func (f *finder) funcAdapter(v ssa.Value, r *Registration, in *ssa.Function) (*ssa.Function, int, *ssa.Function) {
	root := in
	for root != nil && root.Parent() != nil {
		root = root.Parent()
	}
	if root == nil || !f.local(root) {
		return nil, -1, nil
	}
	ts := f.targets(v, r, 0)
	if len(ts) != 1 || ts[0].fn == nil {
		return nil, -1, nil
	}
	fn := ts[0].fn
	if fn.Parent() == nil || fn.Pkg != f.env.Pkg {
		return nil, -1, nil
	}
	job := map[ssa.Value]bool{}
	for _, p := range fn.Params {
		if !isContext(p.Type()) {
			job[p] = true
		}
	}
	var owner *ssa.Function
	k := -1
	for _, g := range withClosures(fn) {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || ci.Common().IsInvoke() || ci.Common().StaticCallee() != nil {
					continue
				}
				o, j := ssavalue.ParamOf(ci.Common().Value)
				if o != root || !encloses(o, fn) {
					continue
				}
				if owner != nil && (o != owner || j != k) {
					return nil, -1, nil // two parameters called: not one handler's adapter
				}
				if !passesJob(ci.Common().Args, job) {
					return nil, -1, nil
				}
				owner, k = o, j
			}
		}
	}
	if owner == nil {
		return nil, -1, nil
	}
	return owner, k, fn
}

// adapted records that closure adapts a function parameter of registrar
// and returns the registrar's key, which the closure's handler gets as
// Adapts and the forward as Adapter.
func (f *finder) adapted(closure, registrar *ssa.Function) string {
	obj, _ := registrar.Object().(*types.Func)
	if obj == nil {
		return ""
	}
	key := models.FuncKey(obj.Origin())
	closure = originOf(closure)
	if f.adapters == nil {
		f.adapters = map[*ssa.Function]string{}
	}
	f.adapters[closure] = key
	return key
}

// encloses reports whether closure is made (at any depth) inside fn.
func encloses(fn, closure *ssa.Function) bool {
	for g := closure.Parent(); g != nil; g = g.Parent() {
		if g == fn {
			return true
		}
	}
	return false
}

// isContext reports whether t is context.Context.
func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// passesJob reports whether one of a call's arguments comes from the
// job: one of the closure's job parameters, or what is read or decoded
// from one (j.Args, t.Payload(), a variable json.Unmarshal fills from
// it).
func passesJob(args []ssa.Value, job map[ssa.Value]bool) bool {
	for _, a := range args {
		if fromJob(a, job, 0) {
			return true
		}
	}
	return false
}

func fromJob(v ssa.Value, job map[ssa.Value]bool, depth int) bool {
	if depth > 8 || v == nil {
		return false
	}
	v = ssavalue.Unconvert(v)
	if job[v] {
		return true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return fromJob(x.X, job, depth+1)
	case *ssa.Field:
		return fromJob(x.X, job, depth+1)
	case *ssa.FieldAddr:
		return fromJob(x.X, job, depth+1)
	case *ssa.Index:
		return fromJob(x.X, job, depth+1)
	case *ssa.IndexAddr:
		return fromJob(x.X, job, depth+1)
	case *ssa.Slice:
		return fromJob(x.X, job, depth+1)
	case *ssa.Extract:
		return fromJob(x.Tuple, job, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if fromJob(e, job, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		// A method of the job or a function given it (t.Payload(), a decoder).
		if x.Call.IsInvoke() && fromJob(x.Call.Value, job, depth+1) {
			return true
		}
		for _, a := range x.Call.Args {
			if fromJob(a, job, depth+1) {
				return true
			}
		}
	case *ssa.Alloc:
		// A local the job is stored or decoded into (json.Unmarshal(t.Payload(), &args)).
		refs := append([]ssa.Instruction(nil), *x.Referrers()...)
		for _, ref := range refs {
			if mi, ok := ref.(*ssa.MakeInterface); ok {
				refs = append(refs, *mi.Referrers()...) // &args passed as an any
			}
		}
		for _, ref := range refs {
			switch u := ref.(type) {
			case *ssa.Store:
				if u.Addr == x && fromJob(u.Val, job, depth+1) {
					return true
				}
			case ssa.CallInstruction:
				for _, a := range u.Common().Args {
					if ssavalue.Unconvert(a) != ssa.Value(x) && fromJob(a, job, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// originOf is fn's generic origin, fn itself when it has none.
func originOf(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil {
		return o
	}
	return fn
}
