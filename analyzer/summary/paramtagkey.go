package summary

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// paramTagKey is ormTagKey for a model the inserting function is passed
// (a repository's Create(row *Row) error { return r.db.Create(row).Error }):
// the first unique key (from the model's tags or the migrations) every
// column of which is a field of the row, none stored by the function or
// a model hook, makes the insert fail on a second delivery (DupFails);
// what each column holds is the callers' (DupKey: that parameter's
// fields, resolveDupKey and ResolveDupKey through an interface), decided
// where the row is built: a value new on every delivery there makes the
// row new, a value not known keeps the failure without the key.
func (w *walker) paramTagKey(e *effect.Effect, model ssa.Value, us []triggers.Unique) {
	p, ok := ssavalue.Unconvert(model).(*ssa.Parameter)
	if !ok {
		return
	}
	n := w.execIndex(p)
	if n == effect.NoExec {
		return
	}
	ptr, ok := p.Type().Underlying().(*types.Pointer)
	if !ok {
		return
	}
	elem := ptr.Elem()
	st, ok := elem.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for _, u := range us {
		idxs := w.keyFields(elem, st, u, func(idx int) bool { return storesParamField(p, idx) })
		if idxs == nil {
			continue
		}
		k := &effect.Key{Expr: p.Name() + "." + st.Field(idxs[0]).Name(), Param: n + 1, Field: st.Field(idxs[0]).Name(), FreshOnly: true, Payload: true}
		for _, idx := range idxs[1:] {
			k.Also = append(k.Also, effect.Key{Param: n + 1, Field: st.Field(idx).Name(), FreshOnly: true})
		}
		e.DupFails = "a second insert of the row violates the " + u.String() + ", filled from what the callers pass in " + p.Name()
		e.DupKey = k
		return
	}
}

// storesParamField reports whether the function stores into field idx of
// the struct its parameter p points to: the key is then the function's
// own value, not what the callers pass.
func storesParamField(p *ssa.Parameter, idx int) bool {
	for _, r := range ssavalue.Referrers(p) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != idx {
			continue
		}
		for _, rr := range ssavalue.Referrers(fa) {
			if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
				return true
			}
		}
	}
	return false
}
