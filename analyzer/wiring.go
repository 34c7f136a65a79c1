package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Wiring is what lets go vet, one package at a time, resolve a handler's
// calls through a struct field (d.Notifier.Notify, d.Audit(…)): the
// package that builds the handler's dependencies (main, typically, which
// imports both the handler's package and the implementations) stores
// concrete values into those fields. Each package records, per field, the
// values its production code stores there (composite literals,
// assignments, and constructors that store a parameter into a field,
// which other packages learn from ctorFact); the handlers of its imports
// whose effects go through such a field (handlerFact) are decided again
// here with the stored values' method summaries (resolve.go).

// ctorFact records which parameters (receiver first) a function stores
// into which struct fields (summary.FieldKey): a call of it in another
// package wires those fields with its arguments.
// (Slices, not maps: a fact's encoding must be deterministic.)
type ctorFact struct{ Fields []ctorField }

// ctorField is one parameter stored into fields: the parameter itself,
// or, when Sub is set, its field Sub (a Deps struct whose fields the
// constructor copies: h.invoices = d.Invoices); with Elem, the elements of
// that map, slice or array (NewDispatcher(senders ...Sender) putting each
// sender into the map it keeps: its Fields are element keys, "…F[]").
type ctorField struct {
	Param  int
	Sub    string
	Elem   bool
	Fields []string
}

// paramRef is a parameter (receiver first), or its field sub; with elem,
// the elements of that collection.
type paramRef struct {
	i    int
	sub  string
	elem bool
}

func (*ctorFact) AFact() {}
func (f *ctorFact) String() string {
	var parts []string
	for _, p := range f.Fields {
		ref := fmt.Sprint(p.Param)
		if p.Sub != "" {
			ref += "." + p.Sub
		}
		if p.Elem {
			ref += "[]"
		}
		parts = append(parts, fmt.Sprintf("%s:%v", ref, p.Fields))
	}
	return "stores map[" + strings.Join(parts, " ") + "]"
}

// newCtorFact orders the parameters.
func newCtorFact(fields map[paramRef][]string) *ctorFact {
	f := &ctorFact{}
	for p, keys := range fields {
		f.Fields = append(f.Fields, ctorField{Param: p.i, Sub: p.sub, Elem: p.elem, Fields: keys})
	}
	sort.Slice(f.Fields, func(i, j int) bool {
		if f.Fields[i].Param != f.Fields[j].Param {
			return f.Fields[i].Param < f.Fields[j].Param
		}
		if f.Fields[i].Sub != f.Fields[j].Sub {
			return f.Fields[i].Sub < f.Fields[j].Sub
		}
		return !f.Fields[i].Elem && f.Fields[j].Elem
	})
	return f
}

// byParam is the fact as a map.
func (f *ctorFact) byParam() map[paramRef][]string {
	out := map[paramRef][]string{}
	for _, p := range f.Fields {
		out[paramRef{p.Param, p.Sub, p.Elem}] = p.Fields
	}
	return out
}

// argsFor are the values a call gives the parameter ref: the argument, or
// the values stored into its field ref.sub (a Deps{Invoices: …} literal);
// for ref.elem, the collections whose elements the callee keeps.
func argsFor(c *ssa.CallCommon, ref paramRef) []ssa.Value {
	if ref.i >= len(c.Args) {
		return nil
	}
	a := c.Args[ref.i]
	base := []ssa.Value{a}
	if ref.sub != "" {
		base = nil
		if lit := ssavalue.LocalOf(a); lit != nil {
			for _, st := range ssavalue.FieldStores(lit, ref.sub) {
				base = append(base, st.Val)
			}
		}
	}
	return base
}

// collField reports whether the field holds a map, slice or array of
// interfaces or functions: values a call on one of its elements runs.
func collField(fa *ssa.FieldAddr) bool {
	return dynamicElems(fa.Type().(*types.Pointer).Elem())
}

func dynamicElems(t types.Type) bool {
	var elem types.Type
	switch c := t.Underlying().(type) {
	case *types.Map:
		elem = c.Elem()
	case *types.Slice:
		elem = c.Elem()
	case *types.Array:
		elem = c.Elem()
	default:
		return false
	}
	switch elem.Underlying().(type) {
	case *types.Interface, *types.Signature:
		return true
	}
	return false
}

// collElems returns the elements a map, slice or array value the function
// builds holds: a literal's, a made map's entries, what append adds. ok
// is false when some of them cannot be told (a parameter's, a call's
// result); the field's own elements appended to (d.senders =
// append(d.senders, s)) are the field's other stores, not new ones.
func collElems(v ssa.Value, seen map[ssa.Value]bool) (elems []ssa.Value, ok bool) {
	v = ssavalue.Unconvert(v)
	if seen[v] {
		return nil, true
	}
	seen[v] = true
	if _, isConst := v.(*ssa.Const); isConst {
		return nil, true // nil: no elements
	}
	if summary.FieldVia(v) != "" {
		return nil, true
	}
	if es := ssavalue.SliceElems(v); es != nil {
		return es, true
	}
	switch x := v.(type) {
	case *ssa.MakeMap:
		for _, r := range ssavalue.Referrers(x) {
			if mu, isUpdate := r.(*ssa.MapUpdate); isUpdate && mu.Map == x {
				elems = append(elems, mu.Value)
			}
		}
		return elems, true
	case *ssa.MakeSlice:
		return nil, true // filled by append (its result) or by index (not followed)
	case *ssa.Phi:
		ok = true
		for _, e := range x.Edges {
			es, eok := collElems(e, seen)
			elems, ok = append(elems, es...), ok && eok
		}
		return elems, ok
	case *ssa.Call:
		if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin && b.Name() == "append" && len(x.Call.Args) == 2 {
			first, fok := collElems(x.Call.Args[0], seen)
			rest, rok := collElems(x.Call.Args[1], seen)
			return append(first, rest...), fok && rok
		}
	}
	return nil, false
}

// implFact records that a function returns an interface whose dynamic type
// is always one concrete type, with the summaries of that type's methods
// the interface has: db.NewStore(pool) Store returning &sqlStore{}. The
// type itself may be unexported and so not reachable from other packages.
type implFact struct {
	Type    string
	Methods []implMethod // by Method
}

// implMethod is one method of an implFact's type.
type implMethod struct {
	Method   string
	Name     string // display name, "(*db.sqlStore).CreateUser"
	FullName string // "example.com/app/db.(*sqlStore).CreateUser"
	Pos      string // its definition, "file:line:col"
	Summary  *summary.Summary
}

// method returns the named method's entry.
func (f *implFact) method(name string) (implMethod, bool) {
	i := sort.Search(len(f.Methods), func(i int) bool { return f.Methods[i].Method >= name })
	if i < len(f.Methods) && f.Methods[i].Method == name {
		return f.Methods[i], true
	}
	return implMethod{}, false
}

func (*implFact) AFact()           {}
func (f *implFact) String() string { return "returns " + f.Type }

// wired is one value stored into a field: a concrete type whose methods
// are called, a function, the methods of an implFact, or something this
// package cannot tell (unknown says what).
type wired struct {
	typ     types.Type
	fn      *types.Func
	closure *ssa.Function // a function literal of this package
	impl    *implFact
	unknown string
	at      string   // where it is stored
	keys    []string // the dispatch-map keys it is stored under (dispatch.go)
	keyed   *dispatchKey
}

// wiring maps field keys to the values this package's code stores there.
type wiring map[string][]wired

// collectWiring reads the stores into struct fields and the constructor
// calls of the package's production code (test files wire fakes).
func collectWiring(pass *analysis.Pass, funcs []*ssa.Function) wiring {
	w := wiring{}
	ctors := map[*ssa.Function]map[paramRef][]string{}
	for _, fn := range funcs {
		if isTestFile(pass.Fset, fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Store:
					fa, ok := in.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					if key := summary.FieldKey(fa.X.Type(), fa.Field); key != "" && dynamicField(fa) && !passedThrough(in.Val) {
						w.add(pass, key, in.Val, summary.PosString(pass.Fset, in.Pos()), map[ssa.Value]bool{})
					}
					if key := summary.FieldKey(fa.X.Type(), fa.Field); key != "" && collField(fa) && !passedThrough(in.Val) {
						w.addElems(pass, key+summary.ElemSuffix, in.Val, summary.PosString(pass.Fset, in.Pos()))
					}
				case *ssa.MapUpdate:
					// d.senders[k] = s: an element of the map the field holds.
					if key := summary.FieldVia(in.Map); key != "" && dynamicElems(in.Map.Type()) && !passedThrough(in.Value) && elemOfParam(in.Value) == nil {
						w.add(pass, key+summary.ElemSuffix, in.Value, summary.PosString(pass.Fset, in.Pos()), map[ssa.Value]bool{})
					}
				case ssa.CallInstruction:
					c := in.Common()
					callee := c.StaticCallee()
					if callee == nil {
						continue
					}
					fields := ctorFields(pass, callee, ctors)
					for ref, keys := range fields {
						whole := ref
						whole.elem = false
						for _, a := range argsFor(c, whole) {
							if passedThrough(a) {
								continue
							}
							for _, key := range keys {
								at := summary.PosString(pass.Fset, in.Pos())
								if ref.elem {
									w.addElems(pass, key, a, at)
									continue
								}
								w.add(pass, key, a, at, map[ssa.Value]bool{})
							}
						}
					}
				}
			}
		}
	}
	for k, vs := range w {
		sort.SliceStable(vs, func(i, j int) bool { return vs[i].at < vs[j].at })
		w[k] = vs
	}
	return w
}

// addElems records the elements of collection v stored into the field
// whose element key is key; those that come from the function's parameters
// are a constructor's (ctorFact), and a collection whose elements cannot be
// told is recorded as unknown.
func (w wiring) addElems(pass *analysis.Pass, key string, v ssa.Value, at string) {
	elems, ok := collElems(v, map[ssa.Value]bool{})
	for _, e := range elems {
		if passedThrough(e) || elemOfParam(e) != nil {
			continue
		}
		w.add(pass, key, e, at, map[ssa.Value]bool{})
	}
	if !ok {
		w[key] = append(w[key], wired{unknown: describeWired(ssavalue.Unconvert(v)), at: at})
	}
}

// elemOfParam is the parameter (or free variable) v is an element of, or
// nil.
func elemOfParam(v ssa.Value) ssa.Value {
	coll := ssavalue.ElemOf(v)
	if coll == nil {
		return nil
	}
	switch ssavalue.Unconvert(coll).(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return coll
	}
	return nil
}

// passedThrough reports whether a stored value is a parameter of the
// function storing it: that function is a constructor, whose callers wire
// the field (ctorFact), not a wiring site.
func passedThrough(v ssa.Value) bool {
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	case *ssa.Field, *ssa.UnOp: // a field of a Deps struct parameter
		if base, _ := depsField(x); base != nil {
			return passedThrough(base)
		}
	}
	return false
}

// depsField reads v as field sub of a struct: d.F of a value d (Field), of
// a pointer d, or of a struct parameter the function spilled to a local.
// It returns the struct's value (the parameter, for a spilled one) and the
// field's name, or nil.
func depsField(v ssa.Value) (ssa.Value, string) {
	switch x := v.(type) {
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok {
			return x.X, st.Field(x.Field).Name()
		}
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL {
			return nil, ""
		}
		base := fa.X
		if a, ok := base.(*ssa.Alloc); ok {
			// The local copy of a struct parameter: its one store.
			for _, r := range ssavalue.Referrers(a) {
				if st, ok := r.(*ssa.Store); ok && st.Addr == a {
					if p, ok := st.Val.(*ssa.Parameter); ok {
						base = p
					}
				}
			}
		}
		return base, ssavalue.FieldName(fa)
	}
	return nil, ""
}

// dynamicField reports whether the field holds an interface or a function:
// the only fields whose stored value decides which code a call runs.
func dynamicField(fa *ssa.FieldAddr) bool {
	t := fa.Type().(*types.Pointer).Elem()
	switch t.Underlying().(type) {
	case *types.Interface, *types.Signature:
		return true
	}
	return false
}

// add records what value v stored into field key stands for.
func (w wiring) add(pass *analysis.Pass, key string, v ssa.Value, at string, seen map[ssa.Value]bool) {
	v = ssavalue.Unconvert(v)
	if seen[v] {
		return
	}
	seen[v] = true
	if _, isConst := v.(*ssa.Const); isConst {
		return // nil
	}
	switch v.Type().Underlying().(type) {
	case *types.Interface, *types.Signature:
	default:
		// Unconvert took off the conversion to the field's interface:
		// a concrete value, whose methods the calls run.
		w[key] = append(w[key], wired{typ: v.Type(), at: at})
		return
	}
	switch x := v.(type) {
	case *ssa.Function:
		if obj, ok := x.Object().(*types.Func); ok && x.Parent() == nil {
			w[key] = append(w[key], wired{fn: obj, at: at})
			return
		}
		w[key] = append(w[key], wired{closure: x, at: at})
		return
	case *ssa.MakeClosure:
		fn := x.Fn.(*ssa.Function)
		if obj, ok := fn.Object().(*types.Func); ok && fn.Synthetic != "" {
			w[key] = append(w[key], wired{fn: obj, at: at}) // a bound method value
			return
		}
		w[key] = append(w[key], wired{closure: fn, at: at})
		return
	case *ssa.Phi:
		for _, e := range x.Edges {
			w.add(pass, key, e, at, seen)
		}
		return
	case *ssa.Call:
		if callee := x.Call.StaticCallee(); callee != nil {
			if impl := implOf(pass, callee); impl != nil {
				w[key] = append(w[key], wired{impl: impl, at: at})
				return
			}
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			if callee := call.Call.StaticCallee(); callee != nil {
				if impl := implOf(pass, callee); impl != nil {
					w[key] = append(w[key], wired{impl: impl, at: at})
					return
				}
			}
		}
	}
	w[key] = append(w[key], wired{unknown: describeWired(v), at: at})
}

func describeWired(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Parameter:
		return "parameter " + x.Name() + " of " + summary.SSAName(x.Parent())
	case *ssa.Call:
		if callee := x.Call.StaticCallee(); callee != nil {
			return "the result of " + summary.SSAName(callee)
		}
		return "the result of a dynamic call"
	}
	return "a value computed at run time"
}

// implOf is the implFact of callee, imported or computed here.
func implOf(pass *analysis.Pass, callee *ssa.Function) *implFact {
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj == nil {
		return nil
	}
	var f implFact
	if obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj, &f) {
		return &f
	}
	return nil
}

// ctorFields are the fields callee stores its parameters into: from its
// fact, or from its body when it is in this package.
func ctorFields(pass *analysis.Pass, callee *ssa.Function, memo map[*ssa.Function]map[paramRef][]string) map[paramRef][]string {
	if o := callee.Origin(); o != nil {
		callee = o
	}
	obj, _ := callee.Object().(*types.Func)
	if obj != nil && obj.Pkg() != pass.Pkg {
		var f ctorFact
		if pass.ImportObjectFact(obj, &f) {
			return f.byParam()
		}
		return nil
	}
	if m, ok := memo[callee]; ok {
		return m
	}
	memo[callee] = nil // recursion
	out := map[paramRef][]string{}
	var param func(v ssa.Value) (paramRef, bool)
	elemParamRef := func(v ssa.Value) (paramRef, bool) {
		coll := ssavalue.ElemOf(v)
		if coll == nil {
			return paramRef{}, false
		}
		ref, ok := param(coll)
		if !ok || ref.elem {
			return paramRef{}, false
		}
		ref.elem = true
		return ref, true
	}
	param = func(v ssa.Value) (paramRef, bool) {
		v = ssavalue.Unconvert(v)
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		sub := ""
		if base, f := depsField(v); base != nil { // d.Invoices of a Deps parameter
			if _, isParam := base.(*ssa.Parameter); isParam {
				sub, v = f, base
			}
		}
		for i, p := range callee.Params {
			if p == v {
				return paramRef{i: i, sub: sub}, true
			}
		}
		return paramRef{}, false
	}
	// Only fields of what the function makes (its result) or sets up (its
	// receiver) are wiring: a handler that calls d.Client.Tx(ctx) is not
	// a constructor of ent.Tx.
	own := map[string]bool{}
	if res := callee.Signature.Results(); res.Len() > 0 {
		own[typeKey(res.At(0).Type())] = true
	}
	if recv := callee.Signature.Recv(); recv != nil {
		own[typeKey(recv.Type())] = true
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				fa, ok := in.Addr.(*ssa.FieldAddr)
				if !ok || !own[typeKey(fa.X.Type())] {
					continue
				}
				key := summary.FieldKey(fa.X.Type(), fa.Field)
				if key == "" {
					continue
				}
				if dynamicField(fa) {
					if ref, ok := param(in.Val); ok {
						out[ref] = appendUnique(out[ref], key)
					}
					continue
				}
				if !collField(fa) {
					continue
				}
				// A collection: the parameter's elements (the slice
				// itself stored), or the elements the function puts in
				// the one it makes (each sender of a variadic parameter,
				// a parameter itself).
				ek := key + summary.ElemSuffix
				if ref, ok := param(in.Val); ok {
					ref.elem = true
					out[ref] = appendUnique(out[ref], ek)
					continue
				}
				elems, _ := collElems(in.Val, map[ssa.Value]bool{})
				for _, e := range elems {
					if ref, ok := elemParamRef(e); ok {
						out[ref] = appendUnique(out[ref], ek)
					} else if ref, ok := param(e); ok {
						out[ref] = appendUnique(out[ref], ek)
					}
				}
			case *ssa.MapUpdate:
				// d.senders[k] = s in a method of d's type (Register).
				key := summary.FieldVia(in.Map)
				if key == "" || !dynamicElems(in.Map.Type()) || !own[fieldOwner(key)] {
					continue
				}
				if ref, ok := param(in.Value); ok {
					out[ref] = appendUnique(out[ref], key+summary.ElemSuffix)
				}
			case ssa.CallInstruction:
				c := in.Common()
				inner := c.StaticCallee()
				if inner == nil {
					continue
				}
				for j, keys := range ctorFields(pass, inner, memo) {
					if j.sub != "" || j.i >= len(c.Args) {
						continue
					}
					if ref, ok := param(c.Args[j.i]); ok {
						ref.elem = ref.elem || j.elem
						for _, k := range keys {
							if own[fieldOwner(k)] {
								out[ref] = appendUnique(out[ref], k)
							}
						}
					}
				}
			}
		}
	}
	if len(out) == 0 {
		out = nil
	}
	memo[callee] = out
	return out
}

// typeKey names the named type t is or points to, as FieldKey spells its
// part before the field ("field pkg/path.Type").
func typeKey(t types.Type) string {
	t = derefType(t)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return "field " + n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// fieldOwner is the typeKey part of a field key.
func fieldOwner(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[:i]
	}
	return key
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// exportWiringFacts publishes the package's constructors (ctorFact) and
// the functions returning one concrete type behind an interface (implFact).
func exportWiringFacts(pass *analysis.Pass, funcs []*ssa.Function, sums *summary.Package) {
	memo := map[*ssa.Function]map[paramRef][]string{}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg || isTestFile(pass.Fset, fn.Pos()) {
			continue
		}
		if fields := ctorFields(pass, fn, memo); len(fields) > 0 {
			pass.ExportObjectFact(obj, newCtorFact(fields))
		}
		if impl := concreteResult(pass, fn, sums); impl != nil {
			pass.ExportObjectFact(obj, impl)
		}
	}
}

// exportImplFacts publishes the package's functions returning one
// concrete type behind an interface (implFact) without the rest of the
// wiring facts: the command's discovery registers that type's method
// where another package passes the function's result to a job interface
// (discovery.Env.ConcreteMethod).
func exportImplFacts(pass *analysis.Pass, funcs []*ssa.Function, sums *summary.Package) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg || isTestFile(pass.Fset, fn.Pos()) {
			continue
		}
		if impl := concreteResult(pass, fn, sums); impl != nil {
			pass.ExportObjectFact(obj, impl)
		}
	}
}

// concreteResult is the implFact of fn when its first result is an
// interface and every return puts the same concrete type (or nil) there.
func concreteResult(pass *analysis.Pass, fn *ssa.Function, sums *summary.Package) *implFact {
	res := fn.Signature.Results()
	if res.Len() == 0 {
		return nil
	}
	iface, ok := res.At(0).Type().Underlying().(*types.Interface)
	if !ok || iface.NumMethods() == 0 {
		return nil
	}
	var typ types.Type
	for _, b := range fn.Blocks {
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		ret, ok := b.Instrs[n-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		v := ssavalue.Unconvert(ret.Results[0])
		if _, isNil := v.(*ssa.Const); isNil {
			continue
		}
		if types.IsInterface(v.Type()) || (typ != nil && !types.Identical(typ, v.Type())) {
			return nil
		}
		typ = v.Type()
	}
	if typ == nil {
		return nil
	}
	if _, named := types.Unalias(derefType(typ)).(*types.Named); !named {
		return nil // nil only, or a converted func (asynq.HandlerFunc(f)): no methods of its own to summarise
	}
	f := &implFact{Type: types.TypeString(typ, func(p *types.Package) string { return p.Name() })}
	prog := fn.Prog
	for i := 0; i < iface.NumMethods(); i++ {
		m := iface.Method(i)
		sel := prog.MethodSets.MethodSet(typ).Lookup(m.Pkg(), m.Name())
		if sel == nil {
			continue
		}
		if impl := prog.MethodValue(sel); impl != nil {
			if o := impl.Origin(); o != nil {
				impl = o
			}
			if obj, ok := impl.Object().(*types.Func); ok && obj != nil {
				if real := prog.FuncValue(obj); real != nil {
					impl = real
				}
			}
			s := sums.Of(impl)
			if obj, ok := impl.Object().(*types.Func); s == nil && ok && obj != nil && obj.Pkg() != pass.Pkg {
				var imported summary.Summary
				if pass.ImportObjectFact(obj, &imported) {
					s = &imported
				}
			}
			if s != nil {
				f.Methods = append(f.Methods, implMethod{Method: m.Name(), Name: summary.SSAName(impl), FullName: summary.FullName(impl),
					Pos: summary.PosString(pass.Fset, impl.Pos()), Summary: s})
			}
		}
	}
	if len(f.Methods) == 0 {
		return nil
	}
	sort.Slice(f.Methods, func(i, j int) bool { return f.Methods[i].Method < f.Methods[j].Method })
	return f
}

func isTestFile(fset *token.FileSet, pos token.Pos) bool {
	return pos.IsValid() && strings.HasSuffix(fset.Position(pos).Filename, "_test.go")
}

// literal is r with the func and interface fields a composite literal
// sets holding what it stores there only: the handler a field forward's
// literal registers (discovery's closurefwd.go) runs its own literal's
// functions, not every value the package stores into those fields.
func (r *wiredResolver) literal(pass *analysis.Pass, stores []*ssa.Store) *wiredResolver {
	if len(stores) == 0 {
		return r
	}
	own := wiring{}
	for _, st := range stores {
		fa := st.Addr.(*ssa.FieldAddr)
		if key := summary.FieldKey(fa.X.Type(), fa.Field); key != "" && dynamicField(fa) && !passedThrough(st.Val) {
			delete(own, key) // the last store of the field wins
			own.add(pass, key, st.Val, summary.PosString(pass.Fset, st.Pos()), map[ssa.Value]bool{})
		}
	}
	if len(own) == 0 {
		return r
	}
	c := *r
	c.wire = maps.Clone(r.wire)
	maps.Copy(c.wire, own)
	return &c
}
