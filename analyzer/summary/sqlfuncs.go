package summary

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// functionEffects replaces the Call of a function the migrations declare
// (st.Function) by what its body does, like a trigger's: its writes with
// the migration's file and line in the path, or one read when it declares
// itself IMMUTABLE or STABLE (PostgreSQL forbids writes there) or its body
// only reads. It reports false, adding nothing, for a function the
// migrations do not declare: the Call stays, "may write". outer are the
// bindings of the function whose body makes the call (nil for one made
// from Go or a trigger): its parameters the call passes on stay bound.
func (w *walker) functionEffects(ci ssa.CallInstruction, st sqlclass.Stmt, exec ssa.Value, path []effect.Hop, depth int, outer map[string]string) bool {
	f := w.p.env.Triggers.Function(st.Function)
	if f == nil || depth > 2 {
		return false
	}
	bind := callBindings(f, st, outer)
	fpath := append(append([]effect.Hop(nil), path...), effect.Hop{Pos: f.Pos, Func: "function " + f.Name + "()"})
	read := func(why string) {
		e := &effect.Effect{Kind: effect.KindDBRead, Op: string(sqlclass.Select), Risk: effect.Safe,
			Detail: "function " + f.Name + "() " + why, Path: fpath}
		w.addSite(e, ci, exec, true)
	}
	if f.ReadOnly {
		read("is declared IMMUTABLE or STABLE: it cannot write")
		return true
	}
	n := len(w.sites)
	for _, bs := range f.Body {
		bpath := append(append([]effect.Hop(nil), fpath...), effect.Hop{Pos: bs.Pos, Func: f.Name + "()"})
		if bs.Dynamic {
			e := &effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpUnknown, Risk: effect.Unknown,
				Detail: "dynamic SQL or another language in function " + f.Name + "()", Path: bpath}
			w.addSite(e, ci, exec, false)
			continue
		}
		for _, inner := range sqlclass.Classify(bs.SQL) {
			if inner.Op == sqlclass.None || inner.Op == sqlclass.Select {
				continue
			}
			if inner.Op == sqlclass.Call && inner.Function != "" && w.functionEffects(ci, inner, exec, bpath, depth+1, bind) {
				continue
			}
			e := &effect.Effect{Kind: sqlKind(inner.Op), Op: string(inner.Op), Target: inner.Table,
				Risk: sqlRisk(inner.Op), Detail: effect.JoinDetail(inner.Detail, "in function "+f.Name+"()"), Path: bpath}
			jobKind(e, inner, bind)
			w.addSite(e, ci, exec, false)
			w.triggerEffects(ci, inner, exec, bpath, depth+1)
		}
	}
	if len(w.sites) == n {
		read("only reads")
	}
	return true
}
