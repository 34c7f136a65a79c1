package summary

import (
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// What a statement's key columns are given (effect.Effect.KeyCols). The
// SQL fixes a column to a parameter (WHERE provider = $2, an insert's
// VALUES ($1, $2, $3)); the value at $n is read where the statement runs
// and, while it is a parameter of the function (or a field of one: a
// generated query layer's params struct), at each call up the path, as
// the stamps are (stampclock.go): a constant ("discord"), a value new on
// every delivery (uuid.New()), or still a parameter. Two uses:
//   - a compare-and-set whose row is picked by a fresh value changes only
//     a row the same run wrote: its "no row changed" is no earlier
//     delivery's work, so returning an error there is no duplicate
//     reported as an error (guard Pitfall.KeyParams, claim.go);
//   - a check and a record whose statements fix one column to different
//     constants read and write different rows: they are no
//     check-then-act pair (guard.keysDiffer).

// sqlKeyCols sets e.KeyCols where SQL runs with its parameters' values.
func (w *walker) sqlKeyCols(e *effect.Effect, st sqlclass.Stmt, params []ssa.Value) {
	if params == nil {
		return
	}
	var cols []sqlclass.ColParam
	switch {
	case st.Op == sqlclass.Select, st.Op == sqlclass.Claim && st.Update:
		cols = st.WhereParamList()
	case st.Op == sqlclass.Insert, st.Op == sqlclass.Claim, st.Op == sqlclass.UpsertSet, st.Op == sqlclass.UpsertIncrement:
		for _, p := range strings.Split(st.ColumnParams, ",") {
			if c, _, ok := strings.Cut(p, "="); ok {
				if n := st.ColumnParam(c); n > 0 {
					cols = append(cols, sqlclass.ColParam{Col: strings.ToLower(c), N: n})
				}
			}
		}
	}
	for _, c := range cols {
		if c.N > len(params) {
			continue
		}
		kc := w.keyColOf(params[c.N-1])
		kc.Col = c.Col
		e.KeyCols = append(e.KeyCols, kc)
	}
}

// keyColOf is what the value v gives a key column.
func (w *walker) keyColOf(v ssa.Value) effect.KeyCol {
	if v == nil {
		return effect.KeyCol{}
	}
	n := normalize(v)
	if mi, ok := n.(*ssa.MakeInterface); ok {
		n = normalize(mi.X) // an argument of a variadic ...any
	}
	if c, ok := n.(*ssa.Const); ok && c.Value != nil {
		if s := ssavalue.ConstString(c); s != "" {
			return effect.KeyCol{Const: s}
		}
		return effect.KeyCol{Const: c.Value.ExactString()}
	}
	if !keyLike(v.Type()) {
		return effect.KeyCol{}
	}
	if o := w.keyOrigin(v); o.random != "" {
		return effect.KeyCol{Fresh: o.random, FreshPos: PosString(w.p.env.Fset, o.at)}
	}
	if o := w.stampParam(v); o.param > 0 {
		return effect.KeyCol{Param: o.param, Field: o.field}
	}
	return effect.KeyCol{}
}

// keyColField is what field name of the struct v gives a key column: a
// parameter's field is left to the callers; a struct this function
// builds, the one value every store to the field gives.
func (w *walker) keyColField(v ssa.Value, name string) effect.KeyCol {
	x := ssavalue.Unconvert(v)
	switch x.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		if o := w.stampParam(x); o.param > 0 && o.field == "" {
			return effect.KeyCol{Param: o.param, Field: name}
		}
		return effect.KeyCol{}
	}
	alloc := localStruct(x)
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL && alloc == nil {
		if a, ok := ld.X.(*ssa.Alloc); ok && structOf(a.Type()) != nil {
			alloc = a // a struct literal passed by value
		}
	}
	if alloc == nil {
		return effect.KeyCol{}
	}
	vals := localFieldValues(alloc, name, 0)
	if len(vals) != 1 {
		return effect.KeyCol{} // none stored (the zero value), or not one
	}
	return w.keyColOf(vals[0])
}

// resolveKeyCols decides, at a call, the callee's key columns given its
// parameters.
func (w *walker) resolveKeyCols(e *effect.Effect, args, bindings []ssa.Value) {
	if !pendingKeyCols(e.KeyCols) {
		return
	}
	out := make([]effect.KeyCol, len(e.KeyCols)) // a copy of the callee's effect: never edit its slice
	for i, kc := range e.KeyCols {
		out[i] = kc
		if kc.Param == 0 {
			continue
		}
		var nk effect.KeyCol
		if v := pick(kc.Param-1, args, bindings); v != nil {
			if kc.Field != "" {
				nk = w.keyColField(v, kc.Field)
			} else {
				nk = w.keyColOf(v)
			}
		}
		nk.Col = kc.Col
		out[i] = nk
	}
	e.KeyCols = out
}

// pendingKeyCols reports whether a key column is still a parameter.
func pendingKeyCols(kcs []effect.KeyCol) bool {
	for _, kc := range kcs {
		if kc.Param > 0 {
			return true
		}
	}
	return false
}

// ResolveKeyCols decides, where the whole-program phase resolves a call
// through an interface (call) to an implementation's effect e, e's key
// columns given the implementation's parameters: what call passes there
// (a constant, a random value, or again a parameter of call's function;
// effect.Effect.CallArgs, RandomArgs, KeyParams), as resolveKeyCols does
// at a static call. Not a method of call's receiver: not told.
func ResolveKeyCols(call, e *effect.Effect, method bool) {
	if !pendingKeyCols(e.KeyCols) {
		return
	}
	out := make([]effect.KeyCol, len(e.KeyCols))
	for i, kc := range e.KeyCols {
		out[i] = kc
		if kc.Param == 0 {
			continue
		}
		nk := effect.KeyCol{Col: kc.Col}
		if method {
			nk = keyColThrough(call, kc)
		}
		out[i] = nk
	}
	e.KeyCols = out
}

// keyColThrough is what the call through an interface passes for the
// implementation's key column kc.
func keyColThrough(call *effect.Effect, kc effect.KeyCol) effect.KeyCol {
	nk := effect.KeyCol{Col: kc.Col}
	k := strconv.Itoa(kc.Param)
	if kc.Field != "" {
		k += "." + kc.Field
	}
	if c, ok := call.CallArgs[k]; ok && !strings.Contains(c, dynamic) {
		nk.Const = c
		return nk
	}
	for _, a := range call.RandomArgs {
		if a.Index == kc.Param && a.Field == kc.Field {
			nk.Fresh, nk.FreshPos = a.Source, a.Pos
			return nk
		}
	}
	for _, p := range call.KeyParams {
		switch {
		case p.Index != kc.Param || p.ArgField != "":
		case kc.Field == "":
			// The argument is the caller's parameter, or its field.
			nk.Param, nk.Field = p.Param, p.Field
			return nk
		case p.Field == "":
			// The caller's parameter passed whole: its field still.
			nk.Param, nk.Field = p.Param, kc.Field
			return nk
		}
	}
	return nk
}

// callerKeyPitfalls resolves, at a static call, the duplicate-as-error
// pitfalls the callee leaves to its callers (guard.Pitfall.KeyCols): a
// value new on every delivery passed for a key column drops the pitfall,
// a parameter of this function hands it on, anything else lets it stand.
func (w *walker) callerKeyPitfalls(pits []guard.Pitfall, args, bindings []ssa.Value) []guard.Pitfall {
	return resolvePitfallKeys(pits, func(kc effect.KeyCol) effect.KeyCol {
		v := pick(kc.Param-1, args, bindings)
		if v == nil {
			return effect.KeyCol{}
		}
		if kc.Field != "" {
			return w.keyColField(v, kc.Field)
		}
		return w.keyColOf(v)
	})
}

// ResolvePitfallKeys is callerKeyPitfalls where the whole-program phase
// resolves a call through an interface (call) to an implementation whose
// summary holds pits (method: a method called on the call's receiver;
// otherwise the pitfall stands).
func ResolvePitfallKeys(call *effect.Effect, pits []guard.Pitfall, method bool) []guard.Pitfall {
	return resolvePitfallKeys(pits, func(kc effect.KeyCol) effect.KeyCol {
		if !method {
			return effect.KeyCol{}
		}
		return keyColThrough(call, kc)
	})
}

func resolvePitfallKeys(pits []guard.Pitfall, at func(effect.KeyCol) effect.KeyCol) []guard.Pitfall {
	var out []guard.Pitfall
	for _, p := range pits {
		if p.KeyCols == "" {
			out = append(out, p)
			continue
		}
		var kept []effect.KeyCol
		fresh := false
		for _, kc := range guard.DecodeKeyCols(p.KeyCols) {
			nk := at(kc)
			nk.Col = kc.Col
			fresh = fresh || nk.Fresh != ""
			if nk.Param > 0 {
				kept = append(kept, nk)
			}
		}
		if fresh {
			continue
		}
		p.KeyCols = guard.EncodeKeyCols(kept)
		out = append(out, p)
	}
	return out
}
