package summary

import (
	"fmt"
	"go/constant"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Enqueues deduplicated by their job arguments (catalog unique_inserts:
// River's InsertOpts{UniqueOpts: UniqueOpts{ByArgs: true}}). A handler
// that enqueues with such options and arguments that are the same on
// every delivery has its second insert skipped as a duplicate: the
// arguments are the idempotency key of its own enqueue. Arguments that
// derive from a random or time source (a uuid, time.Now(), the attempt)
// make a new key on every delivery (random-key). The options are traced
// to the literal that sets the flag through the package's own helpers
// (a function returning them), parameters of unexported functions whose
// every call in the package passes such options, and closures' captured
// variables; anything else is no key. The arguments' sources are traced
// like any key, and left to the callers where they reach a parameter
// (ArgsKey.Params).

// argsKey is the key the job arguments make at a call whose options
// argument turns deduplication by arguments on, or nil. args exclude the
// receiver; base is the 1-based index (receiver first) of args[0].
func (w *walker) argsKey(ci ssa.CallInstruction, args []ssa.Value, base int) *effect.ArgsKey {
	ix := w.p.env.Index
	var u *models.UniqueInsert
	opts := -1
	for i, a := range args {
		if x := ix.UniqueInsert(a.Type()); x != nil {
			u, opts = x, i
		}
	}
	if u == nil {
		return nil
	}
	val := -1
	for i, a := range args {
		if i != opts && namedType(a.Type()) == u.Args {
			val = i
		}
	}
	if val < 0 {
		return nil
	}
	pending := 0
	if isNilConst(args[opts]) {
		// No options at the call: the arguments' own decide.
		if !w.argsOwnFlag(args[val], u) {
			return nil
		}
	} else if !w.uniqueFlag(args[opts], u, 0, map[ssa.Value]bool{}) {
		// Options a parameter brings: the callers decide (a wrapper).
		if pending = optsParam(args[opts]); pending == 0 {
			return nil
		}
	}
	v := args[val]
	k := &effect.ArgsKey{Index: base + val, Expr: w.p.text.exprText(v), Pos: PosString(w.p.env.Fset, ci.Pos()), Note: u.Note, Opts: base + opts, OptsParam: pending}
	if k.Expr == "" {
		k.Expr = "the job's args"
		if loc := ssavalue.LocalOf(normalize(v)); loc != nil {
			if n, ok := types.Unalias(loc.Type().(*types.Pointer).Elem()).(*types.Named); ok {
				k.Expr = n.Obj().Name() + "{…}"
			}
		}
	}
	w.argsOrigins(k, v, u)
	return k
}

// argsOrigins traces the sources of job arguments v into key k: the first
// random one makes it random-key, parameters are left to the callers. It
// reports whether k became random.
func (w *walker) argsOrigins(k *effect.ArgsKey, v ssa.Value, u *models.UniqueInsert) bool {
	for _, s := range w.argsSources(v, u.Tag, 0) {
		o := w.keyOrigin(s)
		if o.random != "" {
			k.Random, k.RandomPos, k.RandomExpr, k.Params = o.random, PosString(w.p.env.Fset, o.at), w.p.text.exprText(s), nil
			if k.RandomPos == "" {
				k.RandomPos = k.Pos
			}
			return true
		}
		for _, pr := range o.params {
			if !slices.Contains(k.Params, pr.param) {
				k.Params = append(k.Params, pr.param)
			}
		}
	}
	return false
}

// batchArgsKey is argsKey for a batch insert (unique_inserts many: River's
// InsertMany / InsertManyTx with []InsertManyParams): each element is one
// job with its own options (only the calls u.ManyFuncs lists: River's
// InsertManyFast fails on a unique conflict instead; fn "" is a call
// through an interface, whose implementation decides), so the batch is
// keyed by its args only when every element is built here (a slice
// literal, appends, a make filled by index) with options that turn
// deduplication by args on; the key's sources are every element's args.
// A batch that is a parameter of the function is left to its callers
// (ArgsKey.OptsParam: an application's wrapper of the insert).
func (w *walker) batchArgsKey(ci ssa.CallInstruction, fn string, args []ssa.Value, base int) *effect.ArgsKey {
	ix := w.p.env.Index
	for i, a := range args {
		u := ix.UniqueInsertMany(a.Type())
		if u == nil || fn != "" && !slices.Contains(u.ManyFuncs, fn) {
			continue
		}
		return w.batchKey(ci, a, base+i, u)
	}
	return nil
}

// batchKey is the key the batch a (the call's argument index) makes:
// batchArgsKey.
func (w *walker) batchKey(ci ssa.CallInstruction, a ssa.Value, index int, u *models.UniqueInsert) *effect.ArgsKey {
	argsField, optsField := batchFields(a.Type(), u)
	if argsField == "" || optsField == "" {
		return nil
	}
	k := &effect.ArgsKey{Index: index, Expr: "each element's " + argsField, Pos: PosString(w.p.env.Fset, ci.Pos()), Note: u.Note, Opts: index, Batch: true}
	var elems []ssa.Value
	if !batchElems(a, &elems, map[ssa.Value]bool{}, 0) || len(elems) == 0 {
		if k.OptsParam = optsParam(a); k.OptsParam == 0 {
			return nil
		}
		return k
	}
	var vals []ssa.Value
	for _, el := range elems {
		av := batchField(el, argsField)
		if av == nil {
			return nil
		}
		if ov, n := batchFieldStores(el, optsField); n == 0 || n == 1 && isNilConst(ov) {
			// No options on the element: the arguments' own decide.
			if !w.argsOwnFlag(av, u) {
				return nil
			}
		} else if n != 1 || !w.uniqueFlag(ov, u, 0, map[ssa.Value]bool{}) {
			return nil
		}
		vals = append(vals, av)
	}
	for _, v := range vals {
		if w.argsOrigins(k, v, u) {
			break
		}
	}
	return k
}

// optsParam is the 1-based index (receiver first) of the parameter of its
// function that v is (through conversions and reslicing), or 0.
func optsParam(v ssa.Value) int {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Slice:
			v = x.X
			continue
		case *ssa.Parameter:
			return slices.Index(x.Parent().Params, x) + 1
		}
		return 0
	}
}

// batchFields names the fields of a batch's element type (slice type t)
// that hold the job's args and its options.
func batchFields(t types.Type, u *models.UniqueInsert) (args, opts string) {
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return "", ""
	}
	st, ok := sl.Elem().Underlying().(*types.Struct)
	if !ok {
		return "", ""
	}
	for i := 0; i < st.NumFields(); i++ {
		switch namedType(st.Field(i).Type()) {
		case u.Args:
			args = st.Field(i).Name()
		case u.Options:
			opts = st.Field(i).Name()
		}
	}
	return args, opts
}

// batchElems collects the addresses of the elements of slice v built
// here: a slice literal or a make filled by index, appends (of either),
// through phis (a loop's appends) and nil; false when v comes from
// anywhere else (a parameter, a call), whose elements are not known.
func batchElems(v ssa.Value, out *[]ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if depth > 16 {
		return false
	}
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.ChangeType:
		return batchElems(x.X, out, seen, depth+1)
	case *ssa.Slice:
		return batchElems(x.X, out, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !batchElems(e, out, seen, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Call.Args {
				if !batchElems(a, out, seen, depth+1) {
					return false
				}
			}
			return true
		}
		return false
	case *ssa.Alloc:
		if _, ok := x.Type().(*types.Pointer).Elem().Underlying().(*types.Array); !ok {
			return false
		}
		return indexedElems(x, out)
	case *ssa.MakeSlice:
		return indexedElems(x, out)
	}
	return false
}

// indexedElems adds the element addresses of an array literal or a made
// slice filled by index; false when copy() fills it from elsewhere.
func indexedElems(x ssa.Value, out *[]ssa.Value) bool {
	for _, r := range ssavalue.Referrers(x) {
		switch rr := r.(type) {
		case *ssa.IndexAddr:
			*out = append(*out, rr)
		case *ssa.Call:
			if b, ok := rr.Call.Value.(*ssa.Builtin); ok && b.Name() == "copy" && len(rr.Call.Args) > 0 && rr.Call.Args[0] == x {
				return false
			}
		}
	}
	return true
}

// batchField is the value stored into field name of the batch element at
// addr: through its field's address, or in a literal stored into it whole
// (the last store wins; nil when none or more than one).
func batchField(addr ssa.Value, name string) ssa.Value {
	val, n := batchFieldStores(addr, name)
	if n != 1 {
		return nil
	}
	return val
}

// batchFieldStores is batchField's last store and how many there are;
// -1 when the element is copied from elsewhere (its fields not known).
func batchFieldStores(addr ssa.Value, name string) (ssa.Value, int) {
	locs := []ssa.Value{addr}
	for _, r := range ssavalue.Referrers(addr) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			if l := ssavalue.LocalOf(st.Val); l != nil {
				locs = append(locs, l)
			} else {
				return nil, -1 // an element copied from elsewhere
			}
		}
	}
	var val ssa.Value
	n := 0
	for _, l := range locs {
		for _, st := range ssavalue.FieldStores(l, name) {
			val = st.Val
			n++
		}
	}
	return val, n
}

// argsOwnFlag reports whether the job arguments v (an interface value
// made here from a concrete type) bring options of their own that turn
// u's deduplication on: the type's u.ArgsOptions method (River's
// JobArgsWithInsertOpts.InsertOpts), every return of which is an
// options literal setting the flag and none of u.Unless. A type without
// the method, or one whose method's code is not in the program, is no
// key.
func (w *walker) argsOwnFlag(v ssa.Value, u *models.UniqueInsert) bool {
	if u.ArgsOptions == "" {
		return false
	}
	for {
		if ct, ok := v.(*ssa.ChangeInterface); ok {
			v = ct.X
			continue
		}
		break
	}
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return false
	}
	t := mi.X.Type()
	sel := types.NewMethodSet(t).Lookup(nil, u.ArgsOptions)
	if sel == nil {
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			sel = types.NewMethodSet(t).Lookup(n.Obj().Pkg(), u.ArgsOptions)
		}
	}
	if sel == nil || mi.Parent() == nil {
		return false
	}
	m, ok := sel.Obj().(*types.Func)
	if !ok {
		return false
	}
	fn := mi.Parent().Prog.FuncValue(m)
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 || namedType(fn.Signature.Results().At(0).Type()) != u.Options {
		return false
	}
	n := 0
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == 1 {
			if !w.uniqueFlag(r.Results[0], u, 1, map[ssa.Value]bool{}) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// namedType spells a named type (or a pointer to one) as "pkg/path.Name".
func namedType(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// argsSources are the values the job arguments v are made of: the values
// stored into the fields of a struct built here (only the fields tagged
// as the key, when any is), nested literals included; v itself otherwise.
func (w *walker) argsSources(v ssa.Value, tag string, depth int) []ssa.Value {
	loc := ssavalue.LocalOf(normalize(v))
	if loc == nil || depth > 4 {
		return []ssa.Value{v}
	}
	st, ok := loc.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return []ssa.Value{v}
	}
	tagged := map[string]bool{}
	if key, value, ok := strings.Cut(tag, ":"); ok {
		for i := 0; i < st.NumFields(); i++ {
			for _, t := range strings.Split(reflect.StructTag(st.Tag(i)).Get(key), ",") {
				if t == value {
					tagged[st.Field(i).Name()] = true
				}
			}
		}
	}
	var out []ssa.Value
	for _, s := range ssavalue.StructStores(loc) {
		if len(tagged) > 0 && !tagged[ssavalue.FieldName(s.Addr.(*ssa.FieldAddr))] {
			continue
		}
		out = append(out, w.argsSources(s.Val, "", depth+1)...)
	}
	return out
}

// uniqueFlag reports whether the options v turn u's deduplication on: a
// literal here that sets the flag and none of u.Unless, a helper's result
// that is one on every return, or a parameter or captured variable that
// every caller in the package sets so.
func (w *walker) uniqueFlag(v ssa.Value, u *models.UniqueInsert, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth > 8 || seen[v] {
		return false
	}
	seen[v] = true
	defer delete(seen, v)
	switch x := v.(type) {
	case *ssa.ChangeType:
		return w.uniqueFlag(x.X, u, depth+1, seen)
	case *ssa.Alloc:
		return literalFlag(x, u)
	case *ssa.UnOp:
		if x.Op.String() != "*" {
			return false
		}
		switch a := x.X.(type) {
		case *ssa.Alloc:
			if _, isPtr := a.Type().(*types.Pointer).Elem().Underlying().(*types.Pointer); !isPtr {
				return literalFlag(a, u) // the literal itself
			}
			return w.cellFlag(a, u, depth, seen) // a variable holding a pointer to them
		case *ssa.FreeVar:
			// A variable a closure captured: what its cell holds.
			for _, b := range w.bindings(a) {
				if cell, ok := b.(*ssa.Alloc); !ok || !w.cellFlag(cell, u, depth, seen) {
					return false
				}
			}
			return len(w.bindings(a)) > 0
		}
		return false
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !w.uniqueFlag(e, u, depth+1, seen) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || !w.p.set[callee] || callee.Signature.Results().Len() != 1 {
			return false
		}
		n := 0
		for _, b := range callee.Blocks {
			if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == 1 {
				if !w.uniqueFlag(r.Results[0], u, depth+1, seen) {
					return false
				}
				n++
			}
		}
		return n > 0
	case *ssa.Parameter:
		fn := x.Parent()
		if fn.Object() == nil || fn.Object().Exported() || !w.p.set[fn] {
			return false // callers outside the package, or a function value's
		}
		idx := slices.Index(fn.Params, x)
		calls := w.p.chanCalls[fn]
		if idx < 0 || len(calls) == 0 {
			return false
		}
		for _, ci := range calls {
			args := ci.Common().Args
			if idx >= len(args) || !w.uniqueFlag(args[idx], u, depth+1, seen) {
				return false
			}
		}
		return true
	case *ssa.FreeVar:
		bs := w.bindings(x)
		for _, b := range bs {
			if !w.uniqueFlag(b, u, depth+1, seen) {
				return false
			}
		}
		return len(bs) > 0
	}
	return false
}

// cellFlag is uniqueFlag for every value stored into a variable's cell.
func (w *walker) cellFlag(cell *ssa.Alloc, u *models.UniqueInsert, depth int, seen map[ssa.Value]bool) bool {
	n := 0
	for _, r := range ssavalue.Referrers(cell) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
			if !w.uniqueFlag(st.Val, u, depth+1, seen) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// bindings are the values the closures of fn made in its parent bind to
// its free variable fv; nil when one is missing.
func (w *walker) bindings(fv *ssa.FreeVar) []ssa.Value {
	fn := fv.Parent()
	idx := slices.Index(fn.FreeVars, fv)
	parent := fn.Parent()
	if idx < 0 || parent == nil {
		return nil
	}
	var out []ssa.Value
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn {
				continue
			}
			if idx >= len(mc.Bindings) {
				return nil
			}
			out = append(out, mc.Bindings[idx])
		}
	}
	return out
}

// literalFlag reports whether the options literal at a set u.Flag to true
// (and nothing else there) and left every u.Unless unset.
func literalFlag(a *ssa.Alloc, u *models.UniqueInsert) bool {
	vals := optionStores(a, strings.Split(u.Flag, "."), 0)
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		c, ok := v.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Bool || !constant.BoolVal(c.Value) {
			return false
		}
	}
	for _, p := range u.Unless {
		for _, v := range optionStores(a, strings.Split(p, "."), 0) {
			if c, ok := v.(*ssa.Const); !ok || !c.IsNil() {
				return false
			}
		}
	}
	return true
}

// optionStores are the values stored at the field path of the struct at
// base: through nested field addresses, or into a nested literal stored
// whole into the field.
func optionStores(base ssa.Value, path []string, depth int) []ssa.Value {
	if len(path) == 0 || depth > 4 {
		return nil
	}
	var out []ssa.Value
	for _, r := range ssavalue.Referrers(base) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != base || ssavalue.FieldName(fa) != path[0] {
			continue
		}
		if len(path) == 1 {
			for _, fr := range ssavalue.Referrers(fa) {
				if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
					out = append(out, st.Val)
				}
			}
			continue
		}
		out = append(out, optionStores(fa, path[1:], depth+1)...)
		for _, fr := range ssavalue.Referrers(fa) {
			if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
				if loc := ssavalue.LocalOf(st.Val); loc != nil {
					out = append(out, optionStores(loc, path[1:], depth+1)...)
				}
			}
		}
	}
	return out
}

// uniqueArgs (unique_inserts): an enqueue whose options deduplicate it by
// its job arguments carries them as its idempotency key.
func (c *modelCall) uniqueArgs() {
	k := c.w.argsKey(c.ci, c.args, 2)
	if k == nil {
		k = c.w.batchArgsKey(c.ci, c.m.Func, c.args, 2)
	}
	if k == nil {
		return
	}
	if k.OptsParam != 0 {
		c.e.ArgsKey = k // no key until a caller's options decide
		return
	}
	c.e.Key = &effect.Key{Expr: k.Expr, Pos: k.Pos, Random: k.Random}
	if k.Random != "" {
		c.e.Key.Pos = k.RandomPos
		return
	}
	c.e.Detail = effect.JoinDetail(c.e.Detail, k.Note)
	if len(k.Params) > 0 {
		c.e.ArgsKey = k // the callers say what they pass
	}
}

// resolveArgsKey decides, at a static call, the job arguments' sources
// that are the callee's parameters: a random value there makes the key
// new on every delivery (random-key, reported here); a parameter here
// again leaves it to this function's callers.
func (w *walker) resolveArgsKey(ci ssa.CallInstruction, e *effect.Effect, args, bindings []ssa.Value) {
	k := e.ArgsKey
	if k != nil && k.OptsParam != 0 {
		if k = w.resolveArgsOpts(ci, e, args, bindings); k == nil {
			return
		}
	}
	if k == nil || len(k.Params) == 0 {
		return
	}
	nk := *k
	nk.Params = nil
	for _, p := range k.Params {
		v := pick(p-1, args, bindings)
		if v == nil {
			continue
		}
		o := w.keyOrigin(v)
		if o.random != "" && nk.OptsParam != 0 {
			// New args every delivery, options still undecided: no key.
			e.ArgsKey = nil
			return
		}
		if o.random != "" {
			nk.Random, nk.RandomPos, nk.RandomExpr, nk.Params = o.random, PosString(w.p.env.Fset, o.at), w.p.text.exprText(v), nil
			if nk.RandomPos == "" {
				nk.RandomPos = PosString(w.p.env.Fset, ci.Pos())
			}
			if p := randomArgsKey(e, &nk, w.p.text.exprText(v)); p != nil {
				w.pitfalls = append(w.pitfalls, *p)
			}
			break
		}
		for _, pr := range o.params {
			if !slices.Contains(nk.Params, pr.param) {
				nk.Params = append(nk.Params, pr.param)
			}
		}
	}
	e.ArgsKey = &nk
	if e.Kind != effect.KindDynamic && nk.Random == "" && len(nk.Params) == 0 && nk.OptsParam == 0 {
		e.ArgsKey = nil // decided: stable
	}
}

// resolveArgsOpts decides, at a static call, an insert's key whose
// options (or batch) the callee takes as its parameter (ArgsKey.OptsParam):
// what this call passes there. A batch built here is keyed here (its
// elements' args); options that deduplicate key the insert by the args
// the callee's key already traces (left for resolveArgsKey's loop, which
// gets the key returned); this function's own parameter again leaves it
// to its callers; anything else is no key. It returns the key left to
// resolve, or nil when settled here.
func (w *walker) resolveArgsOpts(ci ssa.CallInstruction, e *effect.Effect, args, bindings []ssa.Value) *effect.ArgsKey {
	k := e.ArgsKey
	e.ArgsKey = nil
	v := pick(k.OptsParam-1, args, bindings)
	if v == nil {
		return nil
	}
	ix := w.p.env.Index
	if k.Batch {
		u := ix.UniqueInsertMany(v.Type())
		if u == nil {
			return nil
		}
		if p := settleArgsKey(e, w.batchKey(ci, v, k.OptsParam, u), true); p != nil {
			w.pitfalls = append(w.pitfalls, *p)
		}
		return nil
	}
	u := ix.UniqueInsert(v.Type())
	if u == nil {
		return nil
	}
	nk := *k
	nk.OptsParam = 0
	if !w.uniqueFlag(v, u, 0, map[ssa.Value]bool{}) {
		if nk.OptsParam = optsParam(v); nk.OptsParam == 0 {
			return nil
		}
		e.ArgsKey = &nk
		return &nk
	}
	params := nk.Params
	nk.Params = nil
	settleArgsKey(e, &nk, true)
	nk.Params = params
	e.ArgsKey = &nk
	return &nk
}

// settleArgsKey gives the insert e the key k its options were found to
// make at a caller of the function inserting (nil: none): guarded by it,
// random-key (the pitfall returned) when the args derive from a random
// source, still left to a parameter (kept in e.ArgsKey when keep) or to
// the options of the caller's caller. A call through an interface only
// records it for what it resolves to.
func settleArgsKey(e *effect.Effect, k *effect.ArgsKey, keep bool) *guard.Pitfall {
	e.ArgsKey = nil
	if k == nil {
		return nil
	}
	if k.OptsParam != 0 || e.Kind == effect.KindDynamic {
		e.ArgsKey = k
		return nil
	}
	if k.Random != "" {
		return applyArgsKey(e, k)
	}
	applyArgsKey(e, k)
	if keep && len(k.Params) > 0 {
		e.ArgsKey = k
	}
	return nil
}

// applyArgsKey gives e the key its job arguments make: random-key (the
// pitfall returned) when they derive from a random source, otherwise a
// key that guards e unless something else already decided it.
func applyArgsKey(e *effect.Effect, k *effect.ArgsKey) *guard.Pitfall {
	if k.Random != "" {
		e.Key = &effect.Key{Expr: k.Expr, Pos: k.RandomPos, Random: k.Random}
		return randomArgsKey(e, k, k.RandomExpr)
	}
	e.Key = &effect.Key{Expr: k.Expr, Pos: k.Pos}
	e.Detail = effect.JoinDetail(e.Detail, k.Note)
	if e.Guard == nil && e.Issue == "" {
		e.Guard = &effect.Guard{Kind: effect.GuardKey, Expr: k.Expr, Pos: k.Pos}
	}
	return nil
}

// randomArgsKey makes an enqueue keyed by its job arguments random-key
// once the arguments turn out to derive from a random source (what),
// and returns the pitfall to report; a call through an interface only
// records it for what it resolves to.
func randomArgsKey(e *effect.Effect, k *effect.ArgsKey, what string) *guard.Pitfall {
	if e.Kind == effect.KindDynamic {
		return nil
	}
	if e.Key != nil {
		nk := *e.Key
		nk.Random, nk.Pos = k.Random, k.RandomPos
		e.Key = &nk
	}
	e.ArgsKey = nil
	if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
		e.Guard = nil
	}
	if e.Issue != "" || !e.Risk.NonIdempotent() {
		return nil
	}
	e.Issue, e.IssuePos = rules.RandomKey, k.RandomPos
	return &guard.Pitfall{Rule: rules.RandomKey, Pos: k.RandomPos, Message: fmt.Sprintf(
		"the job's args %s deduplicate the %s (unique by args), but %s derives from %s: every delivery enqueues a new job; derive the args from the job's business identity",
		k.Expr, e.Describe(), orExpr(what), k.Random)}
}

// ResolveArgsKey decides, where the whole-program phase resolves a call
// through an interface (call) to an implementation's effect e, the
// sources of e's job-arguments key that are the implementation's
// parameters: what call passes there (random, a parameter of call's
// function again, or stable) decides; an argument the call does not
// describe leaves no key. The pitfall is returned when e becomes
// random-key.
func ResolveArgsKey(call, e *effect.Effect, method bool) *guard.Pitfall {
	k := e.ArgsKey
	if k != nil && k.OptsParam != 0 {
		// The implementation inserts with the options (or the batch) the
		// call passes: keyed as the call's arguments are (call.ArgsKey),
		// when the implementation's args are the call's too.
		e.ArgsKey = nil
		ck := call.ArgsKey
		if !method || ck == nil || ck.OptsParam != 0 || ck.Opts != k.OptsParam || ck.Batch != k.Batch {
			return nil
		}
		if !k.Batch && !slices.Equal(k.Params, []int{ck.Index}) {
			return nil
		}
		return settleArgsKey(e, ck, false)
	}
	if k == nil || len(k.Params) == 0 {
		return nil
	}
	nk := *k
	nk.Params = nil
	if !method {
		e.ArgsKey = &nk
		return nil
	}
	for _, p := range k.Params {
		if i := slices.IndexFunc(call.RandomArgs, func(a effect.RandomArg) bool { return a.Index == p && a.Field == "" }); i >= 0 {
			a := call.RandomArgs[i]
			nk.Random, nk.RandomPos, nk.RandomExpr, nk.Params = a.Source, a.Pos, a.Expr, nil
			if nk.RandomPos == "" {
				nk.RandomPos = call.Evidence()
			}
			e.ArgsKey = &nk
			return randomArgsKey(e, &nk, a.Expr)
		}
		for _, ak := range call.ArgKeys {
			if ak.Index != p || ak.NotKey {
				continue
			}
			if ak.Random != "" {
				nk.Random, nk.RandomPos, nk.RandomExpr, nk.Params = ak.Random, call.Evidence(), ak.Field, nil
				e.ArgsKey = &nk
				return randomArgsKey(e, &nk, ak.Field)
			}
			if ak.Param != 0 && !slices.Contains(nk.Params, ak.Param) {
				nk.Params = append(nk.Params, ak.Param)
			}
		}
		known := slices.Contains(call.StableArgs, p)
		for _, ak := range call.ArgKeys {
			known = known || ak.Index == p && !ak.NotKey
		}
		for _, kp := range call.KeyParams {
			if kp.Index == p {
				known = true
				if !slices.Contains(nk.Params, kp.Param) {
					nk.Params = append(nk.Params, kp.Param)
				}
			}
		}
		if !known {
			// Not described at the call: no key a reviewer can count on.
			e.ArgsKey = nil
			if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
				e.Guard = nil
			}
			return nil
		}
	}
	e.ArgsKey = &nk
	return nil
}

// ArgsKeyOf gives a library enqueue the whole-program phase resolved a
// call through an interface (call) to the key the job arguments make
// there (call.ArgsKey): guarded by it when they are the same on every
// delivery, random-key (the pitfall returned) when they derive from a
// random source. Sources still left to a parameter are the handler's:
// what the job carries. batchSkips says the library call skips a batch's
// duplicates (UniqueInsert.ManyFuncs); otherwise a batch makes no key.
func ArgsKeyOf(call, e *effect.Effect, batchSkips bool) *guard.Pitfall {
	k := call.ArgsKey
	if k == nil || e.Kind == effect.KindDynamic || k.OptsParam != 0 || k.Batch && !batchSkips {
		return nil
	}
	return applyArgsKey(e, k)
}
