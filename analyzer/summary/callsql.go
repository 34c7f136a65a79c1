package summary

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// SQL a caller passes through an interface.
//
// A helper that runs the SQL text or query builder its caller gives
// (a retrier: func (r *Retrier) Insert(q squirrel.InsertBuilder) error
// { _, err := q.Exec() … }) leaves its effect to that caller
// (Effect.SQLArg), and a static call decides it (resolveSQLArg). Reached
// through an interface (n.retrier.Insert(query), the Retrier behind an
// interface field), the implementation is known to the whole-program
// phase only, and the caller's text only here: the interface call keeps,
// per argument, the effects that argument's SQL has at the call
// (Effect.CallSQL), decided as a static call's are, and the whole-program
// phase puts them in place of each resolved implementation's SQLArg effect
// (ResolveCallSQL).

// callSQL are the effects of the SQL each argument of an interface call
// gives (args exclude the receiver, argument 1), keyed as Effect.SQLArg
// keys a method's parameters; nil when no argument is SQL decided here.
// Only query builders and texts that read as SQL count: the classifier is
// not run on every string an interface is handed (a log line, a key).
func (w *walker) callSQL(ci ssa.CallInstruction, args []ssa.Value) []effect.ArgSQL {
	var out []effect.ArgSQL
	for i, a := range args {
		v := ssavalue.Unconvert(a)
		builder := builderLib(v.Type()) != ""
		if !builder && !isString(v.Type()) {
			continue
		}
		texts, why, built := sqlTextsWhy(w.p, v)
		if why != "" && !slices.ContainsFunc(texts, func(t string) bool { return !strings.Contains(t, dynamic) }) {
			continue // a builder not read: the implementation's effect stays unknown
		}
		if len(texts) == 0 || !builder && !slices.ContainsFunc(texts, readsAsSQL) {
			continue
		}
		sites, pits := len(w.sites), len(w.pitfalls)
		w.sqlTexts(ci, texts, -1, nil, built, false)
		var effs []effect.Effect
		for _, s := range w.sites[sites:] {
			effs = append(effs, *s.Effect)
		}
		// The effects are the implementation's, once resolved: none of
		// this function's own (nor their pitfalls) until then.
		w.sites, w.pitfalls = w.sites[:sites], w.pitfalls[:pits]
		if len(effs) == 0 {
			continue
		}
		out = append(out, effect.ArgSQL{Arg: i + 2, Effects: effs})
	}
	return out
}

// sqlVerbs are the words a SQL statement a program runs starts with.
var sqlVerbs = []string{"select", "insert", "update", "delete", "with", "merge", "upsert", "replace", "call", "truncate"}

// readsAsSQL reports whether text starts with a SQL statement's verb.
func readsAsSQL(text string) bool {
	t := strings.TrimLeft(text, " \t\r\n(")
	for _, v := range sqlVerbs {
		if len(t) > len(v) && strings.EqualFold(t[:len(v)], v) && strings.ContainsRune(" \t\r\n(", rune(t[len(v)])) {
			return true
		}
	}
	return false
}

// ResolveCallSQL is, where the whole-program phase resolves an interface
// call (call) to an implementation's effect e that runs the SQL its
// caller passes (Effect.SQLArg), the effects that SQL has at the call
// (Effect.CallSQL), behind e's path; ok false when the call gives none
// for that argument (e stays what it is: unknown).
func ResolveCallSQL(call, e *effect.Effect) (out []effect.Effect, ok bool) {
	if e.SQLArg == 0 {
		return nil, false
	}
	k := slices.IndexFunc(call.CallSQL, func(a effect.ArgSQL) bool { return a.Arg == e.SQLArg })
	if k < 0 {
		return nil, false
	}
	for _, c := range call.CallSQL[k].Effects {
		c.Path = append(append([]effect.Hop(nil), e.Path...), c.Path[1:]...)
		c.Exec, c.ResolvedExec = e.Exec, e.ResolvedExec
		c.FailsLater = c.FailsLater || e.FailsLater
		c.When = effect.AddConds(e.When, c.When)
		out = append(out, c)
	}
	return out, true
}
