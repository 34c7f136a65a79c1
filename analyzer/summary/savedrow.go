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
// (Effect.SavedRowCall, wholeprogram/savedrow.go).

// savedRow decides an updates_loaded write e of the row v made at ci.
func (w *walker) savedRow(e *effect.Effect, v ssa.Value, ci ssa.CallInstruction) {
	if e == nil || v == nil || e.Op != "insert" {
		return
	}
	if b := associationOf(v); b != nil {
		v = b // a row loaded with its owner (Preload) has its key too
	}
	if w.loadedRow(v, ci.Block(), 0) {
		savedLoaded(e)
		return
	}
	if site := w.interfaceResult(v); site != "" {
		e.SavedRowCall = site // the whole program knows its callees
		return
	}
	if k := w.execIndex(normalize(v)); k != effect.NoExec {
		e.SavedRowArg = k + 1
	}
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

// interfaceResult is "position#index" of the interface call v is a result
// of (rs, err := c.Repo().GetByID(id)), "" for any other value: which
// methods that call runs, and so whether they return the row loaded, only
// the whole program can tell (Effect.SavedRowCall).
func (w *walker) interfaceResult(v ssa.Value) string {
	idx := 0
	x := normalize(v)
	if ex, ok := x.(*ssa.Extract); ok {
		x, idx = ex.Tuple, ex.Index
	}
	call, ok := x.(*ssa.Call)
	if !ok || !call.Call.IsInvoke() || !call.Pos().IsValid() {
		return ""
	}
	return PosString(w.p.env.Fset, call.Pos()) + "#" + strconv.Itoa(idx)
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
// database: a local the function read into past the read's error test
// (the test's no-error edge dominates at), or a result a static callee
// returns loaded (Summary.LoadedResults).
func (w *walker) loadedRow(v ssa.Value, at *ssa.BasicBlock, depth int) bool {
	switch x := normalize(v).(type) {
	case *ssa.Alloc:
		return w.readInto(x, at)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return w.returnsLoaded(call, x.Index, depth)
		}
	case *ssa.Call:
		return w.returnsLoaded(x, 0, depth)
	}
	return false
}

// returnsLoaded reports whether the static callee of call returns a
// loaded row as its result idx.
func (w *walker) returnsLoaded(call *ssa.Call, idx, depth int) bool {
	callee := call.Call.StaticCallee()
	if callee == nil || depth >= maxLoadedDepth {
		return false
	}
	s := w.summaryOf(callee)
	return s != nil && slices.Contains(s.LoadedResults, idx)
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

// loadedResults is the Summary.LoadedResults of w.fn: the indices of its
// pointer results that every return which does not return nil returns
// loaded (loadedRow), at least one return doing so.
func (w *walker) loadedResults() []int {
	results := w.fn.Signature.Results()
	var out []int
	for i := 0; i < results.Len(); i++ {
		if _, ok := results.At(i).Type().Underlying().(*types.Pointer); !ok {
			continue
		}
		some, all := false, true
		for _, b := range w.fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || i >= len(ret.Results) {
				continue
			}
			v := ret.Results[i]
			if isNilConst(v) {
				continue
			}
			if !w.loadedRow(v, b, 1) {
				all = false
				break
			}
			some = true
		}
		if some && all {
			out = append(out, i)
		}
	}
	return out
}
