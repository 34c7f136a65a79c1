package summary

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Business keys in an id column. A unique key that is only an id column
// is taken as a fresh surrogate (triggers.Set.InsertKey): the code
// usually fills it with a new uuid or leaves it to a sequence. An ORM
// insert of a model (gorm's Create(&order)) whose id the code fills, in
// this function or in the static call that builds the model
// (order := converter.ToModel(msg)), from a value traced like an
// idempotency key (not random, not time: the order's own UID from the
// message) is an insert-if-absent by failure: a redelivery's insert fails
// on the key. The effect then says so (DupFails) and carries the key
// (DupKey), which each caller resolves (resolveDupKey): a random argument
// there makes it a surrogate again.

// ormBusinessKey sets DupFails and DupKey on an ORM insert of model into
// c.e.Target when the table's only-id unique key is filled from a
// non-random value.
func (w *walker) ormBusinessKey(c *modelCall, model ssa.Value) {
	if c.e == nil || model == nil {
		return
	}
	w.idBusinessKey(c.e, func() *effect.Key {
		alloc, ok := ssavalue.Unconvert(model).(*ssa.Alloc)
		if !ok {
			return nil
		}
		ptr, ok := alloc.Type().Underlying().(*types.Pointer)
		if !ok {
			return nil
		}
		if hasMethod(ptr, "BeforeCreate", "BeforeSave") {
			return nil // a hook may set the id
		}
		st, ok := ptr.Elem().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		idx := idField(st)
		if idx < 0 {
			return nil
		}
		return w.idValueKey(alloc, idx, c.ci)
	})
}

// setIDKey is ormBusinessKey for a builder that is given the id
// (ent's client.User.Create().SetID(id)…Save): the value set decides.
// ent makes an entity's id field its table's primary key, so a table
// the migrations do not create (ent's own migration makes it, from the
// schema: flexprice's tasks) has that key all the same; a table they do
// create has the keys they give it.
func (w *walker) setIDKey(c *modelCall, id ssa.Value) {
	if c.e == nil {
		return
	}
	value := func() *effect.Key {
		k := w.keyFrom(ssavalue.Unconvert(id), c.ci)
		// SetID(t.ID) with t a parameter: that field of what the
		// callers pass (flexprice's taskRepository.Create(ctx, t)), as
		// sqlIDKey reads a bound argument.
		k.Field = paramField(ssavalue.Unconvert(id))
		return k
	}
	if e := c.e; e.DupFails == "" && e.Kind == effect.KindDBWrite && e.Op == "insert" && e.Target != "" && !w.p.env.Triggers.Table(e.Target) {
		k := value()
		if k == nil || k.Random != "" {
			return
		}
		e.DupFails = "a second insert of the row violates the primary key (id) ent gives the entity's table, filled from " + orExpr(k.Expr)
		e.DupKey = k
		return
	}
	w.idBusinessKey(c.e, value)
}

// idBusinessKey is what ormBusinessKey, copyBusinessKey and sqlIDKey
// share: when e is an insert into a table whose only unique key is its id
// column (idOnlyKey), value traces the value the insert gives the id;
// nil (not found) or one drawn anew on each delivery leaves the id a
// surrogate; any other makes the key a business key: e fails on a second
// delivery (DupFails) and carries the key (DupKey), which a parameter
// leaves to the callers (resolveDupKey).
func (w *walker) idBusinessKey(e *effect.Effect, value func() *effect.Key) {
	w.tracingBusinessKey++
	defer func() { w.tracingBusinessKey-- }()
	key := w.idOnlyKey(e)
	if key == "" {
		return
	}
	k := value()
	if k == nil || k.Random != "" {
		return
	}
	e.DupFails = "a second insert of the row violates the " + key + ", filled from " + orExpr(k.Expr)
	e.DupKey = k
}

// idOnlyKey is the text of the unique key of e's table that is only its
// id column (non-partial), when e is an insert that does not already fail
// on a duplicate; "" otherwise.
func (w *walker) idOnlyKey(e *effect.Effect) string {
	if e.DupFails != "" || e.Kind != effect.KindDBWrite || e.Op != "insert" || e.Target == "" || w.p.env.Triggers == nil {
		return ""
	}
	for _, u := range w.p.env.Triggers.Uniques(e.Target) {
		if !u.Partial && len(u.Columns) == 1 && u.Columns[0] == "id" {
			return u.String()
		}
	}
	return ""
}

// copyBusinessKey is ormBusinessKey for a bulk COPY of the columns cols
// from the row source rows (pgx's CopyFrom): when id is among the columns
// and the table's only unique key is its id, the value each row literal
// gives the id column (copyColumnValues) decides. All of them traced to
// no random or time source make it a business key: a second delivery's
// COPY fails on the first row's key. Rows the function is passed leave
// it to its callers (DupKey.Param, resolveDupKey); rows built in a way
// not read here leave the id a surrogate, as before.
func (w *walker) copyBusinessKey(c *modelCall, cols []string, rows ssa.Value) {
	idx := slices.Index(cols, "id")
	if c.e == nil || rows == nil || idx < 0 {
		return
	}
	w.idBusinessKey(c.e, func() *effect.Key {
		vals, param, ok := copyColumnValues(rows, idx)
		if !ok || len(vals) == 0 && param == nil {
			return nil
		}
		var k *effect.Key
		for _, v := range vals {
			if mi, ok := v.(*ssa.MakeInterface); ok {
				v = mi.X // a row's []any element
			}
			vk := w.keyFrom(v, c.ci)
			if vk.Random != "" {
				return nil // an id drawn anew on each delivery: a surrogate
			}
			if k == nil || k.Param == 0 && vk.Param != 0 {
				k = vk
			}
		}
		if param != nil {
			pk := w.keyFrom(rows, c.ci)
			if pk.Random != "" || pk.Param == 0 {
				return nil
			}
			if k == nil || k.Param == 0 {
				k = pk
				k.Expr = "" // the rows, not one id
			}
		}
		if k.Expr == "" {
			k.Expr = "each row's id" // a range variable has no name in SSA
		}
		return k
	})
}

// sqlIDKey is ormBusinessKey for an SQL INSERT that names the id column:
// the argument bound to it (positional $n / ?, or a named :id read from
// the struct or map passed) decides, as for a unique key of other
// columns (businessKey), when no such key already makes the insert fail.
// An id the statement itself makes (gen_random_uuid(), a sequence's
// default) has no argument and leaves the id a surrogate.
func (w *walker) sqlIDKey(e *effect.Effect, st sqlclass.Stmt, params []ssa.Value, at ssa.Instruction) {
	w.idBusinessKey(e, func() *effect.Key {
		n := st.ColumnParam("id")
		if n <= 0 || n > len(params) || params[n-1] == nil {
			return nil
		}
		k := w.keyFrom(params[n-1], at)
		k.Field = paramField(params[n-1])
		if k.Expr == "" {
			k.Expr = "the argument bound to id" // a named :id has no text of its own
		}
		return k
	})
}

// copyColumnValues are the values that the row literals of a COPY's row
// source give column idx: rows is pgx's CopyFromRows(list) of a [][]any
// list built from slice literals, appends and loop phis. param is a
// parameter or free variable the list also comes from (rows the function
// is passed); ok is false when a part of the list is built otherwise (a
// row not a literal, CopyFromSlice's or CopyFromFunc's callbacks).
func copyColumnValues(rows ssa.Value, idx int) (vals []ssa.Value, param ssa.Value, ok bool) {
	seen := map[ssa.Value]bool{}
	var list func(v ssa.Value) bool
	row := func(v ssa.Value) bool {
		elems := ssavalue.SliceElems(v)
		if idx >= len(elems) {
			return false
		}
		vals = append(vals, elems[idx])
		return true
	}
	list = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.Parameter, *ssa.FreeVar:
			if param == nil {
				param = x
			}
			return true
		case *ssa.MakeInterface:
			return list(x.X)
		case *ssa.ChangeType:
			return list(x.X)
		case *ssa.Phi:
			for _, ed := range x.Edges {
				if !list(ed) {
					return false
				}
			}
			return true
		case *ssa.Call:
			if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin && b.Name() == "append" && len(x.Call.Args) == 2 {
				return list(x.Call.Args[0]) && list(x.Call.Args[1])
			}
			// pgx's CopyFromRows(rows [][]any) (v5 copy_from.go:15, v4
			// copy_from.go:16): the source of exactly those rows.
			callee := x.Call.StaticCallee()
			if callee != nil && callee.Signature.Recv() == nil && callee.Name() == "CopyFromRows" && len(x.Call.Args) == 1 {
				return list(x.Call.Args[0])
			}
			return false
		}
		elems := ssavalue.SliceElems(v)
		if elems == nil {
			return false
		}
		for _, el := range elems {
			if !row(el) {
				return false
			}
		}
		return true
	}
	ok = list(rows)
	return vals, param, ok
}

// hasMethod reports whether *T has one of the methods.
func hasMethod(ptr types.Type, names ...string) bool {
	for _, n := range names {
		if obj, _, _ := types.LookupFieldOrMethod(ptr, true, nil, n); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

// idField is the index of the struct field gorm maps to column id (named
// ID or Id, or tagged column:id), or -1.
func idField(st *types.Struct) int {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("gorm")
		col := ""
		for _, part := range strings.Split(tag, ";") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(part), "column:"); ok {
				col = v
			}
		}
		if col == "id" || col == "" && (f.Name() == "ID" || f.Name() == "Id") {
			return i
		}
	}
	return -1
}

// idValueKey traces the value stored into field idx of the local model
// alloc: stored into the field here (order.ID = msg.UID, or a composite
// literal), or the whole struct stored from a static call whose result's
// field is filled from its parameters (the caller's arguments) or from
// a source it traces itself. nil when not found (the id left to the
// database) or stored more than once.
func (w *walker) idValueKey(alloc *ssa.Alloc, idx int, at ssa.Instruction) *effect.Key {
	return w.idValueKeyDepth(alloc, idx, at, 0)
}

func (w *walker) idValueKeyDepth(alloc *ssa.Alloc, idx int, at ssa.Instruction, depth int) *effect.Key {
	v, whole, ok := fieldSource(alloc, idx, depth)
	switch {
	case !ok:
		return nil
	case whole:
		return w.calleeIDKey(v, idx, at)
	}
	return w.keyFrom(v, at)
}

// calleeIDKey traces field idx of the struct a static call returns,
// from the callee's summary (Summary.IDResult).
func (w *walker) calleeIDKey(v ssa.Value, idx int, at ssa.Instruction) *effect.Key {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	s := w.summaryOf(callee)
	if s == nil || s.IDResult == nil {
		return nil
	}
	r := s.IDResult
	switch {
	case r.Random != "":
		return r
	case r.Param > 0 && r.Param <= len(call.Call.Args):
		k := w.keyFrom(call.Call.Args[r.Param-1], at)
		k.Expr = r.Expr
		return k
	case r.Param > 0:
		return nil
	}
	k := *r
	k.Pos = PosString(w.p.env.Fset, at.Pos())
	return &k
}

// idResult is what the id field of the model struct w.fn returns derives
// from: the one value stored into that field of the returned composite
// on every return (Summary.IDResult).
func (w *walker) idResult() *effect.Key {
	fn := w.fn
	if fn.Signature.Results().Len() != 1 || len(fn.FreeVars) > 0 {
		return nil
	}
	st, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	idx := idField(st)
	if idx < 0 {
		return nil
	}
	var iv ssa.Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		load, ok := ret.Results[0].(*ssa.UnOp)
		if !ok {
			return nil
		}
		a2, ok := load.X.(*ssa.Alloc)
		if !ok {
			return nil
		}
		var v2 ssa.Value
		n := 0
		for _, r := range ssavalue.Referrers(a2) {
			if fa, ok := r.(*ssa.FieldAddr); ok && fa.Field == idx {
				for _, rr := range ssavalue.Referrers(fa) {
					if s, ok := rr.(*ssa.Store); ok && s.Addr == fa {
						n++
						v2 = s.Val
					}
				}
			}
		}
		if n != 1 || iv != nil && iv != v2 {
			return nil
		}
		iv = v2
	}
	if iv == nil {
		return nil
	}
	o := w.keyOrigin(iv)
	return &effect.Key{Expr: w.p.text.exprText(iv), Pos: PosString(w.p.env.Fset, iv.Pos()), Random: o.random, Identity: o.identity, Param: o.param}
}

// resolveDupKey decides, at a call, a callee's business key that derives
// from one of its parameters: a random argument makes it a surrogate (the
// insert repeats, DupFails goes), a parameter here leaves it to this
// function's callers, anything else resolves it.
func (w *walker) resolveDupKey(e *effect.Effect, args, bindings []ssa.Value) {
	k := e.DupKey
	if k == nil || k.Param == 0 {
		return
	}
	if at := w.plannedFromRead(pick(k.Param-1, args, bindings), e.Target); at != "" {
		w.missPlanned(e, at)
		return
	}
	e.DupFails, e.DupKey = w.resolveKeyChain(e.DupFails, k, args, bindings)
	if e.DupFails == "" && e.Guard != nil && e.Guard.LookupCreate {
		e.Guard = nil // the lookup held only with the duplicate's failure
	}
}

// resolveKeyChain resolves a business key (and the keys after it, Else)
// at a call: a fresh value passed for it gives way to the next key; a
// value not known here drops it (an SQL insert's key, FreshOnly, keeps
// its failure, without a key).
func (w *walker) resolveKeyChain(fails string, k *effect.Key, args, bindings []ssa.Value) (string, *effect.Key) {
	nk := *k
	if k.Param != 0 {
		fresh, known := w.resolveKeyValue(&nk, args, bindings)
		// The composite key's other columns filled from a parameter: a
		// fresh value for any makes the key new; those still left to a
		// parameter of the caller's stay, one taking this column's place
		// where it is decided stable here.
		var also []effect.Key
		for _, a := range k.Also {
			ak := a
			ak.Payload = k.Payload
			f, kn := w.resolveKeyValue(&ak, args, bindings)
			fresh = fresh || f
			nk.Payload = nk.Payload && ak.Payload
			if kn && ak.Param != 0 {
				also = append(also, ak)
			}
		}
		nk.Also = also
		if !fresh && nk.Param == 0 && len(also) > 0 {
			nk.Param, nk.Field, nk.Also, known = also[0].Param, also[0].Field, also[1:], true
		}
		switch {
		case fresh && k.Else != nil:
			return w.resolveKeyChain(k.ElseFails, k.Else, args, bindings)
		case fresh:
			return "", nil
		case !known && k.FreshOnly:
			return fails, nil
		case !known:
			return "", nil
		}
	}
	if k.Else != nil {
		ef, ek := w.resolveKeyChain(k.ElseFails, k.Else, args, bindings)
		if ek == nil && ef != "" {
			ek = &effect.Key{FreshOnly: true} // stays failing, decided
		}
		nk.Else, nk.ElseFails = ek, ef
		if ek == nil {
			nk.ElseFails = ""
		}
	}
	return fails, &nk
}

// resolveKeyValue resolves one key's parameter at a call: fresh when the
// caller passes a random or time value, unknown when it passes nothing
// that can be read; otherwise nk.Param is the caller's parameter it
// derives from, or 0 (stable).
func (w *walker) resolveKeyValue(nk *effect.Key, args, bindings []ssa.Value) (fresh, known bool) {
	w.tracingBusinessKey++
	defer func() { w.tracingBusinessKey-- }()
	k := *nk
	nk.Param = 0
	v := pick(k.Param-1, args, bindings)
	if v != nil && k.Field != "" {
		// The key is a field of the struct passed: the value stored
		// there, or the caller's own parameter's field.
		if o := w.keyOrigin(v); o.random == "" && o.param != 0 && ssavalue.LocalOf(v) == nil {
			nk.Param = o.param
			return false, true
		}
		nk.Field = ""
		v2 := ssa.Value(nil)
		if a := ssavalue.LocalOf(v); a != nil {
			stores := ssavalue.FieldStores(a, k.Field)
			if len(stores) == 1 {
				v2 = stores[0].Val
			}
			if len(stores) == 0 && w.plannedElem(v) {
				// A copy of an element of a list the function is passed
				// (for _, c := range plan.creates): the callers' list.
				o := w.keyOrigin(v)
				nk.Param, nk.Field = o.param, k.Field
				return false, true
			}
			if len(stores) == 0 && decodedField(a, k.Field, w.fn.Pkg) {
				// A struct another package's decoder fills and the
				// function passes whole (json.Unmarshal(t.Payload(), &p);
				// InsertBounce(ctx, p)): the field holds what the
				// decoded bytes say, the same on every delivery (as a
				// field read off the decoded message is), unless those
				// bytes are made here from a fresh value.
				return w.decodedFresh(a), true
			}
		}
		v = v2
	}
	if v == nil {
		nk.Payload = false
		return false, false
	}
	if c, ok := ssavalue.Unconvert(v).(*ssa.Const); ok && !c.IsNil() {
		// A constant column: the same for every job, not the job's own
		// key (a redelivery of another job fails on it too).
		nk.Payload = false
	}
	if w.freshID(v) != "" {
		return true, true // the id of a row this run has just inserted
	}
	o := w.keyOrigin(v)
	switch {
	case o.random != "":
		return true, true
	case o.param != 0:
		nk.Param = o.param
		if k.Field != "" {
			// The field stored here is read off a field of a parameter
			// (Params{AnimeID: int64(params.AnimeID)}): that field of
			// what the callers pass.
			nk.Field = paramField(ssavalue.Unconvert(v))
		}
	}
	return false, true
}

// stableArgs are the 1-based indices (receiver first) of the arguments of
// a call through an interface that derive from no random or time source
// and from no parameter here (effect.Effect.StableArgs).
func (w *walker) stableArgs(args []ssa.Value) []int {
	var out []int
	for i, a := range args {
		if _, ok := a.Type().Underlying().(*types.Signature); ok {
			continue
		}
		o := w.keyOrigin(a)
		if o.random == "" && (o.param == 0 || fromRecv(a)) {
			out = append(out, i+2)
		}
	}
	return out
}

// randomArgs are the arguments of a call through an interface that
// derive from a random or time source (effect.Effect.RandomArgs).
func (w *walker) randomArgs(args []ssa.Value) []effect.RandomArg {
	var out []effect.RandomArg
	for i, a := range args {
		if !keyLike(a.Type()) {
			continue
		}
		if o := w.keyOrigin(a); o.random != "" {
			out = append(out, effect.RandomArg{Index: i + 2, Source: o.random, Expr: w.p.text.exprText(a), Pos: PosString(w.p.env.Fset, o.at)})
		}
	}
	return out
}

// keyParams are the arguments of a call through an interface that derive
// from a parameter of the function and from no random or time source
// (effect.Effect.KeyParams).
func (w *walker) keyParams(args []ssa.Value) []effect.KeyParam {
	var out []effect.KeyParam
	for i, a := range args {
		if !keyLike(a.Type()) {
			continue
		}
		if o := w.keyOrigin(a); o.random == "" && o.param != 0 {
			out = append(out, effect.KeyParam{Index: i + 2, Param: o.param, Field: o.paramField})
		}
	}
	return out
}

// fromRecv reports whether v is a value received from a channel (or a
// field of one): what the sender sent, not the holder of the channel,
// which keyOrigin reaches through the channel operand.
func fromRecv(v ssa.Value) bool {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Field:
			v = x.X
		case *ssa.UnOp:
			return x.Op == token.ARROW
		default:
			return false
		}
	}
	return false
}

// argKeys are where the key-like values a call through an interface
// passes come from (effect.Effect.ArgKeys): each key-like field of a
// struct argument built here and stored once (&Event{UID: m.EventID,
// At: time.Now()}: UID stable, whatever the other fields are), and each
// argument that derives from a parameter here (a key-like value, or the
// parameter itself: a struct handed on).
func (w *walker) argKeys(args []ssa.Value) []effect.ArgKey {
	var out []effect.ArgKey
	for i, a := range args {
		out = append(out, w.argKeysOf(i+2, a)...)
	}
	return out
}

// argKeysOf is argKeys for the one argument a at index (1-based,
// receiver first).
func (w *walker) argKeysOf(index int, a ssa.Value) []effect.ArgKey {
	w.tracingBusinessKey++
	defer func() { w.tracingBusinessKey-- }()
	var out []effect.ArgKey
	switch a.Type().Underlying().(type) {
	case *types.Signature, *types.Interface:
		if ssavalue.LocalOf(a) == nil {
			return nil // a function, a context: no key
		}
	}
	if loc := ssavalue.LocalOf(a); loc != nil {
		st, ok := loc.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		for j := 0; j < st.NumFields(); j++ {
			f := st.Field(j)
			stores := ssavalue.FieldStores(loc, f.Name())
			if len(stores) != 1 {
				continue
			}
			o := w.keyOrigin(stores[0].Val)
			notKey := !keyLike(f.Type())
			if notKey && o.random == "" && o.param == 0 {
				continue
			}
			// A field of another type (a uuid held as a struct,
			// pgtype.UUID; a number) is kept (NotKey) for an SQL
			// insert's unique column only: a fresh value there makes
			// the key new (ResolveDupKey).
			out = append(out, effect.ArgKey{Index: index, Field: f.Name(), Param: o.param, Random: o.random, NotKey: notKey})
		}
		return out
	}
	o := w.keyOrigin(a)
	if o.random != "" || o.param == 0 {
		return nil // StableArgs, RandomArgs
	}
	_, same := spilledParam(ssavalue.Unconvert(a)).(*ssa.Parameter)
	if !same && !keyLike(a.Type()) {
		return nil
	}
	return []effect.ArgKey{{Index: index, Param: o.param, Same: same}}
}

// resolveArgKeys decides, at a static call, the ArgKeys of a callee's
// call through an interface that derive from the callee's parameters:
// what is passed there (random, stable, a parameter here again, or a
// struct built here, whose fields are then read) is what they derive
// from; an argument not read here drops them.
func (w *walker) resolveArgKeys(e *effect.Effect, args, bindings []ssa.Value) {
	w.tracingBusinessKey++
	defer func() { w.tracingBusinessKey-- }()
	if len(e.ArgKeys) == 0 {
		return
	}
	var out []effect.ArgKey
	for _, ak := range e.ArgKeys {
		if ak.Param == 0 {
			out = append(out, ak)
			continue
		}
		v := pick(ak.Param-1, args, bindings)
		if v == nil {
			continue
		}
		if ak.Same && ssavalue.LocalOf(v) != nil {
			out = append(out, w.argKeysOf(ak.Index, v)...)
			continue
		}
		o := w.keyOrigin(v)
		nk := ak
		switch {
		case o.random != "":
			nk.Param, nk.Random, nk.Same = 0, o.random, false
		case o.param != 0:
			// Handed on again: still the parameter itself, or derived
			// from it (then only as a key of its own).
			_, same := spilledParam(ssavalue.Unconvert(v)).(*ssa.Parameter)
			nk.Param, nk.Same = o.param, ak.Same && same
		default:
			nk.Param = 0 // stable, and so are the fields of a struct
		}
		out = append(out, nk)
	}
	e.ArgKeys = out
}

// argKey is the ArgKey of call for the key of an implementation's insert
// that is its parameter param (field: the field of it).
func argKey(call *effect.Effect, param int, field string) (effect.ArgKey, bool) {
	for _, ak := range call.ArgKeys {
		if ak.Index == param && ak.Field == field {
			return ak, true
		}
	}
	if field != "" {
		for _, ak := range call.ArgKeys {
			if ak.Index == param && ak.Field == "" && ak.Same {
				return ak, true // the parameter handed on: the same field of it
			}
		}
	}
	return effect.ArgKey{}, false
}

// ResolveDupKey decides, where the whole-program phase resolves a call
// through an interface (call) to an implementation's effect e, e's
// business key that derives from one of the implementation's parameters:
// what the call passes there (call.ArgKeys: a field of a struct built
// there, or a parameter of the caller's) resolves it, is fresh, or hands
// it to the caller's own callers (Param in the caller's numbering: the
// phase resolves it again at the call that reached the caller);
// otherwise resolved when the call passes a stable argument there, and
// else no business key (the id is taken as a surrogate again).
func ResolveDupKey(call, e *effect.Effect, method bool) {
	k := e.DupKey
	if k == nil || k.Param == 0 {
		return
	}
	if method && slices.ContainsFunc(k.Also, func(a effect.Key) bool { return freshArg(call, a) }) {
		// Another column of the composite key is given a value new on
		// every delivery: the whole key is new.
		e.DupKey, e.DupFails = nil, ""
		return
	}
	var also []effect.Key // the other columns left to the caller's parameters
	if method {
		for _, a := range k.Also {
			if ak, ok := argKey(call, a.Param, a.Field); ok && ak.Param != 0 {
				na := a
				na.Param = ak.Param
				if ak.Field != "" {
					na.Field = ""
				}
				also = append(also, na)
			}
		}
	}
	if ak, ok := argKey(call, k.Param, k.Field); method && ok {
		nk := *k
		nk.Also = also
		switch {
		case ak.Random != "":
			e.DupKey, e.DupFails = nil, "" // a fresh surrogate
			return
		case ak.Field != "":
			nk.Param, nk.Field = ak.Param, ""
		default:
			nk.Param = ak.Param
		}
		if nk.Param == 0 && len(also) > 0 {
			nk.Param, nk.Field, nk.Also = also[0].Param, also[0].Field, also[1:]
		}
		e.DupKey = &nk
		return
	}
	if method && slices.Contains(call.StableArgs, k.Param) {
		nk := *k
		nk.Param, nk.Also = 0, nil
		if len(also) > 0 {
			nk.Param, nk.Field, nk.Also = also[0].Param, also[0].Field, also[1:]
		}
		e.DupKey = &nk
		return
	}
	if method && k.Field == "" && slices.ContainsFunc(call.RandomArgs, func(ra effect.RandomArg) bool { return ra.Index == k.Param }) {
		// A value new on every delivery passed for the key (a plain
		// argument: ArgKeys keeps only parameters and struct fields):
		// a fresh key, as a random struct field is.
		e.DupKey, e.DupFails = nil, ""
		return
	}
	if k.FreshOnly {
		// An SQL insert's unique key: only a value known to be fresh
		// makes it a surrogate; here the failure stays as it was.
		e.DupKey = nil
		return
	}
	e.DupKey, e.DupFails = nil, ""
}

// freshArg says whether call passes a value new on every delivery for
// the key column k (its parameter, or that parameter's field).
func freshArg(call *effect.Effect, k effect.Key) bool {
	if ak, ok := argKey(call, k.Param, k.Field); ok {
		return ak.Random != ""
	}
	return k.Field == "" && slices.ContainsFunc(call.RandomArgs, func(ra effect.RandomArg) bool { return ra.Index == k.Param })
}

// UpDupKey resolves, at the call through an interface call, the business
// key of an effect m that a call through an interface in the
// implementation reached and left to a parameter of that implementation
// (ResolveDupKey there): what call passes for it decides in turn. A key
// so resolved whose failure a caller on the way only logs guards m.
func UpDupKey(call, m *effect.Effect, method bool) {
	if m.DupKey == nil || m.DupKey.Param == 0 {
		return
	}
	ResolveDupKey(call, m, method)
	if m.Guard == nil && m.Issue == "" && m.DupTakenAsSuccess() {
		m.Guard = guard.DupTakenAsSuccess(m)
	}
}

// setColumnsKey is businessKey for a builder whose setters name the
// columns they fill (ent's client.Handover.Create().SetShiftID(id)…Save,
// chainResult.columns): a unique key of the migrations all of whose
// columns are set, none from a fresh value, makes the create fail on a
// second delivery; a value from a parameter leaves it to the callers.
func (w *walker) setColumnsKey(c *modelCall) {
	e := c.e
	if e == nil || e.DupFails != "" || e.Kind != effect.KindDBWrite || e.Op != "insert" || e.Target == "" || w.p.env.Triggers == nil {
		return
	}
	params := make([]string, len(c.ch.columns))
	for i, col := range c.ch.columns {
		params[i] = col + "=" + strconv.Itoa(i+1)
	}
	st := sqlclass.Stmt{Op: sqlclass.Insert, Table: e.Target, Columns: strings.Join(c.ch.columns, ","), ColumnParams: strings.Join(params, ",")}
	w.businessKey(e, st, c.ch.values, nil, c.ci)
}

// decodedFresh reports whether the bytes the decoders of the local
// struct a read (the other arguments of the calls a is handed to:
// json.Unmarshal(raw, &p)) derive from a random or time source.
func (w *walker) decodedFresh(a *ssa.Alloc) bool {
	addrs := []ssa.Value{a}
	for i := 0; i < len(addrs); i++ {
		for _, r := range ssavalue.Referrers(addrs[i]) {
			switch u := r.(type) {
			case *ssa.MakeInterface:
				if i == 0 {
					addrs = append(addrs, u)
				}
			case ssa.CallInstruction:
				for _, arg := range u.Common().Args {
					if arg != addrs[i] && w.keyOrigin(arg).random != "" {
						return true
					}
				}
			}
		}
	}
	return false
}

// decodedField reports whether field name of the local struct a is only
// ever filled by another package's function the struct is handed to (a
// decoder: json.Unmarshal(t.Payload(), &p)), never stored here.
func decodedField(a *ssa.Alloc, name string, pkg *ssa.Package) bool {
	ptr, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return decodedInto(a, i, pkg)
		}
	}
	return false
}
