package summary

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A message's deduplication key (a CloudEvent's id) is often set far
// from where the message is sent: a batch started in one method keeps the
// event in a map that another method ranges over, and a helper copies the
// header into a signed envelope and returns its JSON, which a third
// function POSTs. The key is then followed as a field path of the
// message value (event.CloudEventHeader.ID), not as the whole value: the
// time stamped beside it in the same header is new on every delivery too,
// and says nothing about the id. The path is followed
//   - through the struct's fields, read or stored, a local copied whole
//     from another value, and a literal nested in another;
//   - into a helper of the package whose result it is (the JSON it
//     returns, the struct it builds), its parameters mapped back to the
//     call's arguments;
//   - through a map: what the package stores into the map held in that
//     field (or the local map) is what a load or a range over it yields;
//   - up to the callers, when it reaches a parameter of the function
//     summarised: the key names the parameter and the path (Key.Param,
//     Key.Path) and each call site follows its argument
//     (resolvePathKey).

// pathFrame is a function the path is followed in: the function
// summarised (top), a helper called from a frame (call set: its
// parameters are that call's arguments), or a function that stores into
// a map read here (foreign: its parameters are not known).
type pathFrame struct {
	fn     *ssa.Function
	call   ssa.CallInstruction
	parent *pathFrame
	top    bool
}

// pathLeaf is where a path ends: the value stored at it (v, in frame f),
// or a parameter of the function summarised (param, 1-based, receiver
// first) with the path left to follow in what its callers pass.
type pathLeaf struct {
	f     *pathFrame
	v     ssa.Value
	param int
	path  []string
}

type pathVisit struct {
	v    ssa.Value
	path string
}

type pathWalk struct {
	w      *walker
	seen   map[pathVisit]bool
	maps   map[any]bool
	leaves []pathLeaf
	steps  int
}

// maxPathSteps bounds one walk: a message's path crosses a few locals,
// helpers and maps, not the whole package.
const maxPathSteps = 400

// keyPath is the field path from struct type t (or a pointer to one)
// to a catalogued idempotency field, through nested and embedded struct
// fields; nil when none within a few levels.
func (w *walker) keyPath(t types.Type, depth int) []string {
	if depth > 4 {
		return nil
	}
	t = ssavalue.Deref(t)
	st, ok := t.Underlying().(*types.Struct)
	if !ok || st.NumFields() > 64 {
		return nil
	}
	ix := w.p.env.Index
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); ix.IdempotencyField(t, f.Name()) {
			return []string{f.Name()}
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if _, ok := f.Type().Underlying().(*types.Struct); !ok {
			continue
		}
		if rest := w.keyPath(f.Type(), depth+1); rest != nil {
			return append([]string{f.Name()}, rest...)
		}
	}
	return nil
}

// messagePathKey is the key a message value v handed to a call carries,
// followed as a field path: v is the struct, its JSON (json.Marshal of
// it, through a reader), or bytes a helper of the package returns that
// are such JSON. nil when no catalogued key field is found in it.
func (w *walker) messagePathKey(v ssa.Value) *effect.Key {
	pw := &pathWalk{w: w, seen: map[pathVisit]bool{}, maps: map[any]bool{}}
	top := &pathFrame{fn: w.fn, top: true}
	note := pw.message(top, v, 0, false)
	if note == "" || len(pw.leaves) == 0 {
		return nil
	}
	k := pw.key(v)
	if k != nil {
		k.Note = note
	}
	return k
}

// message finds the message in v (in frame f) and walks its key path;
// it returns the note saying which field is the key, "" when none. Only
// a message sent as JSON counts (marshalled: a struct handed to a call
// as it is may be stored or read, not sent), as in carriedKey.
func (pw *pathWalk) message(f *pathFrame, v ssa.Value, depth int, marshalled bool) string {
	if v == nil || depth > 4 {
		return ""
	}
	v = ssavalue.Unconvert(v)
	if m := marshalledValue(v); m != nil {
		return pw.message(f, m, depth+1, true)
	}
	if call, idx := resultOf(v); call != nil {
		// Bytes a helper returns: the message it marshals there.
		callee := pw.helper(call)
		if callee == nil || !keyLike(v.Type()) {
			return ""
		}
		sub := &pathFrame{fn: callee, call: call, parent: f}
		note := ""
		for _, r := range returns(callee, idx) {
			if n := pw.message(sub, r, depth+1, false); n != "" && note == "" {
				note = n
			}
		}
		return note
	}
	if !marshalled {
		return ""
	}
	path := pw.w.keyPath(v.Type(), 0)
	if path == nil {
		return ""
	}
	pw.walk(f, v, path)
	return "the " + path[len(path)-1] + " field of " + typeShort(pw.fieldOwner(v.Type(), path)) + " is what the message's receiver deduplicates on"
}

// fieldOwner is the struct type that declares the last field of path,
// reached from t.
func (pw *pathWalk) fieldOwner(t types.Type, path []string) types.Type {
	t = ssavalue.Deref(t)
	for _, name := range path[:len(path)-1] {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		fv, ok := obj.(*types.Var)
		if !ok {
			return t
		}
		t = ssavalue.Deref(fv.Type())
	}
	return t
}

// helper is the package function call calls statically, with a body.
func (pw *pathWalk) helper(call ssa.CallInstruction) *ssa.Function {
	callee := call.Common().StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || !pw.w.p.set[callee] {
		return nil
	}
	return callee
}

// resultOf is the call whose result (index idx) v is.
func resultOf(v ssa.Value) (*ssa.Call, int) {
	switch x := v.(type) {
	case *ssa.Call:
		return x, 0
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return c, x.Index
		}
	}
	return nil, 0
}

// returns are the values fn returns as its result idx.
func returns(fn *ssa.Function, idx int) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && idx < len(ret.Results) {
			out = append(out, ret.Results[idx])
		}
	}
	return out
}

// walk follows path in the struct value (or pointer to one) v, in frame
// f, to the values stored there.
func (pw *pathWalk) walk(f *pathFrame, v ssa.Value, path []string) {
	if v == nil {
		return
	}
	vis := pathVisit{v, strings.Join(path, ".")}
	if pw.seen[vis] || pw.steps > maxPathSteps {
		return
	}
	pw.seen[vis] = true
	pw.steps++
	if _, ok := v.Type().Underlying().(*types.Pointer); ok {
		pw.addr(f, v, path)
		return
	}
	if len(path) == 0 {
		pw.leaves = append(pw.leaves, pathLeaf{f: f, v: v})
		return
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		pw.walk(f, x.X, path)
	case *ssa.ChangeType:
		pw.walk(f, x.X, path)
	case *ssa.Parameter:
		pw.param(f, x, path)
	case *ssa.Field:
		pw.walk(f, x.X, append([]string{ssavalue.FieldAt(x.X.Type(), x.Field)}, path...))
	case *ssa.UnOp:
		if x.Op == token.MUL {
			pw.addr(f, x.X, path)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			pw.walk(f, e, path)
		}
	case *ssa.Lookup:
		pw.mapValues(f, x.X, path)
	case *ssa.Call:
		pw.result(f, x, 0, path)
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Call:
			pw.result(f, t, x.Index, path)
		case *ssa.Lookup:
			if x.Index == 0 {
				pw.mapValues(f, t.X, path)
			}
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok && x.Index == 2 && !t.IsString {
				pw.mapValues(f, r.X, path)
			}
		}
	}
}

// addr follows path in the struct a points to: the values stored into
// its fields along the path, or into the whole struct.
func (pw *pathWalk) addr(f *pathFrame, a ssa.Value, path []string) {
	switch x := a.(type) {
	case *ssa.FieldAddr:
		// The field of a larger struct: follow the path from there, so
		// that every store into the struct is seen.
		pw.walk(f, x.X, append([]string{ssavalue.FieldName(x)}, path...))
		return
	case *ssa.Parameter:
		pw.param(f, x, path)
		return
	case *ssa.Alloc:
	default:
		return
	}
	pw.stores(f, a, path)
}

// stores follows path in the values stored at address a.
func (pw *pathWalk) stores(f *pathFrame, a ssa.Value, path []string) {
	if pw.steps > maxPathSteps {
		return
	}
	pw.steps++
	for _, r := range ssavalue.Referrers(a) {
		switch y := r.(type) {
		case *ssa.Store:
			if y.Addr == a {
				pw.walk(f, y.Val, path)
			}
		case *ssa.FieldAddr:
			if len(path) > 0 && y.X == a && ssavalue.FieldName(y) == path[0] {
				pw.stores(f, y, path[1:])
			}
		}
	}
}

// param follows path at a parameter of f's function: into the argument
// the call made in the calling frame passes, or up to the callers of the
// function summarised.
func (pw *pathWalk) param(f *pathFrame, p *ssa.Parameter, path []string) {
	i := paramIndex(f.fn, p)
	switch {
	case i < 0:
	case f.top:
		pw.leaves = append(pw.leaves, pathLeaf{f: f, param: i + 1, path: path})
	case f.call != nil:
		if args := f.call.Common().Args; i < len(args) {
			pw.walk(f.parent, args[i], path)
		}
	}
}

// result follows path in result idx of call: in what the helper returns.
func (pw *pathWalk) result(f *pathFrame, call *ssa.Call, idx int, path []string) {
	callee := pw.helper(call)
	if callee == nil {
		return
	}
	sub := &pathFrame{fn: callee, call: call, parent: f}
	for _, r := range returns(callee, idx) {
		pw.walk(sub, r, path)
	}
}

// mapValues follows path in the values stored into the map m: a local
// map's updates, or every update the package makes to the map held in
// the same struct field or package variable.
func (pw *pathWalk) mapValues(f *pathFrame, m ssa.Value, path []string) {
	m = ssavalue.Unconvert(m)
	if mm, ok := m.(*ssa.MakeMap); ok {
		for _, r := range ssavalue.Referrers(mm) {
			if up, ok := r.(*ssa.MapUpdate); ok && up.Map == mm {
				pw.walk(f, up.Value, path)
			}
		}
		return
	}
	holder := mapHolder(m)
	if holder == nil || pw.maps[holder] {
		return
	}
	pw.maps[holder] = true
	var g *pathFrame
	for _, up := range pw.w.p.mapStores()[holder] {
		if fn := up.Parent(); g == nil || g.fn != fn {
			g = &pathFrame{fn: fn}
			if fn == f.fn && f.top {
				g = f
			}
		}
		pw.walk(g, up.Value, path)
	}
}

// mapStores indexes the package's stores into held maps by holder
// (mapHolder), once per package.
func (p *Package) mapStores() map[any][]*ssa.MapUpdate {
	if p.mapUpdates != nil {
		return p.mapUpdates
	}
	p.mapUpdates = map[any][]*ssa.MapUpdate{}
	for _, fn := range p.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if up, ok := instr.(*ssa.MapUpdate); ok {
					if h := mapHolder(up.Map); h != nil {
						p.mapUpdates[h] = append(p.mapUpdates[h], up)
					}
				}
			}
		}
	}
	return p.mapUpdates
}

// mapHolder is the struct field or package variable the map m is loaded
// from (nil otherwise).
func mapHolder(m ssa.Value) any {
	ld, ok := ssavalue.Unconvert(m).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	switch x := ld.X.(type) {
	case *ssa.FieldAddr:
		if fv := fieldVar(x); fv != nil {
			return fv
		}
	case *ssa.Global:
		return x
	}
	return nil
}

// key makes the leaves found into a key: random when any value stored
// at the path derives from a random or time source (where it is made),
// else the job's identity when one does, else a parameter of the
// function summarised when the path reaches one (its callers decide),
// else stable. v is the message value, for the key's text.
func (pw *pathWalk) key(v ssa.Value) *effect.Key {
	w := pw.w
	var stable, ident, param *effect.Key
	for _, l := range pw.leaves {
		if l.param != 0 {
			if param == nil {
				param = &effect.Key{Param: l.param, Path: strings.Join(l.path, "."), Expr: paramPathText(w.fn, l.param, l.path), Pos: PosString(w.p.env.Fset, v.Pos())}
			}
			continue
		}
		o, at := pw.origin(l.f, l.v)
		k := &effect.Key{Expr: w.p.text.exprText(l.v), Pos: PosString(w.p.env.Fset, at)}
		if k.Pos == "" {
			k.Pos = PosString(w.p.env.Fset, v.Pos())
		}
		switch {
		case o.random != "":
			k.Random = o.random
			if p := PosString(w.p.env.Fset, o.at); p != "" {
				k.Pos = p
			}
			return k
		case o.identity != "":
			k.Identity = o.identity
			if ident == nil {
				ident = k
			}
		case o.param != 0:
			k.Param = o.param
			if param == nil {
				param = k
			}
		default:
			if stable == nil {
				stable = k
			}
		}
	}
	for _, k := range []*effect.Key{ident, param, stable} {
		if k != nil {
			return k
		}
	}
	return nil
}

// origin traces a value stored at the path (in frame f) to its sources:
// in the function summarised as any key is; in a helper, on into the
// argument of the call that made the frame when it derives from a
// parameter there; in a function that stores into a map read here, only
// for a random or identity source (its callers are not known).
func (pw *pathWalk) origin(f *pathFrame, v ssa.Value) (keySource, token.Pos) {
	at := v.Pos()
	for depth := 0; depth < 8; depth++ {
		if f.top {
			return pw.w.keyOrigin(v), at
		}
		sub := &walker{p: pw.w.p, fn: f.fn}
		o := sub.keyOrigin(v)
		if o.random != "" || o.identity != "" || o.param == 0 || f.call == nil {
			o.param = 0
			return o, at
		}
		args := f.call.Common().Args
		if o.param > len(args) {
			return keySource{}, at
		}
		v, f = args[o.param-1], f.parent
	}
	return keySource{}, at
}

// paramPathText is the source text of a path in parameter param of fn
// (p.event.CloudEventHeader.ID).
func paramPathText(fn *ssa.Function, param int, path []string) string {
	name := "parameter"
	if param-1 < len(fn.Params) {
		name = fn.Params[param-1].Name()
	}
	return strings.Join(append([]string{name}, path...), ".")
}

// resolvePathKey decides, at a call, a key that is a field path of one
// of the callee's parameters (Key.Path): the path followed in the
// argument passed here. It reports whether k was such a key; the key
// returned replaces it (random, identity, again a parameter, or stable),
// nil when nothing stored at the path is found (a message decoded by a
// library, a value of another package's): then nothing says the key is
// the same on every delivery, and it keys nothing.
func (w *walker) resolvePathKey(k *effect.Key, args, bindings []ssa.Value) (*effect.Key, bool) {
	if k == nil || k.Path == "" || k.Param == 0 {
		return nil, false
	}
	v := pick(k.Param-1, args, bindings)
	if v == nil {
		return nil, true
	}
	pw := &pathWalk{w: w, seen: map[pathVisit]bool{}, maps: map[any]bool{}}
	pw.walk(&pathFrame{fn: w.fn, top: true}, v, strings.Split(k.Path, "."))
	nk := pw.key(v)
	if nk != nil {
		nk.Note = k.Note
	}
	return nk, true
}

// pathKeyResolved gives e the key a caller resolved its message key path
// to (resolvePathKey): random-key where the value new on every delivery
// is made, once per place; otherwise the key still guards e.
func (w *walker) pathKeyResolved(e *effect.Effect, k *effect.Key) {
	e.Key = k
	switch {
	case k == nil:
		if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
			e.Guard = nil
		}
	case k.Random != "":
		if e.Guard != nil && e.Guard.Kind == effect.GuardKey {
			e.Guard = nil
		}
		if e.Issue != "" || !e.Risk.NonIdempotent() {
			return
		}
		e.Issue, e.IssuePos = rules.RandomKey, k.Pos
		for _, p := range w.pitfalls {
			if p.Rule == rules.RandomKey && p.Pos == k.Pos {
				return
			}
		}
		w.pitfalls = append(w.pitfalls, guard.Pitfall{Rule: rules.RandomKey, Pos: k.Pos, Message: fmt.Sprintf(
			"idempotency key %s derives from %s: %s; every delivery hands on a message with a new key, so its receiver does not deduplicate it (%s); derive the key from the job's business identity",
			orExpr(k.Expr), k.Random, k.Note, e.Describe())})
	case k.Identity != "" && e.Guard != nil && e.Guard.Kind == effect.GuardKey:
		g := *e.Guard
		g.Note = effect.JoinDetail(effect.IdentityNote(k.Identity), k.Note)
		e.Guard = &g
	}
}
