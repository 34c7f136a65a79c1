package summary

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// Business keys of an ORM model insert. An ORM insert of a model (bun's
// NewInsert().Model(&row).Exec, gorm's Create(&row)) writes every field of
// the model; when the table has a unique key (from the migrations, schema
// kept in Go, or the model's own tags: triggers.ModelSchema) whose columns
// are fields the code fills, here or in the static call that builds the
// row, from values traced like an idempotency key (not random, not time),
// a second delivery's insert violates that key: an insert-if-absent by
// failure (DupFails, DupKey), as ormBusinessKey does for an id key. A
// model inserted as a slice (Model(&rows)) counts when every element
// stored into it (rows[i] = Row{…}) fills the key so. A key column left
// unset (a pk with a default, filled by the database) or filled from a
// random or time source makes no key; so does a model hook (bun's
// BeforeAppendModel, BeforeInsert; gorm's BeforeCreate, BeforeSave) that
// stores into one of the key's fields. The row may be built elsewhere: a
// closure's captured variable, a helper's result (builtRow, helperrow.go).
func (w *walker) ormTagKey(c *modelCall, model ssa.Value) {
	e := c.e
	if e == nil || model == nil || e.DupFails != "" || e.Kind != effect.KindDBWrite || e.Op != "insert" || e.Target == "" || w.p.env.Triggers == nil {
		return
	}
	us := w.p.env.Triggers.Uniques(e.Target)
	if len(us) == 0 {
		return
	}
	rb, ok := builtRow(model)
	if !ok {
		w.paramTagKey(e, model, us) // paramtagkey.go
		return
	}
	alloc := rb.alloc
	ptr, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return
	}
	elem := ptr.Elem()
	slice := false
	if s, ok := elem.Underlying().(*types.Slice); ok {
		elem, slice = s.Elem(), true
	}
	st, ok := elem.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for _, u := range us {
		idxs := w.keyFields(elem, st, u, nil)
		if idxs == nil {
			continue
		}
		var keys []*effect.Key
		for _, idx := range idxs {
			var ki *effect.Key
			switch {
			case slice && rb.call != nil:
				ki = nil // a helper's list: not read
			case slice:
				ki = w.sliceFieldKey(alloc, idx, c.ci)
			default:
				ki = w.rowFieldKey(rb, idx, c.ci)
			}
			if ki == nil || ki.Random != "" {
				keys = nil
				break
			}
			nk := *ki
			if nk.Param != 0 && nk.Field == "" && !slice && rb.call == nil {
				if v := fieldStoreValue(alloc, idx, 0); v != nil {
					nk.Field = paramField(ssavalue.Unconvert(v))
				}
			}
			keys = append(keys, &nk)
		}
		if len(keys) == 0 {
			continue
		}
		// A declared key, not a surrogate id, every column of it traced
		// like the id key (not random, not the clock): the row is the
		// job's, and a caller that only logs a redelivery's failure on
		// it takes the duplicate as success (Payload, as an id key is).
		// Columns a parameter fills are the callers' to decide: only a
		// value new on every delivery passed there makes the row new
		// (Also); a value not known there leaves the failure without
		// the key (FreshOnly, as an SQL insert's key, businessKey).
		var k *effect.Key
		for _, ki := range keys {
			switch {
			case k == nil:
				k = ki
			case ki.Param != 0 && k.Param == 0:
				k.Param, k.Field = ki.Param, ki.Field
			case ki.Param != 0:
				k.Also = append(k.Also, effect.Key{Param: ki.Param, Field: ki.Field, FreshOnly: true})
			}
		}
		e.DupFails = "a second insert of the row violates the " + u.String() + ", filled from " + orExpr(k.Expr)
		k.FreshOnly, k.Payload = true, true
		e.DupKey = k
		return
	}
}

// modelField is the index of the field of st the ORM maps to column col
// (triggers.ModelColumn), or -1.
func modelField(st *types.Struct, col string) int {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Embedded() || !f.Exported() {
			continue
		}
		if triggers.ModelColumn(f.Name(), reflect.StructTag(st.Tag(i))) == col {
			return i
		}
	}
	return -1
}

// hookNames are the model hooks an ORM insert runs on the row before it
// writes it (bun's BeforeAppendModel, BeforeInsert; gorm's BeforeCreate,
// BeforeSave).
var hookNames = []string{"BeforeAppendModel", "BeforeInsert", "BeforeCreate", "BeforeSave"}

// hookStores reports whether a model hook of t may store into one of the
// fields idxs: a store into the field, a hook that hands its receiver on
// (hookFields' Opaque), or a hook whose body is neither in the program
// nor summarised (Summary.HookFields) by the package that declares it. A
// hook of a model of another package (go vet's per-package SSA holds no
// bodies of imported functions) is read from that package's fact.
func (w *walker) hookStores(t types.Type, idxs []int) bool {
	prog := w.fn.Prog
	ms := prog.MethodSets.MethodSet(types.NewPointer(t))
	for _, name := range hookNames {
		var pkg *types.Package
		if n, ok := types.Unalias(t).(*types.Named); ok {
			pkg = n.Obj().Pkg()
		}
		sel := ms.Lookup(pkg, name)
		if sel == nil {
			continue
		}
		var hf *HookFields
		fn := prog.MethodValue(sel)
		if fn != nil {
			fn = ssavalue.Declared(fn)
		}
		if fn != nil && len(fn.Blocks) > 0 {
			hf = hookFields(fn, t)
		} else if obj, ok := sel.Obj().(*types.Func); ok && len(sel.Index()) == 1 && w.p.env.Import != nil {
			// The hook's own (not promoted from an embedded struct, whose
			// fact counts the embedded struct's fields).
			if s, ok := w.p.env.Import(obj); ok {
				hf = s.HookFields
				if hf == nil {
					hf = &HookFields{} // summarised, not a hook of a struct: stores nothing of t
				}
			}
		}
		if hf == nil || hf.Opaque {
			return true
		}
		for _, idx := range idxs {
			if slices.Contains(hf.Fields, idx) {
				return true
			}
		}
	}
	return false
}

// HookFields, on a model hook method (hookNames) of a struct, are the
// fields of the struct it stores into (indices, sorted), so that a
// package inserting the model decides whether the hook may set a unique
// key's column without the hook's body. Opaque: the hook hands its
// receiver to a call or stores it, so what it sets is not known.
type HookFields struct {
	Fields []int `json:",omitempty"`
	Opaque bool  `json:",omitempty"`
}

// hookFieldsOf is fn's HookFields when fn is a model hook of a struct
// (a method named as in hookNames whose receiver is the struct or a
// pointer to it), or nil.
func hookFieldsOf(fn *ssa.Function) *HookFields {
	if fn.Signature.Recv() == nil || !slices.Contains(hookNames, fn.Name()) || fn.Parent() != nil {
		return nil
	}
	t := deref(fn.Signature.Recv().Type())
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return nil
	}
	return hookFields(fn, t)
}

// hookFields are the fields of t the hook fn stores into: a store through
// a field address of a t (w.Checksum = …), any t the hook reaches, as a
// reviewer reading the body would count it. A receiver passed to a call
// (w.fill(), setDefaults(w)) or stored makes it Opaque.
func hookFields(fn *ssa.Function, t types.Type) *HookFields {
	hf := &HookFields{}
	var recv ssa.Value
	if len(fn.Params) > 0 && fn.Signature.Recv() != nil {
		recv = fn.Params[0]
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Store:
				if x.Val == recv && recv != nil {
					hf.Opaque = true
				}
				fa, ok := x.Addr.(*ssa.FieldAddr)
				if ok && types.Identical(deref(fa.X.Type()), t) && !slices.Contains(hf.Fields, fa.Field) {
					hf.Fields = append(hf.Fields, fa.Field)
				}
			case ssa.CallInstruction:
				c := x.Common()
				if recv != nil && (c.Value == recv || slices.Contains(c.Args, recv)) {
					hf.Opaque = true
				}
			}
		}
	}
	slices.Sort(hf.Fields)
	return hf
}

// sliceFieldKey traces field idx of the elements stored into the local
// slice alloc (rows := make([]Row, n); rows[i] = Row{…}; Model(&rows)):
// every element store's value, each a key; nil when there is none or
// one is not traced. The first key is returned, a random one first.
func (w *walker) sliceFieldKey(alloc *ssa.Alloc, idx int, at ssa.Instruction) *effect.Key {
	var slices []ssa.Value
	stores := 0
	for _, r := range ssavalue.Referrers(alloc) {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != alloc {
				continue
			}
			stores++
			if _, ok := x.Val.(*ssa.MakeSlice); !ok {
				return nil // an append, a slice from elsewhere
			}
			slices = append(slices, x.Val)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				slices = append(slices, x)
			}
		}
	}
	if stores != 1 {
		return nil
	}
	var found *effect.Key
	n := 0
	for _, s := range slices {
		for _, r := range ssavalue.Referrers(s) {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, rr := range ssavalue.Referrers(ia) {
				var k *effect.Key
				switch x := rr.(type) {
				case *ssa.Store:
					if x.Addr != ia {
						continue
					}
					ld, ok := x.Val.(*ssa.UnOp)
					if !ok || ld.Op != token.MUL {
						return nil
					}
					lit, ok := ld.X.(*ssa.Alloc)
					if !ok {
						return nil
					}
					k = w.idValueKeyDepth(lit, idx, at, 1)
				case *ssa.FieldAddr:
					if x.Field != idx {
						continue
					}
					stored := false
					for _, s := range ssavalue.Referrers(x) {
						if st, ok := s.(*ssa.Store); ok && st.Addr == x {
							k, stored = w.keyFrom(st.Val, at), true
						}
					}
					if !stored {
						continue // a read
					}
				default:
					continue
				}
				if k == nil {
					return nil
				}
				n++
				if found == nil || k.Random != "" && found.Random == "" {
					found = k
				}
			}
		}
	}
	if n == 0 {
		return nil
	}
	return found
}

// fieldStoreValue is the one value stored into field idx of the local
// struct alloc (directly, or in the composite literal copied into it), or
// nil.
func fieldStoreValue(alloc *ssa.Alloc, idx, depth int) ssa.Value {
	if v, whole, ok := fieldSource(alloc, idx, depth); ok && !whole {
		return v
	}
	return nil
}

// fieldSource is what decides field idx of the local struct alloc when
// exactly one store does: the value stored into the field (directly, or
// into the composite literal copied into alloc: o := Order{ID: m.UID}
// is built in a local of its own and copied, *o = *complit), or else the
// value the whole struct is stored from (whole). ok is false when no
// store or more than one decides it.
func fieldSource(alloc *ssa.Alloc, idx, depth int) (v ssa.Value, whole, ok bool) {
	n := 0
	for _, r := range ssavalue.Referrers(alloc) {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if x.Field != idx {
				continue
			}
			for _, rr := range ssavalue.Referrers(x) {
				if s, isStore := rr.(*ssa.Store); isStore && s.Addr == x {
					n++
					v, whole, ok = s.Val, false, true
				}
			}
		case *ssa.Store:
			if x.Addr != alloc {
				continue
			}
			n++
			v, whole, ok = x.Val, true, true
			if ld, isLoad := x.Val.(*ssa.UnOp); isLoad && ld.Op == token.MUL {
				if lit, isAlloc := ld.X.(*ssa.Alloc); isAlloc && lit != alloc && depth < 2 {
					v, whole, ok = fieldSource(lit, idx, depth+1)
				}
			}
		}
	}
	if n != 1 {
		return nil, false, false
	}
	return v, whole, ok
}

// keyFields are the fields of the model st (elem's struct) that hold
// unique key u's columns, or nil when u is not a key the row's own values
// decide: a partial index, the id key (ormBusinessKey's), a column with
// no field, one the function sets itself (stored), or one a model hook
// may set.
func (w *walker) keyFields(elem types.Type, st *types.Struct, u triggers.Unique, stored func(int) bool) []int {
	if u.Partial || len(u.Columns) == 1 && u.Columns[0] == "id" {
		return nil
	}
	idxs := make([]int, 0, len(u.Columns))
	for _, col := range u.Columns {
		idx := modelField(st, col)
		if idx < 0 || stored != nil && stored(idx) {
			return nil
		}
		idxs = append(idxs, idx)
	}
	if w.hookStores(elem, idxs) {
		return nil
	}
	return idxs
}
