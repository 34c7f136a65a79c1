package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Saves of rows loaded from their table. gorm's Save inserts a struct
// whose primary key is zero and otherwise UPDATEs every field of the row
// with that key, creating it again with that key (ON CONFLICT UPDATE ALL)
// when the update meets no row (gorm finisher_api.go Save; the catalog's
// updates_loaded). A row the code loaded with a read into it (First(&row,
// id), an Associations model), past the read's error test, has the key
// the table gave it: saving it writes that same row on every delivery, an
// upsert-set. The row is loaded here, or returned so loaded by a static
// callee on every return that does not return nil (Summary.LoadedResults:
// a repository's GetByID), or handed in as a parameter, which the callers
// decide (Effect.SavedRowArg). Anything else (a composite literal, a row
// read without its error tested) stays an insert, as the catalog's detail
// says; a row an interface call returned is decided by the whole program
// (Effect.SavedRowCall, wholeprogram/savedrow.go), and so is a row handed
// to an interface call whose implementation saves it (Effect.RowArgs).
// A copy of a loaded row is that row: the result of a static callee that
// copies its argument (Summary.CopyParam: a generic ConvertToStruct of
// the `any` a repository returned), its error tested, and a local the
// copy is stored in whose gorm key fields are not assigned (the status
// set, then the struct saved back: btl-ktpm's activities). A row
// returned beside its read's error, untested there, is loaded where the
// caller tests that error (Summary.LoadedUnlessErr).

// savedRow decides an updates_loaded write e of the row v made at ci.
func (w *walker) savedRow(e *effect.Effect, v ssa.Value, ci ssa.CallInstruction) {
	if e == nil || v == nil || e.Op != "insert" {
		return
	}
	if b := associationOf(v); b != nil {
		v = b // a row loaded with its owner (Preload) has its key too
	}
	switch r := w.rowOf(v, ci.Block(), 0); {
	case r.loaded:
		savedLoaded(e)
		return
	case r.call != "":
		// The whole program knows the call's callees.
		e.SavedRowCall, e.SavedRowTested = r.call, r.tested
		return
	}
	if k := w.execIndex(paramRow(v, ci.Block())); k != effect.NoExec {
		e.SavedRowArg = k + 1
	}
}

// paramRow is v normalized, or the value the local v is loaded from holds
// when that is a copy kept with its key (heldCopy): a struct parameter
// whose field the function selects lives in such a local (Save(order)
// beside Where("id = ?", order.ID)).
func paramRow(v ssa.Value, at *ssa.BasicBlock) ssa.Value {
	x := normalize(v)
	if u, ok := x.(*ssa.UnOp); ok && u.Op == token.MUL {
		if a, ok := u.X.(*ssa.Alloc); ok {
			if held := heldCopy(a, at); held != nil {
				return normalize(held)
			}
		}
	}
	return x
}

// resolveSavedRow decides, at a call of the function whose effect e saves
// the row it was given (SavedRowArg), with the value this call passes: a
// loaded row makes it an upsert-set, a parameter of this function hands
// it on to the callers, anything else leaves the insert.
func (w *walker) resolveSavedRow(e *effect.Effect, ci ssa.CallInstruction, args, bindings []ssa.Value) {
	v := pick(e.SavedRowArg-1, args, bindings)
	e.SavedRowArg = 0
	if v == nil || e.Op != "insert" {
		return
	}
	w.savedRow(e, v, ci)
}

// associationOf is the row v is an association of, when v is a pointer
// field of it (m.Details) that the function does not store into: a row
// loaded with its owner (Preload("Details")) keeps the key the table gave
// it, and one not loaded is nil (a Save of nil writes nothing). A field
// this function sets (m.Details = &Details{…}) may hold a new row. nil
// otherwise.
func associationOf(v ssa.Value) ssa.Value {
	ld, ok := normalize(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	if p, ok := ld.Type().Underlying().(*types.Pointer); !ok {
		return nil
	} else if _, ok := p.Elem().Underlying().(*types.Struct); !ok {
		return nil
	}
	for _, r := range ssavalue.Referrers(fa.X) {
		other, ok := r.(*ssa.FieldAddr)
		if !ok || other.Field != fa.Field {
			continue
		}
		for _, rr := range ssavalue.Referrers(other) {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == other {
				return nil
			}
		}
	}
	return fa.X
}

// rowArgs are the arguments of the call through an interface ci that are
// rows (Effect.RowArgs): structs, or pointers to them, loaded here or
// returned by an interface call.
func (w *walker) rowArgs(ci ssa.CallInstruction, args []ssa.Value) []effect.RowArg {
	var out []effect.RowArg
	for i, a := range args {
		if _, ok := ssavalue.Deref(a.Type()).Underlying().(*types.Struct); !ok {
			continue
		}
		switch r := w.rowOf(a, ci.Block(), 0); {
		case r.loaded:
			out = append(out, effect.RowArg{Index: i + 2, Loaded: true})
		case r.call != "":
			out = append(out, effect.RowArg{Index: i + 2, Call: r.call, Tested: r.tested})
		}
	}
	return out
}

// ResolveSavedRowArg decides, where the whole program resolves the call
// through an interface call to a method, the method's Save of the row it
// was given (e.SavedRowArg) with the row the call passes there
// (call.RowArgs): loaded, an upsert-set; an interface call's result, left
// to its callees (SavedRowCall); anything else, the insert.
func ResolveSavedRowArg(call, e *effect.Effect) {
	k := e.SavedRowArg
	e.SavedRowArg = 0
	if k == 0 || e.Op != "insert" {
		return
	}
	for _, a := range call.RowArgs {
		if a.Index != k {
			continue
		}
		if a.Loaded {
			savedLoaded(e)
		} else {
			e.SavedRowCall, e.SavedRowTested = a.Call, a.Tested
		}
		return
	}
}

// SavedLoaded makes e, a Save of a loaded row, the upsert-set it is.
func SavedLoaded(e *effect.Effect) { savedLoaded(e) }

// savedLoaded makes e, a Save of a loaded row, the upsert-set it is.
func savedLoaded(e *effect.Effect) {
	e.Op, e.Risk = "upsert-set", effect.Safe
	e.DupFails, e.DupKey = "", nil
	e.Detail = "Save of a row loaded from the table (its primary key set): an UPDATE of every field, or an insert with that key on conflict update all when the row is gone; a second delivery writes the same row"
}

// maxLoadedDepth bounds the static calls followed to the read of a
// returned row.
const maxLoadedDepth = 3

// loadedRow reports whether v, used in block at, is a row loaded from the
// database (rowOf).
func (w *walker) loadedRow(v ssa.Value, at *ssa.BasicBlock, depth int) bool {
	return w.rowOf(v, at, depth).loaded
}

// rowFrom is where a saved row comes from: loaded from its table, or the
// result of an interface call (call: "position#index"; tested: the call's
// error tested nil on the way to the use), or neither (the zero value).
type rowFrom struct {
	loaded bool
	call   string
	tested bool
}

// rowOf is where v, used in block at, comes from: a local the function
// read into past the read's error test (the test's no-error edge
// dominates at), or its value; a result a static callee returns loaded
// (Summary.LoadedResults, or LoadedUnlessErr with the call's error tested
// on the way to at); a copy of such a row (a callee whose first result
// copies its argument, Summary.CopyParam, its error tested; a local
// holding the copy, its key fields not assigned, heldCopy); or the result
// of an interface call, which only the whole program can decide
// (Effect.SavedRowCall).
func (w *walker) rowOf(v ssa.Value, at *ssa.BasicBlock, depth int) rowFrom {
	if depth > maxRowDepth {
		return rowFrom{}
	}
	switch x := normalize(v).(type) {
	case *ssa.Alloc:
		return w.localRow(x, at, depth)
	case *ssa.UnOp:
		// The value of a local: a struct row saved by value.
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return w.localRow(a, at, depth)
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return w.callRow(call, x.Index, at, depth)
		}
	case *ssa.Call:
		return w.callRow(x, 0, at, depth)
	}
	return rowFrom{}
}

// maxRowDepth bounds the copies and locals rowOf follows.
const maxRowDepth = 8

// localRow is rowOf of the local a: read into here, or holding a copy of
// a row (heldCopy).
func (w *walker) localRow(a *ssa.Alloc, at *ssa.BasicBlock, depth int) rowFrom {
	if w.readInto(a, at) {
		return rowFrom{loaded: true}
	}
	if held := heldCopy(a, at); held != nil {
		return w.rowOf(held, at, depth+1)
	}
	return rowFrom{}
}

// callRow is rowOf of result idx of call.
func (w *walker) callRow(call *ssa.Call, idx int, at *ssa.BasicBlock, depth int) rowFrom {
	if call.Call.IsInvoke() {
		if !call.Pos().IsValid() {
			return rowFrom{}
		}
		return rowFrom{call: PosString(w.p.env.Fset, call.Pos()) + "#" + strconv.Itoa(idx), tested: errTested(call, at)}
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return rowFrom{}
	}
	s := w.summaryOf(callee)
	if s == nil {
		return rowFrom{}
	}
	if depth < maxLoadedDepth && slices.Contains(s.LoadedResults, idx) {
		return rowFrom{loaded: true}
	}
	if slices.Contains(s.LoadedUnlessErr, idx) && errTested(call, at) {
		return rowFrom{loaded: true}
	}
	if idx == 0 && errTested(call, at) {
		// A copy of its argument: the copy's error returns give a zero
		// row, a new one, which the test keeps from at.
		if arg := w.copiedArg(call); arg != nil {
			return w.rowOf(arg, at, depth+1)
		}
	}
	return rowFrom{}
}

// errTested reports whether call's error result (its last, of type
// error) is tested nil on the way to at: the test's no-error edge is the
// only way into a block that dominates at. A call without an error
// result has nothing to test.
func errTested(call *ssa.Call, at *ssa.BasicBlock) bool {
	res := call.Call.Signature().Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return true
	}
	if res.Len() == 1 {
		_, onNil := ssavalue.NilTestEdges(call)
		return onNil != nil && len(onNil.Preds) == 1 && onNil.Dominates(at)
	}
	for _, r := range ssavalue.Referrers(call) {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != res.Len()-1 {
			continue
		}
		if _, onNil := ssavalue.NilTestEdges(ex); onNil != nil && len(onNil.Preds) == 1 && onNil.Dominates(at) {
			return true
		}
	}
	return false
}

// heldCopy is the one value stored whole into the local a, when that
// store dominates at and the local is otherwise only loaded or has
// fields other than its gorm key assigned (orderModel, err :=
// ConvertToStruct[Order](v); orderModel.Status = Paid; repo.Update(ctx,
// orderModel)): the row saved is that value with those fields changed,
// keeping its key. A second whole store, an assigned key field (or a
// field holding one: an embedded gorm.Model), or the local's address
// handed on (a call may fill it) make it nil.
func heldCopy(a *ssa.Alloc, at *ssa.BasicBlock) ssa.Value {
	var st *ssa.Store
	for _, r := range ssavalue.Referrers(a) {
		switch u := r.(type) {
		case *ssa.UnOp:
			if u.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
		case *ssa.Store:
			if u.Addr != ssa.Value(a) || st != nil {
				return nil
			}
			st = u
		case *ssa.FieldAddr:
			if !keyKept(u, 0) {
				return nil
			}
		default:
			return nil
		}
	}
	if st == nil || !st.Block().Dominates(at) {
		return nil
	}
	return st.Val
}

// keyKept reports whether the code keeps the gorm key of the row fa
// addresses a field of: fa's field is neither a key field nor a struct
// holding one, or it is only read (loaded, or a field of it addressed
// and so kept in turn).
func keyKept(fa *ssa.FieldAddr, depth int) bool {
	if depth > 4 {
		return false
	}
	if !holdsKey(fa) {
		return true
	}
	for _, r := range ssavalue.Referrers(fa) {
		switch u := r.(type) {
		case *ssa.UnOp:
			if u.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.FieldAddr:
			if !keyKept(u, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// holdsKey reports whether the field fa addresses is a gorm primary-key
// field (tagged primaryKey, or mapped to column id) or a struct, not
// behind a pointer, with one among its gorm fields (gorm.Model).
func holdsKey(fa *ssa.FieldAddr) bool {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return true
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return true
	}
	f := st.Field(fa.Field)
	if isKeyField(f, st.Tag(fa.Field)) {
		return true
	}
	inner, ok := f.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for _, g := range gormFields(inner, 0) {
		if g.column == "id" || hasKeyTag(g.set) {
			return true
		}
	}
	return false
}

// isKeyField reports whether the struct field f with tag is a gorm key
// field: tagged primaryKey, or mapped to column id.
func isKeyField(f *types.Var, tag string) bool {
	g := gormFields(types.NewStruct([]*types.Var{f}, []string{tag}), 0)
	for _, x := range g {
		if x.column == "id" || hasKeyTag(x.set) {
			return true
		}
	}
	return false
}

func hasKeyTag(set map[string]string) bool {
	_, pk := set["PRIMARYKEY"]
	_, pk2 := set["PRIMARY_KEY"]
	return pk || pk2
}

// readInto reports whether a is the destination of a read model
// (Associations) called in the function whose no-error edge dominates at.
func (w *walker) readInto(a *ssa.Alloc, at *ssa.BasicBlock) bool {
	uses := []ssa.Value{a}
	for _, r := range ssavalue.Referrers(a) {
		if conv, ok := r.(ssa.Value); ok && ssavalue.Unconvert(conv) == a && conv != ssa.Value(a) {
			uses = append(uses, conv)
		}
	}
	for _, u := range uses {
		for _, r := range ssavalue.Referrers(u) {
			call, ok := r.(*ssa.Call)
			if !ok || !w.readsInto(call, u) {
				continue
			}
			if ok := readSucceeded(call); ok != nil && ok.Dominates(at) {
				return true
			}
		}
	}
	return false
}

// readsInto reports whether call is a read model's call with dest as the
// destination its TargetType names.
func (w *walker) readsInto(call *ssa.Call, dest ssa.Value) bool {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj == nil {
		return false
	}
	m := w.p.env.Index.Lookup(obj)
	if m == nil || !m.Associations || m.TargetType == nil {
		return false
	}
	_, args := splitRecv(obj, call.Call.Args)
	k := *m.TargetType
	return k >= 0 && k < len(args) && args[k] == dest
}

// readSucceeded is the block that runs when the read call's Error field
// is nil (if err := db.First(&row, id).Error; err != nil { return … }),
// with that test its only way in; nil when the function does not so test
// it.
func readSucceeded(call *ssa.Call) *ssa.BasicBlock {
	for _, r := range ssavalue.Referrers(call) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || addrField(fa) != "Error" {
			continue
		}
		for _, rr := range ssavalue.Referrers(fa) {
			ld, ok := rr.(*ssa.UnOp)
			if !ok || ld.Op != token.MUL {
				continue
			}
			if _, onNil := ssavalue.NilTestEdges(ld); onNil != nil && len(onNil.Preds) == 1 {
				return onNil
			}
		}
	}
	return nil
}

// addrField is the name of the struct field fa addresses.
func addrField(fa *ssa.FieldAddr) string {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return ""
	}
	return st.Field(fa.Field).Name()
}

// loadedUnlessErr is the Summary.LoadedUnlessErr of w.fn: the indices of
// its results (a pointer, a struct or an interface) that every return
// which does not return nil, and does not return them loaded already
// (LoadedResults), returns as a local read into with a read model whose
// Error is that return's error result, at least one return doing so.
func (w *walker) loadedUnlessErr() []int {
	results := w.fn.Signature.Results()
	last := results.Len() - 1
	if last < 1 || !isErrorType(results.At(last).Type()) {
		return nil
	}
	var out []int
	for i := 0; i < last; i++ {
		switch results.At(i).Type().Underlying().(type) {
		case *types.Pointer, *types.Struct, *types.Interface:
		default:
			continue
		}
		if everyRowReturn(returnedAt(w.fn, i, last), func(r rowReturn) bool {
			return w.loadedRow(r.row, r.at, 1) || w.readWithErr(r.row, r.err)
		}) {
			out = append(out, i)
		}
	}
	return out
}

// rowReturn is what one return gives: a row, the error beside it, and the
// return's block.
type rowReturn struct {
	row, err ssa.Value
	at       *ssa.BasicBlock
}

// returnedAt are results i and last of each of fn's returns (last < 0: no
// error result, rowReturn.err nil).
func returnedAt(fn *ssa.Function, i, last int) []rowReturn {
	var out []rowReturn
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) && last < len(ret.Results) {
			r := rowReturn{row: ret.Results[i], at: b}
			if last >= 0 {
				r.err = ret.Results[last]
			}
			out = append(out, r)
		}
	}
	return out
}

// everyRowReturn reports whether every return in rets whose row is not a
// nil constant passes ok, at least one such return being there: the
// decision LoadedResults and LoadedUnlessErr share, each with its own ok.
func everyRowReturn(rets []rowReturn, ok func(rowReturn) bool) bool {
	some := false
	for _, r := range rets {
		if isNilConst(r.row) {
			continue
		}
		if !ok(r) {
			return false
		}
		some = true
	}
	return some
}

// readWithErr reports whether row is a local (or its value) that a read
// model reads into, and errv that read's Error field: return order, err
// after err := db.First(&order, id).Error.
func (w *walker) readWithErr(row, errv ssa.Value) bool {
	var a *ssa.Alloc
	switch x := normalize(row).(type) {
	case *ssa.Alloc:
		a = x
	case *ssa.UnOp:
		if al, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			a = al
		}
	}
	if a == nil {
		return false
	}
	ld, ok := normalize(errv).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok || addrField(fa) != "Error" {
		return false
	}
	call, ok := fa.X.(*ssa.Call)
	if !ok {
		return false
	}
	dest := ssa.Value(a)
	for _, r := range ssavalue.Referrers(a) {
		if conv, ok := r.(ssa.Value); ok && ssavalue.Unconvert(conv) == a && slices.Contains(call.Call.Args, conv) {
			dest = conv
		}
	}
	return w.readsInto(call, dest)
}

// loadedResults is the Summary.LoadedResults of w.fn: the indices of its
// pointer results, or interface ones (a repository's GetByID returning
// interface{}: return &product, nil), that every return which does not
// return nil returns loaded (loadedRow), at least one return doing so.
func (w *walker) loadedResults() []int {
	results := w.fn.Signature.Results()
	var out []int
	for i := 0; i < results.Len(); i++ {
		switch results.At(i).Type().Underlying().(type) {
		case *types.Pointer, *types.Interface:
			if isErrorType(results.At(i).Type()) {
				continue
			}
		default:
			continue
		}
		if everyRowReturn(returnedAt(w.fn, i, -1), func(r rowReturn) bool { return w.loadedRow(r.row, r.at, 1) }) {
			out = append(out, i)
		}
	}
	return out
}
