package summary

import (
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// An object identified by some entries of a map its call is given
// (models.Identity.MapKeys: DynamoDB's PutItem replaces the item its
// primary key attributes name, and those are entries of the Item map).
// The entry under a constant name is traced as a key is (keyFrom,
// keyOrigin), through the wrapper that carries it (an attribute value
// &types.AttributeValueMemberS{Value: sk} stored as an interface): one
// that derives from a random or time source makes the write a new
// object. A call through an interface hands such entries on as
// RandomArgs whose Field is "Item[SK]" (mapEntryField), for the
// whole-program phase to decide the method it resolves to
// (ModelThrough).

// mapEntryField names entry key of the map in field (a RandomArg's Field).
func mapEntryField(field, key string) string { return field + "[" + key + "]" }

// splitMapEntry undoes mapEntryField.
func splitMapEntry(s string) (field, key string, ok bool) {
	i := strings.IndexByte(s, '[')
	if i < 0 || !strings.HasSuffix(s, "]") {
		return s, "", false
	}
	return s[:i], s[i+1 : len(s)-1], true
}

// mapIdentity are the keys of the entries id.MapKeys names: the first
// that derives from a random source alone, else all found, the first
// named in the note (overwriteNote).
func mapIdentity(id *models.Identity, key func(arg int, field string) *effect.Key) []*effect.Key {
	var found []*effect.Key
	for _, name := range id.MapKeys {
		k := key(*id.Arg, mapEntryField(id.Field, name))
		switch {
		case k == nil:
		case k.Random != "":
			return []*effect.Key{k}
		default:
			found = append(found, k)
		}
	}
	return found
}

// mapEntryKey is the key of entry name of the map stored in field of the
// struct argument v (a literal of this function).
func (w *walker) mapEntryKey(v ssa.Value, field, name string) *effect.Key {
	for _, e := range w.fieldMapEntries(v, field)[name] {
		return w.keyFrom(e.val, e.at)
	}
	return nil
}

// mapEntry is a value stored into a map under a constant name, and the
// store.
type mapEntry struct {
	val ssa.Value
	at  *ssa.MapUpdate
}

// fieldMapEntries are the values stored under constant string names into
// the map field of the struct literal v holds (&PutItemInput{Item: m},
// m a map literal or a local map filled by m["k"] = …), each unwrapped
// from a one-field carrier (wrappedEntry). Nil when v is no local struct
// or the field holds no map made here.
func (w *walker) fieldMapEntries(v ssa.Value, field string) map[string][]mapEntry {
	if v == nil {
		return nil
	}
	alloc := localStruct(normalize(v))
	if alloc == nil {
		return nil
	}
	var out map[string][]mapEntry
	for _, st := range ssavalue.FieldStores(alloc, field) {
		mk, ok := normalize(st.Val).(*ssa.MakeMap)
		if !ok {
			continue
		}
		for _, r := range ssavalue.Referrers(mk) {
			up, ok := r.(*ssa.MapUpdate)
			if !ok || up.Map != mk {
				continue
			}
			c, ok := normalize(up.Key).(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.String {
				continue
			}
			if out == nil {
				out = map[string][]mapEntry{}
			}
			name := constant.StringVal(c.Value)
			out[name] = append(out[name], mapEntry{wrappedEntry(up.Value), up})
		}
	}
	return out
}

// wrappedEntry is the value a map entry carries: v itself, or, for a
// pointer to a struct literal with one string-like field stored (an
// attribute value &AttributeValueMemberS{Value: sk}, made an interface),
// that field's value.
func wrappedEntry(v ssa.Value) ssa.Value {
	x := normalize(v)
	if mi, ok := x.(*ssa.MakeInterface); ok {
		x = normalize(mi.X)
	}
	alloc, ok := x.(*ssa.Alloc)
	if !ok {
		return v
	}
	st := structOf(alloc.Type())
	if st == nil {
		return v
	}
	var val ssa.Value
	for i := 0; i < st.NumFields(); i++ {
		if !keyLike(st.Field(i).Type()) {
			continue
		}
		for _, s := range ssavalue.FieldStores(alloc, st.Field(i).Name()) {
			if val != nil {
				return v // two values: not one carried
			}
			val = s.Val
		}
	}
	if val == nil {
		return v
	}
	return val
}

// mapFieldArgs are, for the struct arguments of a call through an
// interface, the entries of their map fields (built here) that derive
// from a random source, as RandomArgs named by mapEntryField: the
// implementation may be a write identified by one of them (ModelThrough).
func (w *walker) mapFieldArgs(args []ssa.Value) []effect.RandomArg {
	var out []effect.RandomArg
	for i, a := range args {
		st := structOf(a.Type())
		if st == nil || st.NumFields() > 32 {
			continue
		}
		for j := 0; j < st.NumFields(); j++ {
			f := st.Field(j)
			m, ok := f.Type().Underlying().(*types.Map)
			if !ok || !f.Exported() || !keyLike(m.Key()) {
				continue
			}
			entries := w.fieldMapEntries(a, f.Name())
			for _, name := range slices.Sorted(maps.Keys(entries)) {
				for _, e := range entries[name] {
					if o := w.keyOrigin(e.val); o.random != "" {
						out = append(out, effect.RandomArg{Index: i + 2, Field: mapEntryField(f.Name(), name), Source: o.random, Expr: w.p.text.exprText(e.val), Pos: PosString(w.p.env.Fset, o.at)})
						break
					}
				}
			}
		}
	}
	return out
}
