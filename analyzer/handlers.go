package analyzer

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// discover finds the package's handlers, the registrations it cannot
// resolve, and the enqueue-side dedups and retry policies it sets.
func discover(pass *analysis.Pass, set *passSettings, pkg *ssa.Package, funcs []*ssa.Function) found {
	returned := map[string]*summary.Summary{} // closures of other packages' factories
	env := &discovery.Env{
		Pkg:      pkg,
		Funcs:    funcs,
		Rules:    set.rules,
		Library:  set.index.Modeled,
		Declared: declaredHandlers(set.config),
		Model:    set.index.Lookup,
		Files:    pass.Files,
		KindOf:   func(t types.Type) (string, bool) { return kindOf(pass, pkg, t) },
		MethodConst: func(t types.Type, m string) (string, bool) {
			return methodConst(pass, pkg, t, m)
		},
		Returns: func(fn *types.Func) *discovery.Returned {
			var f returnsFact
			if pass.ImportObjectFact(fn, &f) {
				returned[f.Returned.FullName] = f.Summary
				return &f.Returned
			}
			return nil
		},
		Forwards: func(fn *types.Func) []discovery.Forward {
			var f forwardsFact
			if pass.ImportObjectFact(fn, &f) {
				return f.Forwards
			}
			return nil
		},
		FieldForwards: func(fn *types.Func) []discovery.FieldForward {
			var f fieldForwardsFact
			if pass.ImportObjectFact(fn, &f) {
				return f.Forwards
			}
			return nil
		},
		Sequential: func(fn *types.Func) bool {
			return pass.ImportObjectFact(fn, &sequentialFact{})
		},
		Receives: func(fn *types.Func) string {
			var f receiveFact
			if pass.ImportObjectFact(fn, &f) {
				return f.Framework
			}
			return ""
		},
		ConcreteMethod: func(fn *types.Func, method string) *discovery.Returned {
			var f implFact
			if fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) {
				return nil
			}
			m, ok := f.method(method)
			if !ok || m.FullName == "" || m.Summary == nil {
				return nil
			}
			returned[m.FullName] = m.Summary
			return &discovery.Returned{FullName: m.FullName, Name: m.Name, Pos: m.Pos}
		},
		RetryHelper: func(fn *types.Func) *discovery.RetryHelper {
			var f retryFact
			if pass.ImportObjectFact(fn, &f) {
				return &f.Helper
			}
			return nil
		},
	}
	out := found{returned: returned}
	fd := discovery.Find(env)
	out.handlers, out.err = fd.Handlers, fd.Err
	exportForwards(pass, fd.Forwards)
	exportFieldForwards(pass, fd.FieldForwards)
	exportIfaceForwards(pass, fd.IfaceForwards)
	exportReceives(pass, fd.Receives)
	exportSequential(pass, fd.Sequential)
	for _, u := range fd.Unresolved {
		out.unresolved = append(out.unresolved, result.Registration{
			Framework: u.Framework, Task: u.Task, Pos: summary.PosString(pass.Fset, u.Pos), Reason: u.Reason})
	}
	for _, d := range discovery.FindEnqueueDedup(env) {
		out.dedups = append(out.dedups, result.Dedup{Framework: d.Framework, Task: d.Task, What: d.What, Pos: summary.PosString(pass.Fset, d.Pos)})
	}
	retries := discovery.FindRetry(env)
	exportRetryHelpers(pass, retries.Helpers)
	for _, rt := range retries.Retries {
		p := result.RetryPolicy{Framework: rt.Framework, Task: rt.Task, Policy: rt.Policy, Pos: summary.PosString(pass.Fset, rt.Pos),
			Global: rt.Global, Type: rt.Type, Default: rt.Default, Once: rt.Once,
			Runs: rt.Runs, Within: rt.Within, Backoff: rt.Backoff, Replay: rt.Replay, Rerun: rt.Rerun, Unread: rt.Unread, Exp: rt.Exp}
		if rt.Activity != nil {
			p.Handler = summary.FullName(rt.Activity)
		}
		out.retries = append(out.retries, p)
	}
	return out
}

// handlerResult is a discovered handler with its summary's effects and
// pitfalls, ready for the report phase.
func handlerResult(pass *analysis.Pass, h *discovery.Handler, sums *summary.Package, returned map[string]*summary.Summary) *result.Handler {
	if ret := h.Returned; ret != nil {
		hr := &result.Handler{Framework: h.Framework, Task: h.Task, Name: ret.Name, FullName: ret.FullName, Pos: ret.Pos,
			Registered: summary.PosString(pass.Fset, h.Registered), Owner: h.Owner, Confidence: h.Confidence, Rule: h.Rule, AtMostOnce: h.AtMostOnce, Sequential: h.Sequential, AckMode: h.AckMode}
		hr.At = hr.Registered // another package defines it: reported where it is registered
		hr.PerRegistration, hr.Via = h.PerRegistration, h.Via
		s := returned[ret.FullName]
		hr.Effects = append([]effect.Effect(nil), s.Effects...)
		hr.Pitfalls, hr.Ignore = s.Pitfalls, s.Ignore
		return hr
	}
	hr := &result.Handler{
		Framework:  h.Framework,
		Task:       h.Task,
		Name:       summary.SSAName(h.Fn),
		FullName:   summary.FullName(h.Fn),
		Pos:        summary.PosString(pass.Fset, h.Fn.Pos()),
		Registered: summary.PosString(pass.Fset, h.Registered),
		Owner:      h.Owner,
		Confidence: h.Confidence,
		Ack:        summary.PosString(pass.Fset, h.Ack),
		Rule:       h.Rule,
		AtMostOnce: h.AtMostOnce,
		Sequential: h.Sequential,
		AckMode:    h.AckMode,
		Adapts:     h.Adapts,
		Via:        h.Via,
	}
	if h.Inst != nil {
		hr.InstRecv = h.Inst.Signature.Recv().Type()
	}
	hr.PerRegistration = h.PerRegistration
	hr.Literal = len(h.Literal) > 0
	if d := h.Dispatch; d != nil {
		hr.Note = result.DispatchNote(summary.SSAName(d.By), d.Key, summary.PosString(pass.Fset, d.Entry))
	}
	file, _, _ := effect.SplitPos(hr.Pos)
	hr.Test = strings.HasSuffix(file, "_test.go")
	if hr.Ack == "" {
		hr.Ack = h.AckAt
	}
	// The handler's findings are reported at its definition, or at its
	// registration when another package defines it.
	hr.At = hr.Pos
	if !h.Local || (h.PerRegistration && hr.Registered != "") {
		// Another package defines it, or it is one of a closure's
		// registrations: reported where it is registered.
		hr.At = hr.Registered
	}
	var s *summary.Summary
	if h.Local {
		s = sums.Of(h.Fn)
	} else if h.Obj != nil {
		var imported summary.Summary
		if pass.ImportObjectFact(h.Obj.Origin(), &imported) {
			s = &imported
		}
	}
	if s == nil {
		hr.Unanalysed = "the handler's package was not analysed"
		hr.Effects = []effect.Effect{{Kind: effect.KindUnknown, Op: effect.OpUnknown, Risk: effect.Unknown,
			Detail: hr.Unanalysed, Path: []effect.Hop{{Pos: hr.Pos, Func: hr.Name}}, Exec: effect.NoExec}}
		return hr
	}
	hr.Effects = append([]effect.Effect(nil), s.Effects...)
	if h.Local {
		guard.JobDupKeys(h.Fn, hr.Effects) // the keys left to the job (guard/jobkey.go)
	}
	if d := h.Dispatch; d != nil && d.By != nil {
		// The entry runs only where the dispatcher's key is its own:
		// what its effects test of that key is decided.
		if j, m, ok := ssavalue.KeyedBy(d.By, func(ssavalue.FieldKey) bool { return true }, d.Key); ok {
			hr.Effects = effect.UnderKey(hr.Effects, j, m, d.Key)
		}
	}
	if h.FreshReceiver {
		// The framework makes the receiver for each job: what the
		// handler writes into it does not outlive the delivery.
		for i := range hr.Effects {
			if e := &hr.Effects[i]; e.Kind == effect.KindMemory && e.Holder == 1 {
				e.HolderKept = false
			}
		}
	}
	hr.Pitfalls = s.Pitfalls
	hr.Ignore = s.Ignore
	if h.Local {
		hr.Effects = append(hr.Effects, unresolvedCallbacks(h, s, hr.Name, hr.Pos)...) // callbacks.go
	}
	if h.ReturnsPublish && h.Fn != nil {
		hr.Effects = append(hr.Effects, returnedMessages(pass, h, hr.Name)...)
	}
	return hr
}

// returnedMessages is the publish effect of a handler whose framework
// publishes the messages it returns (Watermill's router), at the first
// return that may return some.
func returnedMessages(pass *analysis.Pass, h *discovery.Handler, name string) []effect.Effect {
	for _, b := range h.Fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if c, ok := ret.Results[0].(*ssa.Const); ok && c.IsNil() {
			continue
		}
		target := h.Publishes
		if target == "" {
			target = h.Framework
		}
		return []effect.Effect{{Kind: effect.KindPublish, Op: effect.OpPublish, Target: target, Risk: effect.Medium,
			Detail: "the router publishes the messages the handler returns", By: effect.ByModel,
			Path: []effect.Hop{{Pos: summary.PosString(pass.Fset, ret.Pos()), Func: name}}, Exec: effect.NoExec}}
	}
	return nil
}

func declaredHandlers(c *config.Config) map[string]discovery.DeclaredHandler {
	if c == nil || len(c.Handlers) == 0 {
		return nil
	}
	m := make(map[string]discovery.DeclaredHandler, len(c.Handlers))
	for _, h := range c.Handlers {
		m[h.Func] = discovery.DeclaredHandler{Framework: h.Framework, Task: h.Task}
	}
	return m
}
