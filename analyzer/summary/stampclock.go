package summary

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// The transaction's clock passed as a parameter. stamped.go guards an
// insert … select of the rows stamped with now() when every stamp is a
// write that changes a row once. The same holds when the stamp and the
// copy's predicate are a parameter whose value is the database clock read
// for the transaction (… where runs.synced_at = $3, $3 scanned from
// SELECT clock_timestamp() by the code that begins it): that value is new
// in every transaction, as now() is. A time the job carries is not: the
// first delivery's rows match it again. sqlclass records the candidates
// (StampedParam, ClockParams: "col=$n"); here each $n's argument is traced
// with the value flow the key origins use (keys.go trace, clock mode)
// to
//   - a value scanned from a query that only reads the clock
//     (sqlclass.ClockRead; clockScanned);
//   - the result of a function returning one (Summary.ClockResult, across
//     packages; the package's own functions are read directly,
//     clockReturned, as their summaries may not be made yet);
//   - an unexported field of the package's struct that every store in the
//     package gives such a value (clockField: no other package can store
//     there);
//   - a field of a local or captured struct stored such a value earlier
//     in the same function, by every store to it there (localClock);
//   - or a parameter, left to the callers (effect.StampArg, resolveStamps),
//     field by field through a struct they pass (a generated query
//     layer's params struct).
// A stamp found to be the clock is taken as now() in the text would be:
// the copy's column into StampedBy, a write's into ClockSets; one that
// is not is dropped, and stamped.go's conditions do the rest (a write
// assigning the column that is not such a stamp makes the copy repeat).
// Not told: a zero value of the struct whose field is never set (a
// literal leaving it out), and a callee given the struct's address that
// stores into the field between the store and the read.

// clockOrigin is what a stamp's value is: the database clock (clock, its
// description), or a parameter (1-based, receiver first, then free
// variables) and the field read off it.
type clockOrigin struct {
	clock string
	param int
	field string
}

// clockTrace is the trace looking for the database clock.
func (w *walker) clockTrace() *trace {
	return &trace{w: w, fn: func(*types.Func) bool { return false }, field: func(types.Type, string) bool { return false },
		result: clockResult, idSource: func(*effect.Key) string { return "" }, clock: true, seen: map[ssa.Value]bool{}}
}

func clockResult(s *Summary) string { return s.ClockResult }

// clockOf traces a stamp's value.
func (w *walker) clockOf(v ssa.Value) clockOrigin {
	if v == nil {
		return clockOrigin{}
	}
	if s := w.clockTrace().source(v, 0); s != "" {
		return clockOrigin{clock: s}
	}
	return w.stampParam(v)
}

// stampParam is the parameter (or the field of one) v is, unwrapped of
// conversions: only the value itself is left to the callers, not one
// merely derived from it (the trace's param is any it reaches).
func (w *walker) stampParam(v ssa.Value) clockOrigin {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			v = x.X
			continue
		}
		break
	}
	var index func(v ssa.Value) int
	index = func(v ssa.Value) int {
		switch y := v.(type) {
		case *ssa.Alloc:
			// A parameter spilled to a local (its field's address taken
			// by the SSA builder): the one value stored there.
			var p *ssa.Parameter
			for _, r := range ssavalue.Referrers(y) {
				if st, ok := r.(*ssa.Store); ok && st.Addr == y {
					q, ok := st.Val.(*ssa.Parameter)
					if !ok || p != nil {
						return 0
					}
					p = q
				}
			}
			if p != nil {
				return index(p)
			}
		case *ssa.Parameter:
			return paramIndex(w.fn, y) + 1
		case *ssa.FreeVar:
			for i, fv := range w.fn.FreeVars {
				if fv == y {
					return len(w.fn.Params) + i + 1
				}
			}
		}
		return 0
	}
	switch x := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		if i := index(x); i > 0 {
			return clockOrigin{param: i}
		}
	case *ssa.Field:
		if i := index(x.X); i > 0 {
			return clockOrigin{param: i, field: ssavalue.FieldAt(x.X.Type(), x.Field)}
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if i := index(fa.X); i > 0 {
				return clockOrigin{param: i, field: ssavalue.FieldName(fa)}
			}
		}
	}
	return clockOrigin{}
}

// clockFieldOf traces field name of the struct v is (a params struct
// literal a caller passes), or leaves it to this function's callers when
// v is a parameter.
func (w *walker) clockFieldOf(v ssa.Value, name string) clockOrigin {
	x := ssavalue.Unconvert(v)
	switch y := x.(type) {
	case *ssa.Parameter:
		return clockOrigin{param: paramIndex(w.fn, y) + 1, field: name}
	case *ssa.FreeVar:
		for i, fv := range w.fn.FreeVars {
			if fv == y {
				return clockOrigin{param: len(w.fn.Params) + i + 1, field: name}
			}
		}
		return clockOrigin{}
	}
	alloc := localStruct(x)
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL && alloc == nil {
		if a, ok := ld.X.(*ssa.Alloc); ok && structOf(a.Type()) != nil {
			alloc = a // a struct variable read whole
		}
	}
	if alloc == nil {
		return clockOrigin{}
	}
	vals := localFieldValues(alloc, name, 0)
	if len(vals) == 0 {
		return clockOrigin{}
	}
	var out clockOrigin
	for i, val := range vals {
		o := w.clockOf(val)
		if o.clock == "" {
			return clockOrigin{} // every store, or not told
		}
		if i == 0 {
			out = o
		}
	}
	return out
}

// stampParams decides, where SQL runs, the stamps it is given as
// parameters: the database clock, taken as now(); a parameter of this
// function, left to the callers.
func (w *walker) stampParams(e *effect.Effect, st sqlclass.Stmt, params []ssa.Value) {
	add := func(list string, copyOf bool) {
		for _, c := range strings.Split(list, ",") {
			col, num, ok := strings.Cut(c, "=$")
			n, err := strconv.Atoi(num)
			if !ok || err != nil || n < 1 || n > len(params) {
				continue
			}
			w.applyStamp(e, effect.StampArg{Col: col, Copy: copyOf}, w.clockOf(params[n-1]))
		}
	}
	if st.StampedBy == "" && st.StampedParam != "" {
		add(st.StampedParam, true)
	}
	if st.ClockParams != "" {
		add(st.ClockParams, false)
	}
}

// applyStamp records a stamp's origin on e.
func (w *walker) applyStamp(e *effect.Effect, sa effect.StampArg, o clockOrigin) {
	switch {
	case o.clock != "" && sa.Copy:
		if e.StampedBy == "" {
			e.StampedBy = sa.Col
		}
	case o.clock != "":
		e.ClockSets = addCol(e.ClockSets, sa.Col)
	case o.param > 0:
		sa.Param, sa.Field = o.param, o.field
		e.StampArgs = append(e.StampArgs, sa)
	}
}

// resolveStamps decides, at a call, a callee's stamps passed as its
// parameters.
func (w *walker) resolveStamps(e *effect.Effect, args, bindings []ssa.Value) {
	if len(e.StampArgs) == 0 {
		return
	}
	pending := e.StampArgs
	e.StampArgs = nil // a copy of the callee's effect: never edit its slice
	for _, sa := range pending {
		v := pick(sa.Param-1, args, bindings)
		if v == nil {
			continue
		}
		var o clockOrigin
		if sa.Field != "" {
			o = w.clockFieldOf(v, sa.Field)
		} else {
			o = w.clockOf(v)
		}
		w.applyStamp(e, effect.StampArg{Col: sa.Col, Copy: sa.Copy}, o)
	}
}

// addCol adds a column to a sorted comma-separated list.
func addCol(list, col string) string {
	if hasCol(list, col) {
		return list
	}
	cols := []string{col}
	if list != "" {
		cols = append(cols, strings.Split(list, ",")...)
	}
	return strings.Join(sortedStrings(cols), ",")
}

func sortedStrings(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// clockResult sets the database clock the function's results are
// scanned from, if any.
func (w *walker) clockResult(s *Summary) {
	s.ClockResult = w.returnedClock()
}

// returnedClock is the database clock one of w.fn's non-error results
// derives from, or "".
func (w *walker) returnedClock() string {
	results := w.fn.Signature.Results()
	errType := types.Universe.Lookup("error").Type()
	for _, b := range w.fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, r := range ret.Results {
			if types.Identical(results.At(i).Type(), errType) {
				continue
			}
			if s := w.clockTrace().source(r, 0); s != "" {
				return s
			}
		}
	}
	return ""
}

// clockReturned reads a function of the package that returns the
// database clock (its summary may not be made yet).
func (w *walker) clockReturned(callee *ssa.Function, _ ssa.Value, depth int) string {
	if callee.Blocks == nil || callee.Pkg != w.fn.Pkg || depth > 12 || w.p.clockBusy[callee] {
		return ""
	}
	// Each function is read once per package: without the memo a parser's
	// call chains (every production returning another's result) are read
	// once per path, exponentially (hashicorp/hcl's hclsyntax ran for
	// minutes). The functions are read in the package's fixed order, so a
	// result cut short by a cycle is the same on every run.
	if r, ok := w.p.clockResults[callee]; ok {
		return r
	}
	if w.p.clockBusy == nil {
		w.p.clockBusy = map[*ssa.Function]bool{}
		w.p.clockResults = map[*ssa.Function]string{}
	}
	w.p.clockBusy[callee] = true
	r := (&walker{p: w.p, fn: callee}).returnedClock()
	delete(w.p.clockBusy, callee)
	w.p.clockResults[callee] = r
	return r
}

// clockField is the database clock every store of the package into field
// i of struct type t gives, when the field is unexported and declared
// here (no other package can store there); "" otherwise.
func (w *walker) clockField(t types.Type, i int) string {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	f := st.Field(i)
	if f.Exported() || w.fn.Pkg == nil || f.Pkg() != w.fn.Pkg.Pkg {
		return ""
	}
	if r, ok := w.p.clockFields[f]; ok {
		return r
	}
	if w.p.clockFields == nil {
		w.p.clockFields = map[*types.Var]string{}
	}
	w.p.clockFields[f] = "" // in progress: a store tracing back to the field itself tells nothing
	found := ""
	for _, st := range w.p.fieldStoresOf(f) {
		r := (&walker{p: w.p, fn: st.fn}).clockTrace().source(st.store.Val, 0)
		if r == "" {
			return "" // one store that is not: the field is not the clock (left in progress: "")
		}
		if found == "" {
			found = r + " (stored in " + f.Name() + ")"
		}
	}
	w.p.clockFields[f] = found
	return found
}

// fieldStore is a store of the package into a struct field, with the
// function it is in.
type fieldStore struct {
	fn    *ssa.Function
	store *ssa.Store
}

// fieldStoresOf lists the package's stores into field f, in the order of
// funcs, their blocks and instructions. The stores of every field are
// indexed in one pass the first time: clockField asks for each
// unexported field it meets, and rescanning every instruction of the
// package per field was quadratic (flexprice's generated ent package:
// two fifths of its first run's CPU, by a perf sample, stop 58).
func (p *Package) fieldStoresOf(f *types.Var) []fieldStore {
	if p.fieldStores == nil && p.funcs != nil { // funcs are set once, before the summaries
		p.fieldStores = map[*types.Var][]fieldStore{}
		for _, fn := range p.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					s, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					fa, ok := s.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					if v := fieldVar(fa); v != nil {
						p.fieldStores[v] = append(p.fieldStores[v], fieldStore{fn, s})
					}
				}
			}
		}
	}
	return p.fieldStores[f]
}

// localClock is the database clock a field read of this function (x) was
// stored earlier in it, by every store to that field of the same struct
// here, one of which comes before the read; "" otherwise.
func (t *trace) localClock(x *ssa.FieldAddr, depth int) string {
	same := func(a, b ssa.Value) bool {
		if a == b {
			return true
		}
		la, ok1 := a.(*ssa.UnOp)
		lb, ok2 := b.(*ssa.UnOp)
		return ok1 && ok2 && la.Op == token.MUL && lb.Op == token.MUL && la.X == lb.X
	}
	found, before := "", false
	for _, b := range t.w.fn.Blocks {
		for i, instr := range b.Instrs {
			s, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := s.Addr.(*ssa.FieldAddr)
			if !ok || fa == x || fa.Field != x.Field || !same(fa.X, x.X) {
				continue
			}
			r := t.source(s.Val, depth+1)
			if r == "" {
				return ""
			}
			if found == "" {
				found = r
			}
			if xb := x.Block(); b == xb {
				for _, later := range b.Instrs[i+1:] {
					if later == x {
						before = true
					}
				}
			} else if b.Dominates(xb) {
				before = true
			}
		}
	}
	if !before {
		return ""
	}
	return found
}

// clockScanned names the database clock a local was scanned from: the
// address of v given to Scan on the row of a query that only reads the
// clock (SELECT clock_timestamp()); "" otherwise.
func (w *walker) clockScanned(v *ssa.Alloc) string {
	for _, r := range ssavalue.Referrers(v) {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok {
			continue
		}
		for _, rr := range ssavalue.Referrers(mi) {
			st, ok := rr.(*ssa.Store)
			if !ok {
				continue
			}
			ia, ok := st.Addr.(*ssa.IndexAddr)
			if !ok {
				continue
			}
			arr, ok := ia.X.(*ssa.Alloc)
			if !ok {
				continue
			}
			for _, ar := range ssavalue.Referrers(arr) {
				sl, ok := ar.(*ssa.Slice)
				if !ok {
					continue
				}
				for _, sr := range ssavalue.Referrers(sl) {
					if q := w.scanQuery(sr, sl); q != "" {
						return "the database clock (" + q + ")" // q: how it is read
					}
				}
			}
		}
	}
	return ""
}

// scanQuery is the clock query whose row instr scans into dest: a Scan
// call on the result of a call given a SQL text that only reads the
// clock.
func (w *walker) scanQuery(instr ssa.Instruction, dest ssa.Value) string {
	c, recv := scanCall(instr)
	if c == nil {
		return ""
	}
	found := false
	for _, a := range c.Args {
		if a == dest {
			found = true
		}
	}
	if !found {
		return ""
	}
	q, ok := ssavalue.Unconvert(recv).(*ssa.Call)
	if !ok {
		return ""
	}
	for _, a := range q.Call.Args {
		texts, why, _ := sqlTextsWhy(w.p, ssavalue.Unconvert(a))
		if why != "" || len(texts) == 0 {
			continue
		}
		for _, text := range texts {
			if !sqlclass.ClockRead(text) {
				return ""
			}
		}
		return "read by a query of only the clock"
	}
	return ""
}
