package ssavalue

import (
	"go/token"
	"go/types"
	"slices"
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

// LocalDispatchFields are the dispatch fields whose every entry fns
// show: maps of functions kept in an unexported field of a struct type of
// pkg (no other package can reach it), each map made and filled in fns
// with constant keys and functions (closures or declared functions), and
// never changed, handed on or replaced otherwise there (no m[k] = f on the
// field's map, no map from a parameter). A call through such a field runs
// one of these entries and nothing else, so one package alone can resolve
// it (go vet: the dispatcher's effects are its entries'). fns are the
// package's production functions: tests may fill the map with doubles.
func LocalDispatchFields(fns []*ssa.Function, pkg *types.Package) map[FieldKey][]DispatchEntry {
	all := DispatchFields(fns)
	bad := map[FieldKey]bool{}
	var keys []FieldKey
	seenKey := func(k FieldKey) FieldKey {
		for _, o := range keys {
			if o.Same(k) {
				return o
			}
		}
		keys = append(keys, k)
		return k
	}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var k FieldKey
				var v ssa.Value
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					k, v = FieldKey{Deref(x.X.Type()), x.Field}, x
				case *ssa.Field:
					k, v = FieldKey{Deref(x.X.Type()), x.Field}, x
				default:
					continue
				}
				if !dispatchCandidate(k, pkg) {
					continue
				}
				k = seenKey(k)
				if !fieldUsesKept(v, k) {
					bad[k] = true
				}
			}
		}
	}
	out := map[FieldKey][]DispatchEntry{}
	for _, k := range keys {
		if bad[k] {
			continue
		}
		if es := Entries(all, k); len(es) > 0 {
			out[k] = es
		}
	}
	return out
}

// dispatchCandidate reports whether field k is an unexported map of
// functions of a struct type declared in pkg.
func dispatchCandidate(k FieldKey, pkg *types.Package) bool {
	n, ok := types.Unalias(k.T).(*types.Named)
	if !ok || n.Obj().Pkg() != pkg {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || k.Index >= st.NumFields() {
		return false
	}
	f := st.Field(k.Index)
	return !f.Exported() && funcValued(f.Type())
}

// fieldUsesKept reports whether every use of a dispatch field (its address
// or its value) only fills it with a map made here and filled with
// constant-keyed functions, or reads it (looks an entry up, ranges over
// it, takes its length, compares it with nil).
func fieldUsesKept(v ssa.Value, k FieldKey) bool {
	if _, isField := v.(*ssa.Field); isField {
		return mapReadOnly(v) // a value receiver's field: read only
	}
	for _, r := range Referrers(v) {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != v {
				return false // the field's address stored somewhere
			}
			if c, ok := x.Val.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			mm, ok := x.Val.(*ssa.MakeMap)
			if !ok || !madeMapKept(mm, k) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL || !mapReadOnly(x) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// madeMapKept reports whether a map stored into a dispatch field is only
// filled with constant keys and functions before it is stored.
func madeMapKept(mm *ssa.MakeMap, k FieldKey) bool {
	for _, r := range Referrers(mm) {
		switch x := r.(type) {
		case *ssa.MapUpdate:
			if x.Map != mm || ConstString(Unconvert(x.Key)) == "" || entryFunc(x.Value) == nil {
				return false
			}
		case *ssa.Store:
			if x.Val != mm {
				return false
			}
			if fa, ok := x.Addr.(*ssa.FieldAddr); !ok || !k.Same(FieldKey{Deref(fa.X.Type()), fa.Field}) {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// mapReadOnly reports whether a dispatch map read from its field is only
// read.
func mapReadOnly(v ssa.Value) bool {
	for _, r := range Referrers(v) {
		if !mapReadUse(r, v) {
			return false
		}
	}
	return true
}

// mapReadUse reports whether instruction r only reads the map v.
func mapReadUse(r ssa.Instruction, v ssa.Value) bool {
	switch x := r.(type) {
	case *ssa.Lookup:
		return x.X == v
	case *ssa.Range, *ssa.BinOp, *ssa.DebugRef:
		return true
	case *ssa.Call:
		b, ok := x.Call.Value.(*ssa.Builtin)
		return ok && b.Name() == "len"
	}
	return false
}

// DispatchSite returns the dispatch fields a call's function value is
// looked up in, when every value it can be is an entry looked up in one of
// fields (through comma-ok and phis); ok is false for any other call.
func DispatchSite(c *ssa.CallCommon, fields map[FieldKey][]DispatchEntry) (out []FieldKey, ok bool) {
	if c.IsInvoke() || c.StaticCallee() != nil || len(fields) == 0 {
		return nil, false
	}
	ok = true
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if !ok || seen[v] {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e)
			}
			return
		case *ssa.Extract:
			if lk, isLookup := x.Tuple.(*ssa.Lookup); isLookup && x.Index == 0 {
				walk(lk)
				return
			}
		case *ssa.Lookup:
			if k, isField := mapField(x.X); isField {
				for fk := range fields {
					if fk.Same(k) {
						for _, o := range out {
							if o.Same(k) {
								return
							}
						}
						out = append(out, k)
						return
					}
				}
			}
		}
		ok = false
	}
	walk(c.Value)
	return out, ok && len(out) > 0
}

// EntryKeys are the keys under which fn is an entry of fields, sorted.
func EntryKeys(fields map[FieldKey][]DispatchEntry, ks []FieldKey, fn *ssa.Function) []string {
	var out []string
	for _, k := range ks {
		for _, e := range Entries(fields, k) {
			if Declared(e.Fn) == fn && !slices.Contains(out, e.Key) {
				out = append(out, e.Key)
			}
		}
	}
	sort.Strings(out)
	return out
}

// DispatchTarget is one function a call through a dispatch map can run,
// with the keys it is stored under.
type DispatchTarget struct {
	Fn   *ssa.Function
	Keys []string
	// Keyed, for an entry under one key, says the call looks entries up
	// by what of the entry's argument KeyArg KeyPath names (KeyedBy):
	// the entry runs here only where that is its key.
	Keyed   bool
	KeyArg  int
	KeyPath string
}

// WithKeys fills Keyed for call ci's targets (KeyedBy).
func WithKeys(ci ssa.CallInstruction, ts []DispatchTarget) []DispatchTarget {
	for i := range ts {
		if len(ts[i].Keys) == 1 {
			ts[i].KeyArg, ts[i].KeyPath, ts[i].Keyed = KeyedBy(ci.Parent(), func(FieldKey) bool { return true }, ts[i].Keys[0])
		}
	}
	return ts
}

// DispatchTargets are the functions a call through a dispatch map of
// fields runs, sorted by name (as the whole-program phase orders a call's
// callees), or nil when c is not such a call.
func DispatchTargets(c *ssa.CallCommon, fields map[FieldKey][]DispatchEntry) []DispatchTarget {
	ks, ok := DispatchSite(c, fields)
	if !ok {
		return nil
	}
	seen := map[*ssa.Function]bool{}
	var out []DispatchTarget
	for _, k := range ks {
		for _, e := range Entries(fields, k) {
			fn := Declared(e.Fn)
			if seen[fn] {
				continue
			}
			seen[fn] = true
			out = append(out, DispatchTarget{Fn: fn, Keys: EntryKeys(fields, ks, fn)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Fn.String() < out[j].Fn.String() })
	return out
}
