package analyzer

import (
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// handlerFact marks a handler whose effects go through struct fields its
// package does not wire: the packages that do (wiring.go) decide it again
// with what they store there. Decided are the rules its own package
// already decided for it (reported, silenced or in the baseline), which
// those packages leave alone.
type handlerFact struct {
	Framework, Task, Name, FullName, Pos, At, Rule string
	AtMostOnce, Sequential                         bool
	AckMode                                        string
	Decided                                        []string
}

func (*handlerFact) AFact()           {}
func (f *handlerFact) String() string { return "handler " + f.Framework + " " + f.Name }

// maxWiredDepth bounds how many wired hops one resolved path may take, as
// the whole-program phase bounds its dynamic hops (there five: a closure
// queued to a writer's goroutine is one more).
const maxWiredDepth = 4

// wiredResolver replaces the dynamic-call effects whose value comes from a
// field this package wires by the effects of what it stores there.
type wiredResolver struct {
	pass *analysis.Pass
	wire wiring
	// dispatch maps a call through a dispatch map the package fills
	// whole to the entries it runs (dispatch.go).
	dispatch map[string][]dispatchTarget
	sums     *summary.Package
	prog     *ssa.Program
	ix       *models.Index
	// pits collects the pitfalls of the functions resolved calls reach,
	// for the handler being resolved (taken by takePitfalls).
	pits []guard.Pitfall
	// literals are the handlers this package's composite literals
	// register, each its own (discovery's field forwards): their
	// package's entry is not decided again with every literal's fields.
	literals map[string]bool
}

// takePitfalls returns and forgets the pitfalls collected so far.
func (r *wiredResolver) takePitfalls() []guard.Pitfall {
	p := r.pits
	r.pits = nil
	return p
}

// effects returns effs with the calls through wired fields resolved, and
// whether any was.
func (r *wiredResolver) effects(effs []effect.Effect, depth int) ([]effect.Effect, bool) {
	var out []effect.Effect
	changed := false
	for _, e := range effs {
		if ts := r.dispatch[e.Evidence()]; len(ts) > 0 && e.Kind == effect.KindDynamic && !e.Folded && depth < maxWiredDepth {
			changed = true
			for _, t := range ts {
				out = append(out, r.through(e, targetWired(t, r.pass.Pkg), "", false, depth)...)
			}
			continue
		}
		field, method, ok := summary.ViaField(e.Via)
		vals := r.wire[field]
		if !ok || e.Kind != effect.KindDynamic || e.Folded || len(vals) == 0 || depth >= maxWiredDepth || len(e.Path) == 0 {
			out = append(out, e)
			continue
		}
		changed = true
		for _, v := range vals {
			out = append(out, r.through(e, v, method, strings.HasSuffix(field, summary.ElemSuffix), depth)...)
		}
	}
	return out, changed
}

// through is what the dynamic call e does when its field holds v (with
// elem, when v is an element of the collection the field holds).
func (r *wiredResolver) through(e effect.Effect, v wired, method string, elem bool, depth int) []effect.Effect {
	n := len(r.pits)
	name, effs, ok := r.callee(&e, v, method)
	// A compare-and-set keyed by what the call passes (summary keycols.go).
	r.pits = append(r.pits[:n], summary.ResolvePitfallKeys(&e, r.pits[n:], method != "")...)
	if e.DupStopped {
		// A duplicate never reaches the call (get-or-create): what it
		// resolves to fails no duplicate.
		r.pits = append(r.pits[:n], guard.DropDuplicateAsError(r.pits[n:])...)
	}
	if !ok {
		u := e
		why := v.unknown
		if why == "" {
			why = name + ", whose summary is not available"
		}
		at := v.at
		if file, line, _ := effect.SplitPos(at); file != "" {
			at = file + ":" + strconv.Itoa(line) // the report makes it relative
		}
		set := "; the field is set at " + at + " to "
		if elem {
			set = "; the field's elements are set at " + at + " from "
		}
		u.Detail = strings.TrimSuffix(e.Detail, ".") + set + why
		u.Via = "value" // decided here: no other package can do better
		return []effect.Effect{u}
	}
	if k := v.keyed; k != nil {
		effs = effect.UnderKey(effs, k.arg, k.path, k.key) // what runs under this key only
	}
	last := e.Path[len(e.Path)-1]
	hop := effect.Hop{Pos: last.Pos, Func: last.Func + " " + effect.DynamicHopTo(name, v.keys), ErrOut: last.ErrOut, ErrDropped: last.ErrDropped, DupTaken: last.DupTaken, AckWithheld: last.AckWithheld, AckAfter: last.AckAfter, DoneChecks: last.DoneChecks, FailsLast: last.FailsLast}
	prefix := append(append([]effect.Hop(nil), e.Path[:len(e.Path)-1]...), hop)
	var out []effect.Effect
	for _, ce := range effs {
		ne := ce
		ne.Path = append(append([]effect.Hop(nil), prefix...), ce.Path...)
		ne.Exec = effect.NoExec
		ne.FailsLater = ne.FailsLater || e.FailsLater // a failure after the call follows its effects too
		if e.Guard != nil && e.Guard.AfterDupFail && ne.Guard == nil && ne.Issue == "" {
			ne.Guard = e.Guard // the call runs only after a create that a duplicate fails
		}
		summary.ResolveDupKey(&e, &ne, method != "")
		summary.ResolveObjectKey(&e, &ne, method != "")
		summary.ResolveKeyParams(&e, &ne, method != "")
		summary.ResolveKeyCols(&e, &ne, method != "")
		if k := ne.ArgsKey; k != nil && k.OptsParam != 0 {
			// An insert whose options (or batch) the call passes.
			if p := summary.ResolveArgsKey(&e, &ne, method != ""); p != nil {
				r.pits = append(r.pits, *p)
			}
		}
		if p := summary.ResolveKey(&e, &ne, method != ""); p != nil {
			r.pits = append(r.pits, *p)
		}
		if p := summary.ResolveGuardKey(&e, &ne, method != ""); p != nil {
			r.pits = append(r.pits, *p)
		}
		if ne.Guard == nil && ne.Issue == "" && ne.DupTakenAsSuccess() {
			ne.Guard = guard.DupTakenAsSuccess(&ne)
		}
		guard.DupTested(&ne) // an insert whose duplicate a caller on the path takes as success
		if method != "" {
			// The implementation's request method, URL and body are
			// arguments (or fields of one) the interface call gives, as
			// the whole-program phase decides them (its inline): without
			// this go vet left a POST through a wired client's
			// Send(http.MethodPost, body) unknown where the command
			// reports it.
			summary.ResolveRequestArgs(&e, &ne)
		}
		if ne.Kind == effect.KindDynamic {
			more, _ := r.effects([]effect.Effect{ne}, depth+1)
			for i := range more {
				summary.UpDupKey(&e, &more[i], method != "")
			}
			out = append(out, more...)
			continue
		}
		out = append(out, ne)
	}
	return out
}

// callee names what a call of method on v runs and gives its effects; ok
// is false when they are not known here.
func (r *wiredResolver) callee(call *effect.Effect, v wired, method string) (name string, effs []effect.Effect, ok bool) {
	switch {
	case v.closure != nil:
		if s := r.sums.Of(v.closure); s != nil {
			r.pits = append(r.pits, s.Pitfalls...)
			return summary.SSAName(v.closure), s.Effects, true
		}
		return summary.SSAName(v.closure), nil, false
	case v.fn != nil && method == "":
		return r.funcEffects(call, v.fn)
	case v.impl != nil && method != "":
		if m, found := v.impl.method(method); found {
			r.pits = append(r.pits, m.Summary.Pitfalls...)
			return m.Name, m.Summary.Effects, true
		}
		return v.impl.Type + "." + method, nil, false
	case v.typ != nil && method != "":
		var pkg *types.Package
		if n, isNamed := types.Unalias(derefType(v.typ)).(*types.Named); isNamed {
			pkg = n.Obj().Pkg()
		}
		obj, _, _ := types.LookupFieldOrMethod(v.typ, true, pkg, method)
		if fn, isFunc := obj.(*types.Func); isFunc {
			return r.funcEffects(call, fn)
		}
		return types.TypeString(v.typ, nil) + "." + method, nil, false
	}
	return "", nil, false
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// funcEffects are a declared function's effects at the dynamic call
// call: its model's, with the arguments call passes read as a static
// call's are (summary.ModelThrough), none for a modeled library's
// function without one, else its summary's.
func (r *wiredResolver) funcEffects(call *effect.Effect, fn *types.Func) (string, []effect.Effect, bool) {
	name := summary.FuncName(fn)
	if m := r.ix.Lookup(fn); m != nil && m.Kind != "" {
		risk, _ := effect.ParseRisk(m.Risk)
		me := effect.Effect{Kind: m.Kind, Op: m.Op, Target: m.Target, Risk: risk, Detail: m.Detail, Exec: effect.NoExec, By: m.By()}
		if me.Target == "" {
			me.Target = summary.ReceiverTable(m, fn)
		}
		summary.ModelThrough(call, m, fn, &me)
		if p := summary.ModelKeyThrough(call, m, fn, &me); p != nil {
			r.pits = append(r.pits, *p)
		}
		return name, []effect.Effect{me}, true
	}
	if r.ix.Modeled(fn.Pkg()) {
		return name, nil, true
	}
	if fn.Pkg() == r.pass.Pkg {
		if f := r.prog.FuncValue(fn); f != nil {
			if s := r.sums.Of(f); s != nil {
				r.pits = append(r.pits, s.Pitfalls...)
				return name, s.Effects, true
			}
		}
		return name, nil, false
	}
	var s summary.Summary
	if r.pass.ImportObjectFact(fn, &s) {
		r.pits = append(r.pits, s.Pitfalls...)
		return name, s.Effects, true
	}
	return name, nil, false
}

// throughField reports whether e is a dynamic call on a value loaded from
// a struct field: one a wiring package may resolve.
func throughField(e *effect.Effect) bool {
	_, _, ok := summary.ViaField(e.Via)
	return ok && e.Kind == effect.KindDynamic && !e.Folded
}

// exportHandlerFacts marks the package's handlers that still call through
// struct fields after its own wiring was applied.
func exportHandlerFacts(pass *analysis.Pass, found []*handlerPair) {
	for _, p := range found {
		h, hr := p.h, p.hr
		if !h.Local || !h.Owner || h.Fn == nil || h.Fn.Parent() != nil {
			continue
		}
		obj, ok := h.Fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg {
			continue
		}
		needs := false
		for i := range hr.Effects {
			if throughField(&hr.Effects[i]) {
				needs = true
				break
			}
		}
		if !needs {
			continue
		}
		f := &handlerFact{Framework: hr.Framework, Task: hr.Task, Name: hr.Name, FullName: hr.FullName, Pos: hr.Pos,
			At: hr.At, Rule: hr.Rule, AtMostOnce: hr.AtMostOnce, Sequential: hr.Sequential, AckMode: hr.AckMode}
		for _, fd := range hr.Findings {
			f.Decided = appendUnique(f.Decided, fd.Rule)
		}
		sort.Strings(f.Decided)
		pass.ExportObjectFact(obj, f)
	}
}

// wiredFindings decides again the handlers of other packages whose field
// calls this package's wiring resolves, and returns the diagnostics of the
// rules their own packages did not decide.
func (r *wiredResolver) wiredFindings(ctx *report.Context, keepPaths bool) []result.Diagnostic {
	type imported struct {
		obj  *types.Func
		fact *handlerFact
	}
	var hs []imported
	for _, of := range r.pass.AllObjectFacts() {
		f, ok := of.Fact.(*handlerFact)
		fn, isFunc := of.Object.(*types.Func)
		if ok && isFunc && fn.Pkg() != r.pass.Pkg && !r.literals[f.FullName] {
			hs = append(hs, imported{fn, f})
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i].fact.Pos < hs[j].fact.Pos })
	var out []result.Diagnostic
	for _, h := range hs {
		var s summary.Summary
		if !r.pass.ImportObjectFact(h.obj, &s) {
			continue
		}
		effs, changed := r.effects(s.Effects, 0)
		pits := r.takePitfalls()
		if !changed {
			continue
		}
		f := h.fact
		hr := &result.Handler{Framework: f.Framework, Task: f.Task, Name: f.Name, FullName: f.FullName, Pos: f.Pos, At: f.At,
			Rule: f.Rule, AtMostOnce: f.AtMostOnce, Sequential: f.Sequential, AckMode: f.AckMode, Owner: true, Ignore: s.Ignore, Effects: effect.FoldAll(effs, keepPaths),
			Pitfalls: pits}
		ctx.Handler(hr)
		decided := map[string]bool{}
		for _, rule := range f.Decided {
			decided[rule] = true
		}
		for _, fd := range hr.Findings {
			if fd.Diagnostic != nil && !decided[fd.Rule] {
				out = append(out, *fd.Diagnostic)
			}
		}
	}
	return out
}
