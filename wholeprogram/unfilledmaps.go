package wholeprogram

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Lookups in maps nothing fills. base-server's integration service keeps
// its deliverers in a map its constructor makes empty; Register fills
// it, and nothing in production calls Register (only a test does). Its
// delivery goroutine looks the subscription's deliverer up and returns
// when there is none: the delivery insert, the call of the deliverer
// and the stats updates after it never run. A reviewer reads it so; the
// per-package pass cannot (another package may call Register), so those
// effects carry the lookup's test (effect.MapHitParam, summary/mapcond.go),
// decided here, where every store is seen.
//
// A map field of a struct type a root package declares is empty
// wherever it is read when, in the slice (every function of the program
// that can run):
//
//   - every store into the field is of nil or of a map just made and used
//     for nothing else (make(map…) in the constructor's literal);
//   - every map read from the field is only looked up, ranged over,
//     measured (len), emptied (delete, clear) or compared with nil, or
//     has an entry put into it only in a function that never runs: one
//     the call graph has no call of, that no code takes as a value, no
//     method of a value converted to an interface (a framework holding
//     it may call it: an http.Handler's ServeHTTP) and no handler, main
//     or init;
//   - the field's address is only stored through and loaded;
//   - no code that is not followed can fill a value of the type: for an
//     exported field, the escape rules of nilfields.go (a decoder,
//     reflection, a dependency's generic function); an unexported one
//     only its own package's code can set (a decoder or reflection
//     cannot, and a handler's value converted to an interface, as every
//     framework takes it, hands nothing the field's way), so only a
//     conversion from another struct type or to unsafe.Pointer counts.
//
// Then a lookup's "found" never holds: the effects under it are dropped
// and the test that the key was missing is dropped from the others.
// Anything else keeps the effect and its test: nothing is guessed.

// mapFacts is what the slice does with the roots' map fields.
type mapFacts struct {
	filled    map[string]bool         // "pkg.Type.Field": an entry may be put in it
	owner     map[string]*types.Named // the struct type declaring it
	converted map[*types.Named]bool   // types converted from another struct type or to unsafe.Pointer
}

// unfilledLookups drops the effects under a lookup's "found" in a map
// nothing fills, and the tests of its "missing"; changed reports whether
// anything was.
func (r *resolver) unfilledLookups(effs []effect.Effect) ([]effect.Effect, bool) {
	return decideConds(effs, func(c effect.Cond) (string, bool) {
		if c.Param != effect.MapHitParam || !r.mapUnfilled(c.Path) {
			return "", false
		}
		return "false", true // the lookup never finds its key
	})
}

// mapUnfilled reports whether the map field (qualified) is one nothing in
// the program puts an entry into.
func (r *resolver) mapUnfilled(field string) bool {
	if !r.hasMain() {
		// A library: its exported fillers are called by programs not
		// loaded here (as nilcall.go's unimplemented interfaces).
		return false
	}
	f := r.mapFieldFacts()
	n := f.owner[field]
	if n == nil || f.filled[field] || n.Obj().Pkg() == nil || !r.rootPackages()[n.Obj().Pkg().Path()] {
		return false
	}
	if f.converted[n.Origin()] {
		return false
	}
	if name := field[strings.LastIndex(field, ".")+1:]; token.IsExported(name) {
		return !r.fieldFacts().escaped[n.Origin()]
	}
	return true
}

// mapFieldFacts scans the slice once.
func (r *resolver) mapFieldFacts() *mapFacts {
	if r.mapFacts != nil {
		return r.mapFacts
	}
	f := &mapFacts{filled: map[string]bool{}, owner: map[string]*types.Named{}, converted: map[*types.Named]bool{}}
	r.mapFacts = f
	fns := sortedFuncs(r.sliceFns)
	taken, methods := takenFuncs(fns)
	runs := func(fn *ssa.Function) bool {
		if r.handlerFns[fn] || taken[fn] || r.hasCaller(fn) || fn.Parent() != nil {
			return true
		}
		if obj, ok := fn.Object().(*types.Func); ok && methods[obj.Origin()] {
			return true // whoever holds the interface may call it
		}
		return fn.Name() == "main" || fn.Name() == "init" || fn.Synthetic != ""
	}
	note := func(ptr types.Type, i int) string {
		name := mapFieldName(ptr, i)
		if name == "" {
			return ""
		}
		if f.owner[name] == nil {
			f.owner[name] = ownerNamed(ptr)
		}
		return name
	}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					if name := note(x.X.Type(), x.Field); name != "" && mapFieldFilled(x, fn, runs) {
						f.filled[name] = true
					}
				case *ssa.Field:
					if name := note(types.NewPointer(x.X.Type()), x.Field); name != "" && !onlyRead(x, fn, runs) {
						f.filled[name] = true
					}
				case *ssa.ChangeType:
					if structLike(x.Type()) && !types.Identical(x.Type(), x.X.Type()) {
						f.convert(x.Type())
						f.convert(x.X.Type())
					}
				case *ssa.Convert:
					if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Kind() == types.UnsafePointer {
						f.convert(x.X.Type())
					}
				}
			}
		}
	}
	return f
}

// mapFieldName is the qualified name of field i of the struct ptr points
// to when it is a map; "".
func mapFieldName(ptr types.Type, i int) string {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	if _, isMap := st.Field(i).Type().Underlying().(*types.Map); !isMap {
		return ""
	}
	if n := ownerNamed(ptr); n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	return qualified(ownerNamed(ptr), st.Field(i).Name())
}

// ownerNamed is the named struct type ptr points to, or nil.
func ownerNamed(ptr types.Type) *types.Named {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	n, _ := types.Unalias(p.Elem()).(*types.Named)
	return n
}

// mapFieldFilled reports whether what is done with a map field's address
// may put an entry into the map: a store of anything but nil or a map
// just made for it, the address handed on, or a map loaded from it used
// for more than reading.
func mapFieldFilled(fa *ssa.FieldAddr, fn *ssa.Function, runs func(*ssa.Function) bool) bool {
	for _, ref := range *fa.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != fa || !emptyMap(x.Val, x) {
				return true
			}
		case *ssa.UnOp:
			if x.Op != token.MUL || !onlyRead(x, fn, runs) {
				return true
			}
		case *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// emptyMap reports whether v, stored by st, is nil or a map made there
// and used for nothing else.
func emptyMap(v ssa.Value, st *ssa.Store) bool {
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.MakeMap:
		for _, ref := range *x.Referrers() {
			if _, dbg := ref.(*ssa.DebugRef); ref != st && !dbg {
				return false // an entry of a literal, or the map kept elsewhere
			}
		}
		return true
	}
	return false
}

// onlyRead reports whether the map m (read from a field) is only looked
// up, ranged over, measured, emptied or compared, or filled only in a
// function that never runs.
func onlyRead(m ssa.Value, fn *ssa.Function, runs func(*ssa.Function) bool) bool {
	for _, ref := range *m.Referrers() {
		switch x := ref.(type) {
		case *ssa.Lookup:
			if x.X != m {
				return false // the map is a key
			}
		case *ssa.Range, *ssa.DebugRef:
		case *ssa.BinOp:
			if x.Op != token.EQL && x.Op != token.NEQ {
				return false
			}
		case *ssa.MapUpdate:
			if x.Map != m || runs(fn) {
				return false
			}
		case *ssa.Call:
			b, ok := x.Call.Value.(*ssa.Builtin)
			if !ok {
				return false
			}
			switch b.Name() {
			case "len", "delete", "clear":
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// takenFuncs are the functions fns use as values (not only call), and
// the methods of the values they convert to an interface: a framework
// may call them.
func takenFuncs(fns []*ssa.Function) (map[*ssa.Function]bool, map[*types.Func]bool) {
	out := map[*ssa.Function]bool{}
	methods := map[*types.Func]bool{}
	seen := map[types.Type]bool{}
	var ops []*ssa.Value
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok && !seen[mi.X.Type()] {
					seen[mi.X.Type()] = true
					ms := types.NewMethodSet(mi.X.Type())
					for i := 0; i < ms.Len(); i++ {
						if f, ok := ms.At(i).Obj().(*types.Func); ok {
							methods[f.Origin()] = true
						}
					}
				}
				ops = instr.Operands(ops[:0])
				var callee ssa.Value
				if ci, ok := instr.(ssa.CallInstruction); ok && !ci.Common().IsInvoke() {
					callee = ci.Common().Value
				}
				for _, op := range ops {
					if op == nil || *op == callee {
						continue
					}
					if g, ok := (*op).(*ssa.Function); ok {
						out[g] = true
					}
				}
			}
		}
	}
	return out, methods
}

// convert notes that values of t (or what it points to) are made from
// memory of another type.
func (f *mapFacts) convert(t types.Type) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		f.converted[n.Origin()] = true
	}
}
