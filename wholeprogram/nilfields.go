package wholeprogram

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Nil tests of fields nothing sets. assistant's echo listener publishes a
// reply only if msg.Callback != nil, and the one bus that delivers its
// messages builds every Msg with Subject and Data only: Callback is
// always nil and the publish never runs. A reviewer reads it so; the
// per-package pass cannot (another package may set the field), so the
// effect stayed under its test (effect.Cond, Value "nil", on the
// handler's parameter), which nothing at the handler decides.
//
// Here every store is seen. A pointer or func field of a struct type a
// root package declares is nil wherever it is read when no function of
// the slice (the roots and everything they reach, which holds every
// function of the program that can run) stores anything but nil into it
// (a literal setting it is such a store) or takes its address for
// anything but a store or a load, and no value of the type can be filled
// by code that is not followed here:
//
//   - no value whose type mentions the struct type (itself, a pointer to
//     it, a slice of it, a struct or a func holding one) is converted to
//     an interface, unless only to read it: the arguments of fmt's and
//     log's print functions and reflect.TypeOf (a decoder such as
//     json.Unmarshal takes an interface and sets fields by reflection;
//     a framework that decodes into a handler's parameter takes the
//     handler as an interface);
//   - none is asserted out of an interface (what reflect.New made), is
//     converted to unsafe.Pointer or from another struct type, or is a
//     type argument of a dependency's generic function.
//
// Then a test that the field is nil holds (the test is dropped) and one
// that it is not never does (the effect is dropped). Anything else keeps
// the effect: nothing is guessed.

// fieldFacts is what the slice does with the root packages' struct types.
type fieldFacts struct {
	set     map[string]bool       // "pkg.Type.Field" stored non-nil, or its address taken
	escaped map[*types.Named]bool // types a value of which code not followed may fill
}

// nilFieldTests drops the effects of fn (the handler's function) under a
// test that a field nothing sets is not nil, and the tests that it is
// nil; changed reports whether anything was.
func (r *resolver) nilFieldTests(fn *ssa.Function, effs []effect.Effect) ([]effect.Effect, bool) {
	if fn == nil {
		return effs, false
	}
	return decideConds(effs, func(c effect.Cond) (string, bool) {
		if c.Value != summary.NilValue || !r.alwaysNil(fn, c) {
			return "", false
		}
		return summary.NilValue, true // nothing sets the field
	})
}

// decideConds settles the tests of effs whose value the whole program
// knows (known: the value the tested thing always has): an effect under a
// test that value fails is dropped, a test it passes is dropped from its
// effect; any other test stays, nothing guessed. changed reports whether
// anything was.
func decideConds(effs []effect.Effect, known func(effect.Cond) (string, bool)) ([]effect.Effect, bool) {
	var out []effect.Effect
	changed := false
	for _, e := range effs {
		keep := true
		var when []effect.Cond
		for _, c := range e.When {
			v, ok := known(c)
			if !ok {
				when = append(when, c)
				continue
			}
			if !c.Holds(v) {
				keep = false
				break
			}
		}
		if !keep {
			changed = true
			continue
		}
		if len(when) != len(e.When) {
			changed = true
			e.When = when
		}
		out = append(out, e)
	}
	if !changed {
		return effs, false
	}
	return out, true
}

// alwaysNil reports whether the field path c tests of fn's parameter is
// a pointer or func field nothing in the program sets.
func (r *resolver) alwaysNil(fn *ssa.Function, c effect.Cond) bool {
	if c.Path == "" || strings.ContainsAny(c.Path, "()*[]") {
		return false
	}
	var t types.Type
	switch {
	case c.Param >= 0 && c.Param < len(fn.Params):
		t = fn.Params[c.Param].Type()
	case c.Param >= len(fn.Params) && c.Param-len(fn.Params) < len(fn.FreeVars):
		t = fn.FreeVars[c.Param-len(fn.Params)].Type()
	default:
		return false
	}
	var owner *types.Named
	var field string
	for _, name := range strings.Split(c.Path, ".") {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return false
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok {
			return false
		}
		var f *types.Var
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == name {
				f = st.Field(i)
			}
		}
		if f == nil {
			return false
		}
		owner, field, t = n, name, f.Type()
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Signature:
	default:
		return false
	}
	if owner.Obj().Pkg() == nil || !r.rootPackages()[owner.Obj().Pkg().Path()] {
		return false
	}
	facts := r.fieldFacts()
	return !facts.escaped[owner.Origin()] && !facts.set[qualified(owner, field)]
}

func qualified(n *types.Named, field string) string {
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + field
}

// fieldFacts scans the slice once.
func (r *resolver) fieldFacts() *fieldFacts {
	if r.nilFacts != nil {
		return r.nilFacts
	}
	f := &fieldFacts{set: map[string]bool{}, escaped: map[*types.Named]bool{}}
	r.nilFacts = f
	m := &mentions{roots: r.rootPackages(), memo: map[types.Type][]*types.Named{}, reaches: map[*types.Package]bool{}}
	escape := func(t types.Type) {
		for _, n := range m.of(t) {
			f.escaped[n] = true
		}
	}
	fns := sortedFuncs(r.sliceFns)
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					if fieldWritten(x) {
						if name := ssavalue.QualifiedField(x.X.Type(), x.Field); name != "" {
							f.set[name] = true
						}
					}
				case *ssa.MakeInterface:
					if !ssavalue.OnlyRead(x) {
						escape(x.X.Type())
					}
				case *ssa.TypeAssert:
					escape(x.AssertedType)
				case *ssa.Convert:
					if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Kind() == types.UnsafePointer {
						escape(x.X.Type())
					}
				case *ssa.ChangeType:
					if structLike(x.Type()) && !types.Identical(x.Type(), x.X.Type()) {
						escape(x.Type())
						escape(x.X.Type())
					}
				}
				if ci, ok := instr.(ssa.CallInstruction); ok {
					if callee := ci.Common().StaticCallee(); callee != nil && callee.Origin() != nil && !stdlib(callee.Origin()) {
						for _, ta := range callee.TypeArgs() {
							escape(ta)
						}
					}
				}
			}
		}
	}
	return f
}

// fieldWritten reports whether a field's address is stored through with
// a value other than nil, or used for anything but that and a load.
func fieldWritten(fa *ssa.FieldAddr) bool {
	for _, ref := range *fa.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store:
			if x.Addr != fa {
				return true // the address itself is stored
			}
			if c, ok := x.Val.(*ssa.Const); !ok || !c.IsNil() {
				return true
			}
		case *ssa.UnOp:
			// a load (the only UnOp of an address)
		case *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

func structLike(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func stdlib(fn *ssa.Function) bool {
	if fn.Pkg == nil {
		return false
	}
	path := fn.Pkg.Pkg.Path()
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// mentions finds the root packages' named types in types.
type mentions struct {
	roots   map[string]bool
	memo    map[types.Type][]*types.Named
	reaches map[*types.Package]bool // the package imports a root package, maybe indirectly
}

// reachesRoot reports whether p's types may mention a root package's: p
// is a root or imports one (a dependency's types name no root type
// otherwise, but through type arguments).
func (m *mentions) reachesRoot(p *types.Package) bool {
	if p == nil {
		return false
	}
	if v, ok := m.reaches[p]; ok {
		return v
	}
	m.reaches[p] = false // an import cycle cannot be, but stay finite
	v := m.roots[p.Path()]
	for _, imp := range p.Imports() {
		if v {
			break
		}
		v = m.reachesRoot(imp)
	}
	m.reaches[p] = v
	return v
}

// of are the root packages' named types (their origins) a value of type
// t holds or reaches: through pointers, elements, fields and func
// signatures.
func (m *mentions) of(t types.Type) []*types.Named {
	if out, ok := m.memo[t]; ok {
		return out
	}
	seen := map[types.Type]bool{}
	var out []*types.Named
	var walk func(t types.Type)
	walk = func(t types.Type) {
		t = types.Unalias(t)
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch x := t.(type) {
		case *types.Named:
			if x.Obj().Pkg() != nil && m.roots[x.Obj().Pkg().Path()] {
				out = append(out, x.Origin())
			}
			if ta := x.TypeArgs(); ta != nil {
				for i := 0; i < ta.Len(); i++ {
					walk(ta.At(i))
				}
			}
			if m.reachesRoot(x.Obj().Pkg()) {
				walk(x.Underlying())
			}
		case *types.Pointer:
			walk(x.Elem())
		case *types.Slice:
			walk(x.Elem())
		case *types.Array:
			walk(x.Elem())
		case *types.Map:
			walk(x.Key())
			walk(x.Elem())
		case *types.Chan:
			walk(x.Elem())
		case *types.Struct:
			for i := 0; i < x.NumFields(); i++ {
				walk(x.Field(i).Type())
			}
		case *types.Signature:
			walk(x.Params())
			walk(x.Results())
		case *types.Tuple:
			for i := 0; i < x.Len(); i++ {
				walk(x.At(i).Type())
			}
		}
	}
	walk(t)
	m.memo[t] = out
	return out
}
