package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Rows inserted for the ids a compare-and-set returned (goalert's
// UpdateManyAlertStatus, alert/store.go:415-454):
//
//	rows, _ := tx.QueryContext(ctx, `update alerts set status = $1
//	    where id = any($2) and $1 > status returning id`, …)
//	for rows.Next() { var id int; rows.Scan(&id); ids = append(ids, id) }
//	logMany(ctx, tx, ids) // insert … select … from unnest($1), $1 = ids
//
// The insert writes a row per element of the slice it is bound
// (sqlclass.Stmt.RowsParam). The slice is followed back through the
// functions that hand it down (Effect.RowsOf: a parameter, or a field of
// a struct parameter, wrapped by a catalogued array binder such as
// pq.Array) to the function that builds it: appends, in a loop, of
// values scanned from the rows of one call, or converted from the
// elements of a slice that is itself so built. When that call is a
// statement whose second run changes and returns nothing (a
// compare-and-set or set-if-different update that reports its change, a
// delete, a claim: as for the rows of a data-modifying CTE, changed.go)
// with a RETURNING list, on the transaction the insert runs in, a second
// delivery builds an empty slice and inserts nothing: the insert is
// guarded by it. Ids read by a plain SELECT, returned by an update that
// changes its rows on every run, or mixed with values from elsewhere, and
// an insert on another handle, stay unguarded.

// rowsSource is where a slice's elements come from: a parameter (or a
// field of one) of the function, or the rows of a call made in it.
type rowsSource struct {
	param int // effect.NoExec when not a parameter
	field string
	query *ssa.Call
}

// maxRowsDepth bounds the slices followed through appends and elements.
const maxRowsDepth = 8

// rowsOf notes, for an insert effect writing a row per element of v,
// where those elements come from: a parameter hands it up (RowsOf), the
// rows of a call here are decided after the guard analysis (resolveRows).
func (w *walker) rowsOf(e *effect.Effect, v ssa.Value) {
	e.RowsOf = nil
	if v == nil || !e.Risk.NonIdempotent() {
		return
	}
	src, ok := w.sliceSource(v, 0, map[ssa.Value]bool{})
	if !ok {
		return
	}
	if src.query != nil {
		if w.rowsLocal == nil {
			w.rowsLocal = map[*effect.Effect]*ssa.Call{}
		}
		w.rowsLocal[e] = src.query
		return
	}
	e.RowsOf = &effect.RowsOf{Param: src.param, Field: src.field}
}

// upRowsOf hands an included effect's RowsOf to this function: the value
// this call passes there (its field, for a struct) is followed as the
// insert's own slice.
func (w *walker) upRowsOf(e *effect.Effect, args, bindings []ssa.Value) {
	if e.RowsOf == nil {
		return
	}
	r := *e.RowsOf
	e.RowsOf = nil
	a := pick(r.Param, args, bindings)
	if a == nil {
		return
	}
	if r.Field != "" {
		root := ssavalue.Unconvert(a)
		if ld, ok := root.(*ssa.UnOp); ok && ld.Op == token.MUL {
			root = ld.X
		}
		if k := w.execIndex(spilled(root)); k != effect.NoExec {
			// This function's own parameter, passed whole: the field of it.
			e.RowsOf = &effect.RowsOf{Param: k, Field: r.Field}
			return
		}
		if a = storedField(root, r.Field); a == nil {
			return
		}
	}
	w.rowsOf(e, a)
}

// spilled is the parameter a local holds when it is its copy (a struct
// parameter whose field is addressed: the local's one store is the
// parameter), else v.
func spilled(v ssa.Value) ssa.Value {
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return v
	}
	var p ssa.Value
	for _, r := range ssavalue.Referrers(a) {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		if p != nil {
			return v
		}
		p = st.Val
	}
	switch p.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return p
	}
	return v
}

// storedField is the value stored in field name of the struct a local
// (a composite this function built) holds, when it is stored there once;
// nil otherwise.
func storedField(root ssa.Value, name string) ssa.Value {
	if _, ok := root.(*ssa.Alloc); !ok {
		return nil
	}
	var val ssa.Value
	for _, r := range ssavalue.Referrers(root) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || ssavalue.FieldAt(fa.X.Type(), fa.Field) != name {
			continue
		}
		for _, u := range ssavalue.Referrers(fa) {
			if st, ok := u.(*ssa.Store); ok && st.Addr == fa {
				if val != nil {
					return nil // stored twice: which one the call sees is not told
				}
				val = st.Val
			}
		}
	}
	return val
}

// sliceSource is where the elements of the slice v come from: a
// parameter or a field of one, or, for a slice built here by appends
// from nil or an empty make, the one source all its appended values
// share (elemSource).
func (w *walker) sliceSource(v ssa.Value, depth int, seen map[ssa.Value]bool) (rowsSource, bool) {
	none := rowsSource{param: effect.NoExec}
	if depth > maxRowsDepth {
		return none, false
	}
	v = ssavalue.Unconvert(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		switch x := ld.X.(type) {
		case *ssa.FreeVar:
			v = x // a captured variable: its cell is the free variable
		case *ssa.FieldAddr:
			if k := w.execIndex(spilled(x.X)); k != effect.NoExec {
				return rowsSource{param: k, field: ssavalue.FieldAt(x.X.Type(), x.Field)}, true
			}
		}
	}
	if k := w.execIndex(v); k != effect.NoExec {
		return rowsSource{param: k}, true
	}
	if f, ok := v.(*ssa.Field); ok {
		if k := w.execIndex(f.X); k != effect.NoExec {
			return rowsSource{param: k, field: ssavalue.FieldAt(f.X.Type(), f.Field)}, true
		}
		return none, false
	}
	if c, ok := v.(*ssa.Call); ok && len(c.Call.Args) == 1 {
		if obj, _ := calleeObj(c); obj != nil && w.p.env.Index.IsArrayParam(obj) {
			return w.sliceSource(c.Call.Args[0], depth+1, seen)
		}
	}
	// A slice built here: nil or empty to start with, then appends.
	var src *rowsSource
	agree := func(s rowsSource) bool {
		if src == nil {
			src = &s
			return true
		}
		return *src == s
	}
	work := []ssa.Value{v}
	for len(work) > 0 {
		x := ssavalue.Unconvert(work[len(work)-1])
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		switch x := x.(type) {
		case *ssa.Const:
			if !x.IsNil() {
				return none, false
			}
		case *ssa.MakeSlice:
			if !isIntConst(x.Len, 0) {
				return none, false // elements of its own (make([]T, n))
			}
		case *ssa.Phi:
			work = append(work, x.Edges...)
		case *ssa.Call:
			b, ok := x.Call.Value.(*ssa.Builtin)
			if !ok || b.Name() != "append" || len(x.Call.Args) != 2 {
				return none, false
			}
			work = append(work, x.Call.Args[0])
			elems, spread := appended(x.Call.Args[1])
			if spread {
				s, ok := w.sliceSource(x.Call.Args[1], depth+1, seen)
				if !ok || !agree(s) {
					return none, false
				}
				continue
			}
			for _, el := range elems {
				s, ok := w.elemSource(el, depth+1, seen)
				if !ok || !agree(s) {
					return none, false
				}
			}
		default:
			return none, false
		}
	}
	if src == nil {
		return none, false // never appended to: empty
	}
	return *src, true
}

// appended are the values an append adds: the elements stored into the
// array its variadic list is sliced from, or spread (append(s, t...)).
func appended(arg ssa.Value) ([]ssa.Value, bool) {
	sl, ok := arg.(*ssa.Slice)
	if !ok {
		return nil, true
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, true
	}
	var elems []ssa.Value
	for _, r := range ssavalue.Referrers(arr) {
		switch x := r.(type) {
		case *ssa.IndexAddr:
			for _, u := range ssavalue.Referrers(x) {
				if st, ok := u.(*ssa.Store); ok && st.Addr == x {
					elems = append(elems, st.Val)
				}
			}
		case *ssa.Slice:
		default:
			return nil, true
		}
	}
	return elems, false
}

// elemSource is where an appended value comes from: an element of a
// slice (its source), or a local filled by Scan on the rows of a call.
func (w *walker) elemSource(v ssa.Value, depth int, seen map[ssa.Value]bool) (rowsSource, bool) {
	none := rowsSource{param: effect.NoExec}
	v = ssavalue.Unconvert(v)
	if c, ok := v.(*ssa.Convert); ok {
		v = ssavalue.Unconvert(c.X) // int64(id)
	}
	switch x := v.(type) {
	case *ssa.Index:
		return w.sliceSource(x.X, depth+1, seen)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return none, false
		}
		switch p := x.X.(type) {
		case *ssa.IndexAddr:
			return w.sliceSource(p.X, depth+1, seen)
		case *ssa.Alloc:
			if storedInto(p) {
				return none, false // a value of its own besides the scanned one
			}
			if q := scannedRows(p); q != nil {
				return rowsSource{param: effect.NoExec, query: q}, true
			}
		case *ssa.FieldAddr:
			if a, ok := p.X.(*ssa.Alloc); ok {
				for _, r := range ssavalue.Referrers(a) {
					if fa, ok := r.(*ssa.FieldAddr); ok && fa.Field == p.Field {
						if q := scannedRows(fa); q != nil {
							return rowsSource{param: effect.NoExec, query: q}, true
						}
					}
				}
			}
		}
	}
	return none, false
}

// storedInto reports whether the code stores into the local a (other
// than through the pointer Scan is given).
func storedInto(a *ssa.Alloc) bool {
	for _, r := range ssavalue.Referrers(a) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			return true
		}
	}
	return false
}

// scannedRows is the call whose rows a Scan given the pointer p reads:
// rows.Scan(&id) on the rows a query returned (rows, err :=
// tx.QueryContext(…)); nil when p is given to no such Scan.
func scannedRows(p ssa.Value) *ssa.Call {
	for _, r := range ssavalue.Referrers(p) {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok {
			continue
		}
		for _, rr := range ssavalue.Referrers(mi) {
			st, ok := rr.(*ssa.Store)
			if !ok || st.Val != mi {
				continue
			}
			ia, ok := st.Addr.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			for _, ar := range ssavalue.Referrers(ia.X) {
				sl, ok := ar.(*ssa.Slice)
				if !ok {
					continue
				}
				for _, sr := range ssavalue.Referrers(sl) {
					if q := scanOf(sr, sl); q != nil {
						return q
					}
				}
			}
		}
	}
	return nil
}

// scanOf is the call returning the rows instr scans into dest: a Scan
// method called on the first result of a call.
func scanOf(instr ssa.Instruction, dest ssa.Value) *ssa.Call {
	c, recv := scanCall(instr)
	if c == nil {
		return nil
	}
	if c.Args[len(c.Args)-1] != dest {
		return nil
	}
	switch x := ssavalue.Unconvert(recv).(type) {
	case *ssa.Extract:
		if q, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return q
		}
	case *ssa.Call:
		return x
	}
	return nil
}

// calleeObj is the function a static call calls, as the catalog keys it.
func calleeObj(c *ssa.Call) (*types.Func, bool) {
	fn := c.Call.StaticCallee()
	if fn == nil {
		return nil, false
	}
	obj, ok := fn.Object().(*types.Func)
	return obj, ok && obj != nil
}

// resolveRows guards the inserts that write a row per id a call here
// returned, where that call is a statement whose second run returns no
// row, on the insert's transaction (after guard.Analyze).
func (w *walker) resolveRows() {
	if len(w.rowsLocal) == 0 {
		return
	}
	for _, s := range w.sites {
		e := s.Effect
		q, ok := w.rowsLocal[e]
		if !ok || e.Guard != nil || e.Issue != "" || !e.Tx || s.Exec == nil {
			continue
		}
		var cas *effect.Effect
		for _, c := range w.sites {
			if c.Instr != ssa.CallInstruction(q) || !c.Direct || c.Effect.Kind != effect.KindDBWrite {
				continue
			}
			if !changesOnce(c.Effect) || c.Exec == nil || normalize(c.Exec) != normalize(s.Exec) {
				cas = nil
				break
			}
			if cas == nil {
				cas = c.Effect
			}
		}
		if cas == nil {
			continue
		}
		e.Guard = &effect.Guard{Kind: effect.GuardClaim, Pos: cas.Evidence(), SameTx: true,
			Note: "the insert writes a row per id returned by the " + changeWord(cas) + " of " + cas.Target + " at " + cas.Evidence() +
				" in its transaction, which changes a row only once: a second delivery's returns none, so inserts none"}
	}
}

// changeWord names the statement a RETURNING came from, as written (a
// compare-and-set update whose outcome its function hands back is a
// claim only for the callers that test it: Effect.ClaimFrom).
func changeWord(e *effect.Effect) string {
	op := e.Op
	if e.ClaimFrom != "" {
		op = e.ClaimFrom
	}
	switch sqlclass.Op(op) {
	case sqlclass.UpdateSet:
		return "update"
	case sqlclass.UpsertSet:
		return "upsert"
	case sqlclass.Delete:
		return "delete"
	}
	return "claim"
}

// changesOnce reports whether a statement's RETURNING rows are rows a
// second run no longer returns: a claim, a delete, or an update or upsert
// that reports its change and was not found to set a value new on every
// delivery (as changeGated asks of a CTE).
func changesOnce(e *effect.Effect) bool {
	if !e.Returning || e.NewerThan != nil {
		return false
	}
	switch sqlclass.Op(e.Op) {
	case sqlclass.Claim, sqlclass.Delete:
		return true
	case sqlclass.UpsertSet, sqlclass.UpdateSet:
		return e.ReportsChange
	}
	return false
}
