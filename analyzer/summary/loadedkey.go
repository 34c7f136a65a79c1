package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A loaded row's primary key is not zero. A gorm row read by its key
// (First, Take, Find into it) past the read's error test was found: the
// table gave it its key, and gorm keys are never zero in a stored row.
// A branch that creates the row when its key is zero (if w.ID == 0 {
// tx.Create(w) } else { tx.Save(w) }: aepyornis's Workout.save) is dead
// for it. The test reaches the caller as an effect.Cond on a parameter
// (cond.go), also from a transaction closure on a captured receiver and
// through a pointer association (w.GPX.ID, the row loaded with its owner
// by Preload, or nil, which the test's own nil check keeps apart); the
// caller whose argument is such a row decides it: loaded here or
// returned loaded by a static callee (rowOf: Summary.LoadedResults,
// LoadedUnlessErr with the error tested), NonZero; returned by an
// interface call, a RowCallParam test the whole program decides with
// the call's callees (wholeprogram/loadedkey.go). A row built here, read
// without its error tested, or whose key or association field this
// function assigns keeps the test undecided, so the create stays.

// loadedKey decides the test c of path of the argument a passed at ci
// when it is a loaded row's primary key against zero: NonZero, or a
// RowCallParam test for a row an interface call returned; "" and nil
// otherwise.
func (w *walker) loadedKey(c effect.Cond, a ssa.Value, path []string, ci ssa.CallInstruction) (string, *effect.Cond) {
	if c.Value != "0" || len(path) == 0 || a == nil || ci == nil {
		return "", nil
	}
	a = normalize(a)
	own, ok := keyPath(a.Type(), path)
	if !ok || assignsChain(a, own, 0) {
		return "", nil // the key, or the association, may be one set here
	}
	r := w.rowOf(a, ci.Block(), 0)
	switch {
	case r.loaded:
		return effect.NonZero, nil
	case r.call != "":
		p := r.call
		if r.tested {
			p += effect.RowCallTested
		}
		return "", &effect.Cond{Param: effect.RowCallParam, Path: p, Value: c.Value, Neg: c.Neg}
	}
	return "", nil
}

// keyPath reports whether path, read from a value of type t, ends at a
// gorm primary-key field of integer type, through embedded structs (the
// same row: gorm.Model, an application's base model) and pointer fields
// to structs (associations, loaded with their owner or nil); own are the
// indexes of the fields path takes in the row itself, up to the key or
// the first association, which the caller checks it does not assign.
func keyPath(t types.Type, path []string) (own []int, ok bool) {
	t = ssavalue.Deref(t)
	inRow := true
	for i, name := range path {
		st, isStruct := t.Underlying().(*types.Struct)
		if !isStruct {
			return nil, false
		}
		j := fieldIndex(st, name)
		if j < 0 {
			return nil, false
		}
		f := st.Field(j)
		if inRow {
			own = append(own, j)
		}
		if i == len(path)-1 {
			b, isBasic := f.Type().Underlying().(*types.Basic)
			if !isBasic || b.Info()&types.IsInteger == 0 || !isKeyField(f, st.Tag(j)) {
				return nil, false
			}
			return own, true
		}
		switch ft := f.Type().Underlying().(type) {
		case *types.Pointer:
			if _, ok := ft.Elem().Underlying().(*types.Struct); !ok {
				return nil, false
			}
			inRow = false
			t = ft.Elem()
		case *types.Struct:
			if !f.Anonymous() {
				return nil, false // a struct value field: not known loaded
			}
			t = f.Type()
		default:
			return nil, false
		}
	}
	return nil, false
}

func fieldIndex(st *types.Struct, name string) int {
	for j := 0; j < st.NumFields(); j++ {
		if st.Field(j).Name() == name {
			return j
		}
	}
	return -1
}

// assignsChain reports whether the function stores into the field chain
// (indexes, outermost first) of the row v, or into a part of it, or
// hands its address on (a call may assign it).
func assignsChain(v ssa.Value, chain []int, depth int) bool {
	if len(chain) == 0 || depth > 8 {
		return false
	}
	for _, r := range ssavalue.Referrers(v) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != chain[0] {
			continue
		}
		for _, rr := range ssavalue.Referrers(fa) {
			switch u := rr.(type) {
			case *ssa.Store:
				if u.Addr == ssa.Value(fa) {
					return true
				}
			case *ssa.UnOp:
				if u.Op != token.MUL {
					return true
				}
			case *ssa.DebugRef:
			case *ssa.FieldAddr:
				if len(chain) > 1 && u.Field == chain[1] && assignsChain(fa, chain[1:], depth+1) {
					return true
				}
			default:
				return true
			}
		}
	}
	return false
}
