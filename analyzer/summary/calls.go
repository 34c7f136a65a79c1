package summary

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// call dispatches a call instruction: an interface call, a call of a
// function value, or a static call.
func (w *walker) call(ci ssa.CallInstruction) {
	c := ci.Common()
	if c.IsInvoke() {
		w.invoke(ci, c)
		return
	}
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return
	}
	callee := c.StaticCallee()
	if callee == nil {
		w.callValue(ci, c.Value, nil)
		return
	}
	var bindings []ssa.Value
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		bindings = mc.Bindings
	}
	w.static(ci, callee, c.Args, bindings)
}

// static handles a call whose callee is known.
func (w *walker) static(ci ssa.CallInstruction, callee *ssa.Function, args, bindings []ssa.Value) {
	// Synthetic wrappers (bound method values, method expressions,
	// promoted-method adaptors) stand for the method they wrap.
	if callee.Synthetic != "" && callee.Parent() == nil {
		if obj, ok := callee.Object().(*types.Func); ok && obj != nil {
			if len(bindings) == 1 && len(args) == len(callee.Params) { // bound: receiver is the binding
				args = append([]ssa.Value{bindings[0]}, args...)
			}
			bindings = nil
			if real := callee.Prog.FuncValue(obj); real != nil && real != callee {
				callee = real
			}
		}
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj, _ := callee.Object().(*types.Func)
	ix := w.p.env.Index
	if obj != nil {
		if m := ix.Lookup(obj); m != nil {
			recv, margs := splitRecv(obj, args)
			w.model(ci, m, recv, margs)
			return
		}
		if ix.Unmodeled(obj) {
			w.unmodeled(ci, obj)
			return
		}
		if ix.Modeled(obj.Pkg()) {
			// A library not descended into: function values it is given
			// are taken as called (sort.Slice, sync.Once.Do, errgroup).
			if !ix.ModeledLibrary(obj.Pkg()) {
				for _, a := range args {
					if isFunc(a) {
						w.callValue(ci, a, nil)
					}
				}
			}
			return
		}
	}
	var sum *Summary
	switch {
	case w.p.set[callee]:
		sum = w.p.sums[callee]
	case obj != nil:
		var ok bool
		if sum, ok = w.p.env.Import(obj); !ok {
			w.unknown(ci, FuncName(obj), "calls "+FuncName(obj)+", whose package was not analysed")
			return
		}
	default:
		w.unknown(ci, callee.String(), "calls "+callee.String()+", which was not analysed")
		return
	}
	if sum != nil {
		w.includeFrom(ci, sum, args, bindings, obj)
	}
	// Function values handed to a callee that does not call them before
	// returning are not its effects here (it stores them).
}

func splitRecv(obj *types.Func, args []ssa.Value) (ssa.Value, []ssa.Value) {
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil && len(args) > 0 {
		return args[0], args[1:]
	}
	return nil, args
}

// include adds a callee's summary at a call site: its effects with this
// site prepended to their paths and executors mapped to the arguments.
func (w *walker) include(ci ssa.CallInstruction, sum *Summary, args, bindings []ssa.Value) {
	w.includeFrom(ci, sum, args, bindings, nil)
}

// includeFrom is include for a known callee: when the callee lies in
// another module, the effects its code cannot resolve (dynamic calls,
// raw network I/O) are folded into one effect named at this boundary:
// "github.com/acme/sdk.(*Client).Create performs network I/O". Classified
// effects (an HTTP POST it makes) keep their kind and whole path.
func (w *walker) includeFrom(ci ssa.CallInstruction, sum *Summary, args, bindings []ssa.Value, callee *types.Func) {
	hop := w.hop(ci)
	boundary := callee != nil && w.p.env.ThirdParty != nil && w.p.env.ThirdParty(callee.Pkg())
	var folded *effect.Effect
	for i := range sum.Effects {
		if boundary && foldable(&sum.Effects[i]) {
			src := &sum.Effects[i]
			if folded == nil {
				folded = &effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown,
					Target: FuncName(callee), Path: []effect.Hop{hop}, Exec: effect.NoExec, More: src.More}
			} else {
				folded.More += 1 + src.More
			}
			if src.Kind == effect.KindNetwork || src.Kind == effect.KindProcess {
				folded.Kind = src.Kind
			}
			continue
		}
		e := sum.Effects[i].Prepend(hop)
		if e.MethodArg > 0 || e.RequestArg > 0 || e.URLArg > 0 {
			w.resolveHTTP(&e, args, bindings)
		}
		var exec ssa.Value
		if e.Exec != effect.NoExec {
			exec = pick(e.Exec, args, bindings)
		}
		if sum.ClaimReturn != nil && e.Op == effect.OpClaim && e.Guard == nil {
			// A claim helper: this call's result is the claim's outcome.
			w.addSite(&e, ci, exec, true)
			w.sites[len(w.sites)-1].ClaimReturn = sum.ClaimReturn
			continue
		}
		w.addSite(&e, ci, exec, false)
	}
	if folded != nil {
		what := "makes calls that cannot be resolved here"
		switch folded.Kind {
		case effect.KindNetwork:
			what = "performs network I/O"
		case effect.KindProcess:
			what = "runs a process"
		}
		folded.Detail = callee.Pkg().Path() + "." + strings.Replace(FuncName(callee), callee.Pkg().Name()+".", "", 1) + " " + what
		w.addSite(folded, ci, nil, true)
	}
	for _, k := range sum.CallsParams {
		if v := pick(k, args, bindings); v != nil {
			w.callArg(ci, v)
		}
	}
	w.pitfalls = append(w.pitfalls, sum.Pitfalls...)
}

// foldable reports whether an effect is one a library's boundary stands for.
func foldable(e *effect.Effect) bool {
	switch e.Kind {
	case effect.KindDynamic, effect.KindNetwork, effect.KindProcess, effect.KindUnknown:
		return e.Guard == nil && e.Issue == ""
	}
	return false
}

func pick(k int, args, bindings []ssa.Value) ssa.Value {
	switch {
	case k < 0:
		return nil
	case k < len(args):
		return args[k]
	case k-len(args) < len(bindings):
		return bindings[k-len(args)]
	}
	return nil
}

func (w *walker) invoke(ci ssa.CallInstruction, c *ssa.CallCommon) {
	m := c.Method
	ix := w.p.env.Index
	if model := ix.Lookup(m); model != nil {
		w.model(ci, model, c.Value, c.Args)
		return
	}
	if k := structuralSQL(m); k >= 0 {
		w.model(ci, &models.Model{SQL: &k}, c.Value, c.Args)
		return
	}
	if ix.Unmodeled(m) {
		w.unmodeled(ci, m)
		return
	}
	if ix.Modeled(m.Pkg()) {
		return
	}
	name := FuncName(m)
	w.unknown(ci, name, "calls "+name+" through an interface; its implementation is not known here")
}

// unmodeled adds the unknown effect of a call into a catalogued library
// that the catalog neither models nor declares inert.
func (w *walker) unmodeled(ci ssa.CallInstruction, fn *types.Func) {
	name := FuncName(fn)
	w.unknown(ci, name, "calls "+fn.Pkg().Path()+"."+strings.Replace(name, fn.Pkg().Name()+".", "", 1)+", which the catalog knows the library of but does not model")
}

// structuralSQL recognises an SQL executor by its shape: a method named
// Exec/Query/QueryRow (optionally ...Context) whose first non-context
// parameter is a string followed by ...any. It returns the SQL argument
// index, or -1.
func structuralSQL(m *types.Func) int {
	switch m.Name() {
	case "Exec", "ExecContext", "Query", "QueryContext", "QueryRow", "QueryRowContext":
	default:
		return -1
	}
	sig, ok := m.Type().(*types.Signature)
	if !ok || !sig.Variadic() {
		return -1
	}
	params := sig.Params()
	i := 0
	if params.Len() > 0 && ssavalue.IsContext(params.At(0).Type()) {
		i = 1
	}
	if params.Len() != i+2 {
		return -1
	}
	if b, ok := params.At(i).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return -1
	}
	last, ok := params.At(i + 1).Type().(*types.Slice)
	if !ok {
		return -1
	}
	if it, ok := last.Elem().Underlying().(*types.Interface); !ok || !it.Empty() {
		return -1
	}
	return i
}
