package ssavalue

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Dispatch maps: a handler that calls its real handler from a map of
// functions kept in a field (h.dispatch[event.Type()](event)), the map
// filled with constant keys where the type is built
// (&H{dispatch: map[string]func(*Event) error{"device.created": func…}}).
// Discovery (per package) and the whole-program phase (across packages)
// list each entry as a handler with its key as the task.

// FieldKey names a struct field: the struct type and the field's index.
type FieldKey struct {
	T     types.Type
	Index int
}

// Same reports whether k and o name the same field.
func (k FieldKey) Same(o FieldKey) bool { return k.Index == o.Index && types.Identical(k.T, o.T) }

// DispatchEntry is one constant-keyed function stored in a dispatch map.
type DispatchEntry struct {
	Key string
	Fn  *ssa.Function
	Pos token.Pos // the entry's
}

// DispatchFields finds, in fns, the maps of functions stored into struct
// fields, and their entries with constant keys.
func DispatchFields(fns []*ssa.Function) map[FieldKey][]DispatchEntry {
	out := map[FieldKey][]DispatchEntry{}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				mm, ok := st.Val.(*ssa.MakeMap)
				if !ok || !funcValued(mm.Type()) {
					continue
				}
				k := FieldKey{Deref(fa.X.Type()), fa.Field}
				for _, ref := range Referrers(mm) {
					up, ok := ref.(*ssa.MapUpdate)
					if !ok || up.Map != mm {
						continue
					}
					key := ConstString(Unconvert(up.Key))
					target := entryFunc(up.Value)
					if key == "" || target == nil {
						continue
					}
					out[k] = append(out[k], DispatchEntry{Key: key, Fn: target, Pos: up.Pos()})
				}
			}
		}
	}
	return out
}

// Entries are the entries of the dispatch maps stored in field k, by key.
func Entries(fields map[FieldKey][]DispatchEntry, k FieldKey) []DispatchEntry {
	var out []DispatchEntry
	for fk, es := range fields {
		if fk.Same(k) {
			out = append(out, es...)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Pos < out[j].Pos
	})
	return out
}

// funcValued reports whether t is a map whose values are functions.
func funcValued(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	_, ok = m.Elem().Underlying().(*types.Signature)
	return ok
}

// entryFunc is the function a map entry's value is: a closure or a
// declared function.
func entryFunc(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		if fn, ok := x.Fn.(*ssa.Function); ok {
			return fn
		}
	}
	return nil
}

// DispatchedFields are the fields whose maps fn calls a function from:
// m[k](…), or f, ok := m[k]; …; f(…), m read from a field.
func DispatchedFields(fn *ssa.Function) []FieldKey {
	var out []FieldKey
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || ci.Common().IsInvoke() || ci.Common().StaticCallee() != nil {
				continue
			}
			for _, lk := range lookups(ci.Common().Value, map[ssa.Value]bool{}) {
				k, ok := mapField(lk.X)
				if !ok {
					continue
				}
				dup := false
				for _, o := range out {
					dup = dup || o.Same(k)
				}
				if !dup {
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// Lookups are the map lookups a value comes from, through phis and
// comma-ok extracts.
func Lookups(v ssa.Value) []*ssa.Lookup { return lookups(v, map[ssa.Value]bool{}) }

// MapField is the struct field a map value is read from.
func MapField(v ssa.Value) (FieldKey, bool) { return mapField(v) }

// lookups are the map lookups a called value comes from, through phis
// and comma-ok extracts.
func lookups(v ssa.Value, seen map[ssa.Value]bool) []*ssa.Lookup {
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Lookup:
		return []*ssa.Lookup{x}
	case *ssa.Extract:
		if lk, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
			return []*ssa.Lookup{lk}
		}
	case *ssa.Phi:
		var out []*ssa.Lookup
		for _, e := range x.Edges {
			out = append(out, lookups(e, seen)...)
		}
		return out
	}
	return nil
}

// mapField is the struct field a map value is read from.
func mapField(v ssa.Value) (FieldKey, bool) {
	switch x := v.(type) {
	case *ssa.Field: // a value receiver's field
		return FieldKey{Deref(x.X.Type()), x.Field}, true
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return FieldKey{Deref(fa.X.Type()), fa.Field}, true
		}
	}
	return FieldKey{}, false
}
