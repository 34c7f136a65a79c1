package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Infeasible branches by constant arguments (effect.Cond). An effect in a
// branch that a test of a parameter decides (if ev.Type() ==
// "dms.create" { … } else { effect }; switch in.Slot.Status { case
// SlotRevoke: effect }) carries that test (Effect.When). Each caller
// resolves it with what it passes: a constant that decides it false (a
// literal, a field of a struct literal it built, a field it stored a
// constant into just before) drops the effect, which that caller never
// runs; one that decides it true drops the test; its own parameter hands
// the test up; anything else drops the test and keeps the effect. A
// dispatch map's entry knows the key it was looked up by
// (wholeprogram/dispatch.go). Only constants decide.

// maxCondHops bounds the phis condsAt follows back through.
const maxCondHops = 4

// condsAt are the tests of parameters that hold wherever instr runs.
func (w *walker) condsAt(instr ssa.Instruction) []effect.Cond {
	if instr == nil || instr.Block() == nil {
		return nil
	}
	return w.blockConds(instr.Block(), 0)
}

// blockConds are the tests that hold in block b: those of every edge
// that dominates it (a branch's only way in).
func (w *walker) blockConds(b *ssa.BasicBlock, depth int) []effect.Cond {
	var out []effect.Cond
	for d := b.Idom(); d != nil; d = d.Idom() {
		out = effect.AddConds(out, w.edgeDominating(d, b, depth))
	}
	return out
}

// edgeDominating are the tests of d's branch whose edge dominates b.
func (w *walker) edgeDominating(d, b *ssa.BasicBlock, depth int) []effect.Cond {
	ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
	if !ok || len(d.Succs) != 2 || d.Succs[0] == d.Succs[1] {
		return nil
	}
	for i, s := range d.Succs {
		if len(s.Preds) == 1 && s.Dominates(b) {
			return w.testConds(ifi.Cond, i == 0, depth)
		}
	}
	return nil
}

// edgeConds are the tests of the edge from pred into b (pred's branch to
// it), or none.
func (w *walker) edgeConds(pred, b *ssa.BasicBlock, depth int) []effect.Cond {
	ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
	if !ok || len(pred.Succs) != 2 || pred.Succs[0] == pred.Succs[1] {
		return nil
	}
	return w.testConds(ifi.Cond, pred.Succs[0] == b, depth)
}

// testConds are the tests of parameters that v being truth tells.
func (w *walker) testConds(v ssa.Value, truth bool, depth int) []effect.Cond {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			return w.testConds(x.X, !truth, depth)
		}
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil
		}
		c, other := constSide(x.X, x.Y)
		if c == "" {
			c, other = nilSide(x.X, x.Y) // nilfunc.go
		}
		if c == "" {
			return nil
		}
		k, path, ok := w.paramPath(other)
		if !ok {
			return nil
		}
		return []effect.Cond{{Param: k, Path: path, Value: c, Neg: (x.Op == token.EQL) != truth}}
	case *ssa.Extract:
		if c, ok := w.typeCond(x, truth); ok {
			return []effect.Cond{c}
		}
		if c, ok := mapHitCond(x, truth); ok {
			return []effect.Cond{c}
		}
		if k, path, ok := w.paramPath(v); ok {
			return []effect.Cond{{Param: k, Path: path, Value: constant.MakeBool(truth).ExactString()}}
		}
		return nil
	case *ssa.Phi:
		// A flag set on one branch only (isUpdate := false; if … {
		// } else { isUpdate = true }): the flag is truth only when
		// control came the one way that sets it so.
		if depth >= maxCondHops {
			return nil
		}
		want := constant.MakeBool(truth)
		from := -1
		for i, e := range x.Edges {
			c, ok := e.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
				return nil
			}
			if constant.Compare(c.Value, token.EQL, want) {
				if from >= 0 {
					return nil
				}
				from = i
			}
		}
		if from < 0 {
			return nil
		}
		pred := x.Block().Preds[from]
		out := w.blockConds(pred, depth+1)
		return effect.AddConds(out, w.edgeConds(pred, x.Block(), depth+1))
	default:
		if k, path, ok := w.paramPath(v); ok {
			return []effect.Cond{{Param: k, Path: path, Value: constant.MakeBool(truth).ExactString()}}
		}
	}
	return nil
}

// constSide returns the constant operand of a comparison (its
// ExactString, or a package-level variable's effect.GlobalRef) and the
// other.
func constSide(a, b ssa.Value) (string, ssa.Value) {
	if c := constOf(a); c != "" {
		return c, b
	}
	if c := constOf(b); c != "" {
		return c, a
	}
	return "", nil
}

// constOf is v's constant (ExactString), or the GlobalRef of a
// package-level variable of basic type v reads, which the whole-program
// phase reads as its initialiser when nothing else assigns it
// (wholeprogram/constglobals.go); "" otherwise.
func constOf(v ssa.Value) string {
	switch x := unconv(v).(type) {
	case *ssa.Const:
		if x.Value != nil {
			return x.Value.ExactString()
		}
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			if _, basic := x.Type().Underlying().(*types.Basic); basic {
				return effect.GlobalRef(g.RelString(nil))
			}
		}
	}
	return ""
}

// unconv strips conversions that keep a value (a named string type, an
// interface made of it).
func unconv(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.Convert:
			if !basicSameKind(x.X.Type(), x.Type()) {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
}

func basicSameKind(a, b types.Type) bool {
	ba, ok1 := a.Underlying().(*types.Basic)
	bb, ok2 := b.Underlying().(*types.Basic)
	return ok1 && ok2 && ba.Info()&types.IsString != 0 && bb.Info()&types.IsString != 0
}

// paramPath says which parameter, and what of it, v is: the parameter,
// a field of it (through pointers it is not changed through before v is
// read), or the result of a method without arguments called on such a
// value with a value receiver (ev.Type()).
func (w *walker) paramPath(v ssa.Value) (int, string, bool) {
	var path []string
	v = unconv(v)
	if c, ok := v.(*ssa.Call); ok {
		callee := c.Call.StaticCallee()
		if callee == nil || c.Call.IsInvoke() || len(c.Call.Args) != 1 || callee.Signature.Recv() == nil {
			return 0, "", false
		}
		if _, ptr := callee.Signature.Recv().Type().Underlying().(*types.Pointer); ptr {
			return 0, "", false // a method that may change what it reads
		}
		if callee.Signature.Params().Len() != 0 || callee.Signature.Results().Len() != 1 {
			return 0, "", false
		}
		path = append(path, callee.Name()+"()")
		v = c.Call.Args[0]
	}
	for i := 0; i < 8; i++ {
		v = unconv(v)
		switch x := v.(type) {
		case *ssa.Parameter:
			k := w.execIndex(x)
			if k == effect.NoExec {
				return 0, "", false
			}
			return k, joinPath(path), true
		case *ssa.Field:
			path = append(path, condFieldName(x.X.Type(), x.Field))
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return 0, "", false
			}
			root, fields, ok := addrChain(x.X)
			if !ok {
				return 0, "", false
			}
			want := append([]string(nil), fields...)
			for j := len(path) - 1; j >= 0; j-- {
				want = append(want, path[j])
			}
			if k, elem, ok := w.elemRoot(root, want); ok {
				// A captured variable's contents, or every element
				// of a slice parameter (nilfunc.go).
				for j := len(fields) - 1; j >= 0; j-- {
					path = append(path, fields[j])
				}
				return k, joinPath(append(path, elem)), true
			}
			for j := len(fields) - 1; j >= 0; j-- {
				path = append(path, fields[j])
			}
			if ld, ok := root.(*ssa.UnOp); ok && ld.Op == token.MUL && len(fields) > 0 {
				// A field read through a loaded pointer: a row a
				// pointer field holds (w.Track.ID), or a receiver
				// the closure captured (w.ID in db.Transaction's
				// closure, through *fv): the path goes on from the
				// pointer's load to its root, decided as above.
				v = ld
				continue
			}
			p, ok := w.paramRoot(root, x)
			if !ok {
				return 0, "", false
			}
			v = p
		default:
			return 0, "", false
		}
	}
	return 0, "", false
}

// joinPath joins a path gathered from the value outwards.
func joinPath(rev []string) string {
	out := make([]string, len(rev))
	for i, s := range rev {
		out[len(rev)-1-i] = s
	}
	return strings.Join(out, ".")
}

func condFieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if s, ok := t.Underlying().(*types.Struct); ok && i < s.NumFields() {
		return s.Field(i).Name()
	}
	return "?"
}

// addrChain splits an address into its root value and the fields taken
// from it (&root.A.B: root, [A B]).
func addrChain(a ssa.Value) (ssa.Value, []string, bool) {
	var rev []string
	for i := 0; i < 8; i++ {
		fa, ok := a.(*ssa.FieldAddr)
		if !ok {
			out := make([]string, len(rev))
			for j, s := range rev {
				out[len(rev)-1-j] = s
			}
			return a, out, true
		}
		rev = append(rev, condFieldName(fa.X.Type(), fa.Field))
		a = fa.X
	}
	return nil, nil, false
}

// unchangedBefore reports whether nothing the function does before load
// can change what pointer parameter p points to: no store through it and
// no call it is handed to (a store or call after load, or on a path that
// never reaches it, does not matter).
func (w *walker) unchangedBefore(p ssa.Value, load ssa.Instruction, spill ssa.Instruction) bool {
	reach := map[*ssa.BasicBlock]bool{}
	var back func(b *ssa.BasicBlock)
	back = func(b *ssa.BasicBlock) {
		for _, pr := range b.Preds {
			if !reach[pr] {
				reach[pr] = true
				back(pr)
			}
		}
	}
	back(load.Block())
	derived := map[ssa.Value]bool{p: true}
	var mark func(v ssa.Value)
	mark = func(v ssa.Value) {
		for _, r := range *v.Referrers() {
			switch x := r.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Convert:
				if mi, ok := x.(*ssa.MakeInterface); ok && ssavalue.OnlyRead(mi) {
					continue // printed: fmt reads it (fmt.Println(msg) before msg.Callback)
				}
				if val := x.(ssa.Value); !derived[val] {
					derived[val] = true
					mark(val)
				}
			}
		}
	}
	mark(p)
	check := func(instr ssa.Instruction) bool {
		if instr == spill {
			return true
		}
		switch x := instr.(type) {
		case *ssa.Store:
			if derived[x.Addr] || derived[x.Val] {
				return false
			}
		case ssa.CallInstruction:
			for _, a := range x.Common().Args {
				if derived[a] {
					return false
				}
			}
			if derived[x.Common().Value] {
				return false
			}
		case *ssa.MakeClosure:
			for _, b := range x.Bindings {
				if derived[b] {
					return false
				}
			}
		}
		return true
	}
	for b := range reach {
		if b == load.Block() {
			continue // a loop: the block's own instructions are checked below, whole
		}
		for _, instr := range b.Instrs {
			if !check(instr) {
				return false
			}
		}
	}
	for _, instr := range load.Block().Instrs {
		if instr == load && !reach[load.Block()] {
			break
		}
		if !check(instr) {
			return false
		}
	}
	return true
}

// resolveWhen resolves an included effect's tests with what the call
// passes (args, bindings: pick's); false when one is decided false.
func (w *walker) resolveWhen(e *effect.Effect, ci ssa.CallInstruction, args, bindings []ssa.Value) bool {
	if len(e.When) == 0 {
		return true
	}
	var out []effect.Cond
	for _, c := range e.When {
		if c.Param == effect.MapHitParam || c.Param == effect.RowCallParam {
			out = append(out, c) // no argument decides it: handed up (mapcond.go, loadedkey.go)
			continue
		}
		a := pick(c.Param, args, bindings)
		if a == nil {
			continue
		}
		if c.Path == effect.TypePath {
			if !w.typeArg(c, a, &out) {
				return false
			}
			continue
		}
		var path []string
		if c.Path != "" {
			path = strings.Split(c.Path, ".")
		}
		val, k, kpath, how := w.valueAt(a, path, ci, 0)
		if how == valUnknown {
			// A loaded row's primary key against zero (loadedkey.go).
			if v, call := w.loadedKey(c, a, path, ci); v != "" {
				val, how = v, valConst
			} else if call != nil {
				out = append(out, *call)
				continue
			}
		}
		switch how {
		case valConst:
			if !c.Holds(val) {
				return false
			}
		case valParam:
			out = append(out, effect.Cond{Param: k, Path: kpath, Value: c.Value, Neg: c.Neg})
		}
	}
	e.When = out
	return true
}

const (
	valUnknown = iota
	valConst
	valParam
)

// valueAt says what path of v is where at runs: a constant (its
// ExactString), a path of a parameter of this function, or unknown.
func (w *walker) valueAt(v ssa.Value, path []string, at ssa.Instruction, depth int) (string, int, string, int) {
	if depth > 8 || v == nil {
		return "", 0, "", valUnknown
	}
	switch {
	case len(path) == 0 && nilFunc(v):
		return NilValue, 0, "", valConst // nilfunc.go
	case len(path) > 0 && path[0] == derefElem:
		return w.capturedValue(v, path[1:], depth)
	case len(path) > 0 && path[0] == sliceElem:
		return w.elemValue(unconv(v), path[1:], at, depth)
	}
	v = unconv(v)
	if c, ok := v.(*ssa.Const); ok {
		if len(path) == 0 && c.Value != nil {
			return c.Value.ExactString(), 0, "", valConst
		}
		return "", 0, "", valUnknown
	}
	if len(path) == 0 {
		if g := constOf(v); g != "" {
			return g, 0, "", valConst // a package-level variable, decided over the whole program
		}
	}
	if p, ok := v.(*ssa.Parameter); ok {
		if k := w.execIndex(p); k != effect.NoExec {
			return "", k, strings.Join(path, "."), valParam
		}
		return "", 0, "", valUnknown
	}
	if len(path) > 0 && strings.HasSuffix(path[len(path)-1], "()") {
		// A method's result: only a parameter hands it up.
		if k, pp, ok := w.paramPath(v); ok {
			return "", k, strings.Join(append([]string{pp}[:boolInt(pp != "")], path...), "."), valParam
		}
		return "", 0, "", valUnknown
	}
	switch x := v.(type) {
	case *ssa.Phi:
		// One of several constants (status := A; switch … { case …:
		// status = B }): decided when every one decides alike.
		if len(path) > 0 {
			break
		}
		var vals []string
		for _, e := range x.Edges {
			val, _, _, how := w.valueAt(e, nil, at, depth+1)
			if how != valConst {
				return "", 0, "", valUnknown
			}
			if !slices.Contains(vals, val) {
				vals = append(vals, val)
			}
		}
		if len(vals) > 0 {
			return effect.OneOf(vals), 0, "", valConst
		}
	case *ssa.Field:
		return w.valueAt(x.X, append([]string{condFieldName(x.X.Type(), x.Field)}, path...), at, depth+1)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			break
		}
		return w.valueIn(x.X, path, x, depth+1)
	case *ssa.Alloc:
		if len(path) > 0 {
			return w.valueIn(x, path, at, depth+1)
		}
	}
	if k, pp, ok := w.paramPath(v); ok {
		full := pp
		if len(path) > 0 {
			if full != "" {
				full += "."
			}
			full += strings.Join(path, ".")
		}
		return "", k, full, valParam
	}
	return "", 0, "", valUnknown
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// valueIn says what path of the memory at addr holds just before at: the
// last store into it in at's block with nothing between that may change
// it, or the zero value of a local it allocated there.
func (w *walker) valueIn(addr ssa.Value, path []string, at ssa.Instruction, depth int) (string, int, string, int) {
	root, fields, ok := addrChain(addr)
	if !ok {
		return "", 0, "", valUnknown
	}
	want := append(append([]string(nil), fields...), path...)
	key := addrKey(root)
	b := at.Block()
	idx := -1
	for i, instr := range b.Instrs {
		if instr == at {
			idx = i
			break
		}
	}
	if idx < 0 {
		return "", 0, "", valUnknown
	}
	for i := idx - 1; i >= 0; i-- {
		switch x := b.Instrs[i].(type) {
		case *ssa.Store:
			sroot, sfields, ok := addrChain(x.Addr)
			if !ok {
				return "", 0, "", valUnknown
			}
			if addrKey(sroot) == key {
				if prefix(sfields, want) {
					return w.valueAt(x.Val, want[len(sfields):], x, depth+1)
				}
				if prefix(want, sfields) {
					return "", 0, "", valUnknown // part of it written
				}
				continue // another field of the same value
			}
			if a, ok := sroot.(*ssa.Alloc); ok && !a.Heap {
				continue // a local whose address goes nowhere else
			}
			if !types.Identical(x.Val.Type(), leafType(addr, path)) {
				if _, basic := x.Val.Type().Underlying().(*types.Basic); basic {
					continue // typed memory: it cannot be what is looked for
				}
				return "", 0, "", valUnknown // may change a pointer the address goes through
			}
			return "", 0, "", valUnknown
		case ssa.CallInstruction:
			if _, local := root.(*ssa.Alloc); !local || handedOn(x, root) {
				return "", 0, "", valUnknown // may change anything
			}
			// A call not handed the value the function allocated
			// here (and handed nowhere before: checked on the way
			// back) cannot change it.
		case *ssa.Alloc:
			if x == root {
				return zeroOf(x, want)
			}
		case *ssa.MakeClosure:
			if _, local := root.(*ssa.Alloc); local && handedOn(x, root) {
				return "", 0, "", valUnknown
			}
		}
		if st, ok := b.Instrs[i].(*ssa.Store); ok {
			if _, local := root.(*ssa.Alloc); local && derivedFrom(st.Val, root) {
				return "", 0, "", valUnknown // stored where others reach it
			}
		}
	}
	if k, elem, ok := w.elemRoot(root, want); ok {
		return "", k, joinFields(append([]string{elem}, want...)), valParam
	}
	if p, ok := w.paramRoot(root, at); ok {
		if k := w.execIndex(p); k != effect.NoExec {
			return "", k, strings.Join(want, "."), valParam
		}
	}
	return "", 0, "", valUnknown
}

// leafType is the type of path in what addr points to (nil when not a
// struct path).
func leafType(addr ssa.Value, path []string) types.Type {
	p, ok := addr.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	return fieldType(p.Elem(), path, true)
}

// fieldType is the type of path in t, through pointers when deref.
func fieldType(t types.Type, path []string, deref bool) types.Type {
	for _, f := range path {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			if !deref {
				return nil // a nil pointer in a zero value
			}
			t = p.Elem()
		}
		s, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		found := false
		for i := 0; i < s.NumFields(); i++ {
			if s.Field(i).Name() == f {
				t, found = s.Field(i).Type(), true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return t
}

func prefix(p, of []string) bool {
	if len(p) > len(of) {
		return false
	}
	for i := range p {
		if p[i] != of[i] {
			return false
		}
	}
	return true
}

// addrKey names a root address so that two loads of the same pointer
// through the same fields match (dev.IdentitySlot read twice).
func addrKey(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			root, fields, ok := addrChain(x.X)
			if ok {
				return "*(" + addrKey(root) + "." + strings.Join(fields, ".") + ")"
			}
		}
	}
	if v.Parent() == nil {
		return v.String()
	}
	return v.Name() + "@" + v.Parent().String()
}

// zeroOf is the zero value of path in a local the function allocated
// (a struct literal that leaves the field out).
func zeroOf(a *ssa.Alloc, path []string) (string, int, string, int) {
	t := fieldType(a.Type().Underlying().(*types.Pointer).Elem(), path, false)
	if t == nil || len(path) == 0 {
		return "", 0, "", valUnknown
	}
	if nilable(t) {
		return NilValue, 0, "", valConst // nilfunc.go
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return "", 0, "", valUnknown
	}
	switch {
	case b.Info()&types.IsString != 0:
		return constant.MakeString("").ExactString(), 0, "", valConst
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false).ExactString(), 0, "", valConst
	case b.Info()&types.IsInteger != 0:
		return constant.MakeInt64(0).ExactString(), 0, "", valConst
	}
	return "", 0, "", valUnknown
}

// ParamArgs is one call of a func-typed parameter: Args[j] is the
// parameter of the calling function passed as argument j (effect.NoExec
// when it is none).
type ParamArgs struct {
	Param int
	Args  []int
}

// recordParamArgs notes what the function passes to its parameter k
// where it calls it directly (handler(ctx, ev, svc)); two calls that pass
// different parameters record nothing.
func (w *walker) recordParamArgs(ci ssa.CallInstruction, v ssa.Value, k int) {
	c := ci.Common()
	if c.Value != v || c.IsInvoke() {
		return
	}
	args := make([]int, len(c.Args))
	for j, a := range c.Args {
		args[j] = effect.NoExec
		if p, ok := unconv(a).(*ssa.Parameter); ok {
			args[j] = w.execIndex(p)
		}
	}
	for i, o := range w.paramArgs {
		if o.Param == k {
			if !slicesEqual(o.Args, args) {
				w.paramArgs[i].Args = nil
			}
			return
		}
	}
	w.paramArgs = append(w.paramArgs, ParamArgs{Param: k, Args: args})
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// paramArgsAt are the values a call of a function that calls its
// parameter k passes on to it, seen from the caller (nil when unknown).
func (s *Summary) paramArgsAt(k int, args, bindings []ssa.Value) []ssa.Value {
	for _, pa := range s.ParamArgs {
		if pa.Param != k || pa.Args == nil {
			continue
		}
		out := make([]ssa.Value, len(pa.Args))
		for j, a := range pa.Args {
			if a != effect.NoExec {
				out[j] = pick(a, args, bindings)
			}
		}
		return out
	}
	return nil
}

// condArgs are the arguments a function value r is called with at ci,
// for its effects' tests: the call's own when ci calls the value
// directly, or what a callee that calls its parameter passes there
// (valueArgs); nil values where unknown.
func (w *walker) condArgs(ci ssa.CallInstruction, r funcRef, n int) []ssa.Value {
	out := make([]ssa.Value, n)
	var from []ssa.Value
	switch c := ci.Common(); {
	case w.valueArgs != nil:
		from = w.valueArgs
	case !c.IsInvoke() && c.StaticCallee() == nil && calls(c.Value, r.fn):
		from = c.Args
	}
	off := 0
	if r.recv != nil {
		off = 1
	}
	if len(from)+off != n {
		return out
	}
	copy(out[off:], from)
	if r.recv != nil {
		out[0] = r.recv
	}
	return out
}

// calls reports whether v is fn itself (a function or a closure of it).
func calls(v ssa.Value, fn *ssa.Function) bool {
	switch x := unconv(v).(type) {
	case *ssa.Function:
		return x == fn
	case *ssa.MakeClosure:
		return x.Fn == fn
	}
	return false
}

// derivedFrom reports whether v is root or an address or interface made
// of it.
func derivedFrom(v, root ssa.Value) bool {
	for i := 0; i < 10; i++ {
		if v == root {
			return true
		}
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Slice:
			v = x.X
		default:
			return false
		}
	}
	return false
}

// handedOn reports whether instr (a call or closure) is handed root or
// something made of it.
func handedOn(instr ssa.Instruction, root ssa.Value) bool {
	var vals []ssa.Value
	switch x := instr.(type) {
	case ssa.CallInstruction:
		vals = append(append(vals, x.Common().Value), x.Common().Args...)
	case *ssa.MakeClosure:
		vals = x.Bindings
	}
	for _, v := range vals {
		if derivedFrom(v, root) {
			return true
		}
	}
	return false
}

// maxCondLeaves bounds the fields of one argument condArgsOf reads.
const maxCondLeaves = 24

// condArgsOf says what an interface call's arguments hold (constants,
// paths of this function's parameters), whole and field by field, for
// the tests of what the whole-program phase resolves it to
// (Effect.CondArgs).
func (w *walker) condArgsOf(ci ssa.CallInstruction, recv ssa.Value, args []ssa.Value) map[string]string {
	out := map[string]string{}
	all := append([]ssa.Value{recv}, args...)
	for i, a := range all {
		if a == nil {
			continue
		}
		w.condArg(out, strconv.Itoa(i), a, nil, ci)
		t := a.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if _, ok := t.Underlying().(*types.Struct); !ok || i == 0 {
			continue
		}
		n := 0
		var walk func(t types.Type, path []string, depth int)
		walk = func(t types.Type, path []string, depth int) {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				t = p.Elem()
			}
			s, ok := t.Underlying().(*types.Struct)
			if !ok || depth > 3 {
				return
			}
			for f := 0; f < s.NumFields() && n < maxCondLeaves; f++ {
				fld := s.Field(f)
				fp := append(append([]string(nil), path...), fld.Name())
				switch fld.Type().Underlying().(type) {
				case *types.Basic:
					n++
					w.condArg(out, strconv.Itoa(i), a, fp, ci)
				case *types.Struct:
					walk(fld.Type(), fp, depth+1)
				}
			}
		}
		walk(t, nil, 0)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func (w *walker) condArg(out map[string]string, i string, a ssa.Value, path []string, ci ssa.CallInstruction) {
	val, k, kpath, how := w.valueAt(a, path, ci, 0)
	key := i
	if len(path) > 0 {
		key += "." + strings.Join(path, ".")
	}
	switch how {
	case valConst:
		out[key] = val
	case valParam:
		if len(path) == 0 || kpath != "" {
			out[key] = "@" + strconv.Itoa(k) + dotted(kpath)
		}
	}
}

func dotted(p string) string {
	if p == "" {
		return ""
	}
	return "." + p
}

// upCondArgs hands an included effect's CondArgs that name the callee's
// parameters to this function: a constant the call passes there, or this
// function's own parameter; what is neither is dropped.
func (w *walker) upCondArgs(e *effect.Effect, ci ssa.CallInstruction, args, bindings []ssa.Value) {
	if len(e.CondArgs) == 0 {
		return
	}
	out := map[string]string{}
	for key, v := range effect.ArgMap(e.CondArgs) {
		if !strings.HasPrefix(v, "@") {
			out[key] = v
			continue
		}
		k, path := splitRef(v[1:])
		a := pick(k, args, bindings)
		if a == nil {
			continue
		}
		val, j, jpath, how := w.valueAt(a, path, ci, 0)
		switch how {
		case valConst:
			out[key] = val
		case valParam:
			out[key] = "@" + strconv.Itoa(j) + dotted(jpath)
		}
	}
	e.CondArgs = effect.ArgList(out)
}

// splitRef splits "k.A.B" into k and [A B].
func splitRef(s string) (int, []string) {
	parts := strings.Split(s, ".")
	k, err := strconv.Atoi(parts[0])
	if err != nil {
		return -1, nil
	}
	return k, parts[1:]
}

// paramRoot is the parameter root stands for where at reads through it:
// a pointer parameter, or the local a parameter passed by value is kept
// in (its address taken: store input to t1 in the entry block), when
// nothing before at can change what it points to.
func (w *walker) paramRoot(root ssa.Value, at ssa.Instruction) (*ssa.Parameter, bool) {
	switch x := root.(type) {
	case *ssa.Parameter:
		return x, w.unchangedBefore(x, at, nil)
	case *ssa.Alloc:
		if len(w.fn.Blocks) == 0 || x.Block() != w.fn.Blocks[0] {
			return nil, false
		}
		var spill *ssa.Store
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				if _, isParam := st.Val.(*ssa.Parameter); !isParam || spill != nil || st.Block() != w.fn.Blocks[0] {
					return nil, false
				}
				spill = st
			}
		}
		if spill == nil {
			return nil, false
		}
		p := spill.Val.(*ssa.Parameter)
		return p, w.unchangedBefore(x, at, spill)
	}
	return nil, false
}
