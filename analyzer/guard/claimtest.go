package guard

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// test is a branch on a claim's result.
type test struct {
	ifi         *ssa.If
	first, dup  *ssa.BasicBlock
	dupAndError bool // the dup edge also carries real errors (err != nil)
	// nilOnDup are error values that are nil on a duplicate (the claim's
	// own error: a conflict is not an error), so returning them there
	// returns nil.
	nilOnDup map[ssa.Value]bool
	// dupErrs are the claim's values that are an error on a duplicate
	// ("no rows", a declared duplicate error), and the calls that give them.
	dupErrs map[ssa.Value]bool
}

// Kinds of values derived from a claim's result.
type derived int

const (
	result       derived = iota // the call's (first) result
	plainErr                    // an error that is nil on a duplicate (Exec\'s, RowsAffected\'s)
	count                       // rows affected
	noRowsErr                   // an error that is "no rows" exactly on a duplicate
	firstBool                   // true on the first delivery
	dupBool                     // true on a duplicate
	dupOrErrBool                // true on a duplicate or an error
	rowBool                     // a result set's Next: true while changed rows come back
	rowSlice                    // the rows a result set gave, gathered in a slice: empty on a duplicate
)

// dupTests finds the branches that test a claim's result, and reports
// whether the result (or what is derived from it) is returned, and as what.
func dupTests(c *Site, ix *models.Index) (tests []test, returned bool, ret *ClaimReturn) {
	call := c.Instr.Value()
	if call == nil {
		return nil, false, nil
	}
	// What the claim's results say: a bool is true on the first delivery
	// (SETNX-like guard functions); an error is nil on a duplicate, unless
	// the claim declares duplicate errors; anything else (a command tag, a
	// row, a result) is followed through the methods called on it.
	initial := func(v ssa.Value, last bool) derived {
		switch {
		case isError(v.Type()) && last && c.Effect.ClaimOutcome != "":
			// The claim is read back as one row whatever happened: its
			// error is a real one; the destinations hold the outcome.
			return plainErr
		case isBool(v.Type()):
			return firstBool
		case isError(v.Type()) && last && len(c.DupErrors) > 0:
			return noRowsErr
		case isError(v.Type()) && last && c.Effect.Returning && !isTuple(call.Type()):
			// A scanning call (sqlx Get) of a RETURNING claim: no row, so
			// sql.ErrNoRows, on a duplicate.
			return noRowsErr
		case isError(v.Type()) && last:
			return plainErr
		}
		return result
	}
	if cr := c.ClaimReturn; cr != nil {
		// A claim helper's call: one result carries the outcome; an error
		// result next to it is the helper's own error.
		var work []item
		if tup, ok := call.Type().(*types.Tuple); ok {
			for _, r := range ssavalue.Referrers(call) {
				ex, ok := r.(*ssa.Extract)
				switch {
				case !ok:
				case ex.Index == cr.Index:
					work = append(work, item{ex, fromReturn[cr.Kind]})
				case cr.ErrNilOnDup && ex.Index == tup.Len()-1 && isError(ex.Type()):
					work = append(work, item{ex, plainErr})
				}
			}
		} else if cr.Index == 0 {
			work = append(work, item{call, fromReturn[cr.Kind]})
		}
		return walkClaim(c, ix, work)
	}
	var work []item
	if tup, ok := call.Type().(*types.Tuple); ok {
		for _, r := range ssavalue.Referrers(call) {
			if ex, ok := r.(*ssa.Extract); ok && (ex.Index == 0 || ex.Index == tup.Len()-1) {
				work = append(work, item{ex, initial(ex, ex.Index == tup.Len()-1)})
			}
		}
	} else {
		work = append(work, item{call, initial(call, true)})
	}
	if k, ok := outcomeKinds[c.Effect.ClaimOutcome]; ok && isError(call.Type()) {
		// A scanning call (sqlx Get(&inserted, …)) fills the outcome.
		work = append(work, outcomeLoads(call.Call.Args, k)...)
	}
	return walkClaim(c, ix, work)
}

// outcomeKinds maps a claim's scanned outcome to what its value says.
var outcomeKinds = map[string]derived{"exists": firstBool, "count": count}

// outcomeLoads are the loads of the variables a scanning call fills
// (through interface conversions and a variadic slice), taken as the
// claim's outcome k.
func outcomeLoads(args []ssa.Value, k derived) []item {
	var out []item
	for _, a := range args {
		for _, v := range append(ssavalue.SliceElems(a), a) {
			alloc, ok := ssavalue.Unconvert(v).(*ssa.Alloc)
			if !ok {
				continue
			}
			for _, r := range ssavalue.Referrers(alloc) {
				if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
					out = append(out, item{load, k})
				}
			}
		}
	}
	return out
}

// walkClaim follows the values derived from a claim's results to the
// branches that test them and the returns that pass them on.
func walkClaim(c *Site, ix *models.Index, work []item) (tests []test, returned bool, ret *ClaimReturn) {
	plain := map[ssa.Value]bool{}
	// The claim's own results are never another operation's failure.
	dupErrs := map[ssa.Value]bool{}
	if v := c.Instr.Value(); v != nil {
		dupErrs[v] = true
	}
	seen := map[ssa.Value]bool{}
	// The returns that pass a derived value on, in the order found; which
	// of them carries the outcome is known once the tests are (below).
	var handed []handedUp
	for len(work) > 0 {
		it := work[0]
		work = work[1:]
		if seen[it.v] {
			continue
		}
		seen[it.v] = true

		if it.k == plainErr {
			plain[it.v] = true
			continue
		}
		if it.k == firstBool || it.k == dupBool {
			if c.outcomes == nil {
				c.outcomes = map[ssa.Value]derived{}
			}
			c.outcomes[it.v] = it.k
		}
		if it.k == noRowsErr {
			dupErrs[it.v] = true
			if ex, ok := it.v.(*ssa.Extract); ok {
				dupErrs[ex.Tuple] = true
			}
		}
		for _, r := range ssavalue.Referrers(it.v) {
			switch x := r.(type) {
			case *ssa.Return:
				returned = true
				for i, rv := range x.Results {
					if rv == it.v && returnKinds[it.k] != "" {
						handed = append(handed, handedUp{x, &ClaimReturn{Index: i, Kind: returnKinds[it.k]}})
					}
				}
			case *ssa.Call:
				if it.k == result || it.k == noRowsErr {
					work = append(work, fromCall(x, it.v, it.k, ix, c.DupErrors, c.Effect.ClaimOutcome)...)
				}
				if b, ok := x.Call.Value.(*ssa.Builtin); ok && it.k == rowSlice && b.Name() == "len" && len(x.Call.Args) == 1 && x.Call.Args[0] == it.v {
					work = append(work, item{x, count}) // len(changed) > 0
				}
			case *ssa.Extract:
				if x.Index == 0 && it.k == count {
					work = append(work, item{x, count})
				}
			case *ssa.FieldAddr:
				// An embedded field (a promoted method's receiver is taken
				// from it), or gorm's result fields.
				if it.k != result {
					continue
				}
				st, ok := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
				if !ok {
					continue
				}
				switch f := st.Field(x.Field); {
				case f.Embedded():
					work = append(work, item{x, result})
				case f.Name() == "RowsAffected" || ix.IsRowCount(x.X.Type(), f.Name()):
					// gorm's RowsAffected; a catalog's row counts
					// (MongoDB's UpdateResult.MatchedCount).
					for _, l := range ssavalue.Referrers(x) {
						if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL {
							work = append(work, item{load, count})
						}
					}
				case f.Name() == "Error":
					for _, l := range ssavalue.Referrers(x) {
						if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL {
							work = append(work, item{load, plainErr})
						}
					}
				}
			case *ssa.BinOp:
				if k, ok := compare(x, it.v, it.k, ix, c.DupErrors); ok {
					work = append(work, item{x, k})
				}
			case *ssa.Store:
				if x.Val == it.v && it.k == rowSlice {
					// return items, nil in a function with a defer
					// (rows.Close()): the result slot is stored, then
					// loaded by the return of the same block.
					if r, ok := x.Block().Instrs[len(x.Block().Instrs)-1].(*ssa.Return); ok {
						for i := range r.Results {
							if returnValue(r, i) == it.v {
								returned = true
								if ret == nil {
									ret = &ClaimReturn{Index: i, Kind: returnKinds[it.k]}
								}
							}
						}
					}
				}
				// The outcome kept in a variable a closure shares
				// (applied = err == nil; … if !applied { return nil }).
				if x.Val == it.v && (it.k == firstBool || it.k == dupBool) {
					for _, load := range cellLoads(x, it.k) {
						work = append(work, item{load, it.k})
					}
				}
			case *ssa.UnOp:
				if x.Op == token.NOT {
					switch it.k {
					case firstBool:
						work = append(work, item{x, dupBool})
					case dupBool:
						work = append(work, item{x, firstBool})
					}
				}
			case *ssa.If:
				if it.k == rowBool {
					// for rows.Next() { … items = append(items, r) }:
					// the slice gathers the rows the claim returned.
					for _, p := range gathered(x) {
						work = append(work, item{p, rowSlice})
					}
					continue
				}
				switch it.k {
				case firstBool:
					tests = append(tests, test{ifi: x, first: x.Block().Succs[0], dup: x.Block().Succs[1]})
				case dupBool:
					tests = append(tests, test{ifi: x, first: x.Block().Succs[1], dup: x.Block().Succs[0]})
				case dupOrErrBool:
					tests = append(tests, test{ifi: x, first: x.Block().Succs[1], dup: x.Block().Succs[0], dupAndError: true})
				}
			}
		}
	}
	for i := range tests {
		tests[i].nilOnDup = plain
		tests[i].dupErrs = dupErrs
	}
	if ret == nil {
		ret = outcomeReturn(handed, tests)
	}
	if ret != nil {
		ret.ErrNilOnDup = errNilOnDup(c.Instr.Parent(), plain)
	}
	return tests, returned, ret
}

// handedUp is a return that passes a claim-derived value on, and as what.
type handedUp struct {
	ret *ssa.Return
	cr  *ClaimReturn
}

// outcomeReturn is how the first of the returns a duplicate can reach
// carries the claim's outcome, nil when none does. A return of the
// claim's "no rows" error on the not-a-duplicate edge of a test
// (`if errors.Is(err, ErrNoRows) { return nil }; return err`) hands up
// only real failures: the function mapped the duplicate to success
// itself, so it is no claim helper and its callers, which return its
// error, return no duplicate (nilmapped.go in testdata/src/guards).
func outcomeReturn(handed []handedUp, tests []test) *ClaimReturn {
	for _, h := range handed {
		if h.cr.Kind != returnKinds[noRowsErr] || !pastDuplicate(h.ret.Block(), tests) {
			return h.cr
		}
	}
	return nil
}

// pastDuplicate reports whether block b runs only on the first-time (or
// real-error) edge of one of the tests, which a duplicate never takes.
func pastDuplicate(b *ssa.BasicBlock, tests []test) bool {
	for _, t := range tests {
		if len(t.first.Preds) == 1 && t.first.Dominates(b) {
			return true
		}
	}
	return false
}

// errNilOnDup reports whether every return of a claim helper gives a nil
// error or one that is nil on a duplicate (plain).
func errNilOnDup(fn *ssa.Function, plain map[ssa.Value]bool) bool {
	res := fn.Signature.Results()
	if res.Len() < 2 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		v := returned(ret, len(ret.Results)-1)
		if c, ok := v.(*ssa.Const); ok && c.IsNil() {
			continue
		}
		if !plain[v] {
			return false
		}
	}
	return true
}

// returnKinds names the derived values a claim helper can return.
// "result" is the claim's own result handed back whole (a closure that
// returns db.ExecCtx(…), run by a library that returns what it returns):
// the caller follows the methods it calls on it (RowsAffected).
var returnKinds = map[derived]string{firstBool: "first", dupBool: "dup", count: "count", noRowsErr: "norows", result: "result", rowSlice: "rows"}

// fromReturn maps a claim helper's declared result kind back.
var fromReturn = map[string]derived{"first": firstBool, "dup": dupBool, "count": count, "norows": noRowsErr, "result": result, "rows": rowSlice}

// item is a value derived from a claim's result, with what it says.
type item struct {
	v ssa.Value
	k derived
}

// fromCall follows a claim-derived value through a method called on it
// (Scan, RowsAffected, Val, Result) or errors.Is; outcome is the claim's
// ClaimOutcome.
func fromCall(call *ssa.Call, v ssa.Value, k derived, ix *models.Index, dupErrors []string, outcome string) []item {
	c := call.Call
	var name string
	isRecv := false
	if c.IsInvoke() {
		name = c.Method.Name()
		isRecv = c.Value == v
	} else if callee := c.StaticCallee(); callee != nil && callee.Object() != nil {
		obj := callee.Object().(*types.Func)
		name = obj.Name()
		if sig := obj.Type().(*types.Signature); sig.Recv() != nil {
			isRecv = len(c.Args) > 0 && embeddedIn(c.Args[0], v)
		}
		if obj.FullName() == "errors.Is" && k == noRowsErr && len(c.Args) == 2 && c.Args[0] == v && isNoRows(c.Args[1], ix, dupErrors) {
			return []item{{call, dupBool}}
		}
		if obj.FullName() == "errors.As" && k == noRowsErr && len(c.Args) == 2 && c.Args[0] == v && isDupType(c.Args[1], dupErrors) {
			// A claim that fails with an error type on a duplicate
			// (DynamoDB's conditional put: ConditionalCheckFailedException).
			return []item{{call, dupBool}}
		}
	}
	if !isRecv || k != result {
		return nil
	}
	if rowsCursor(v.Type()) && name == "Next" {
		// A claim's RETURNING rows (sqlc :many): a duplicate changes
		// nothing and gets none back.
		return []item{{call, rowBool}}
	}
	if rowsCursor(v.Type()) && (name == "Scan" || name == "Err") {
		// A result set (Query's rows): no row is an empty iteration, not
		// an error; Scan's and Err's errors are real ones.
		return []item{{call, plainErr}}
	}
	switch name {
	case "Scan":
		if ok, found := outcomeKinds[outcome]; found {
			return append([]item{{call, plainErr}}, outcomeLoads(call.Call.Args, ok)...)
		}
		return []item{{call, noRowsErr}}
	case "RowsAffected":
		if _, ok := call.Type().(*types.Tuple); ok {
			var out []item
			for _, r := range ssavalue.Referrers(call) {
				if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
					out = append(out, item{ex, count})
				} else if ok && ex.Index == 1 {
					out = append(out, item{ex, plainErr})
				}
			}
			return out
		}
		return []item{{call, count}}
	case "Val":
		return []item{{call, firstBool}}
	case "Result":
		// (bool, error) from SETNX: true on the first delivery. (string,
		// error) from SET NX: the error is redis.Nil on a duplicate.
		boolResult := false
		if tup, ok := call.Type().(*types.Tuple); ok && tup.Len() == 2 {
			boolResult = isBool(tup.At(0).Type())
		}
		var out []item
		for _, r := range ssavalue.Referrers(call) {
			ex, ok := r.(*ssa.Extract)
			switch {
			case !ok:
			case ex.Index == 0 && boolResult:
				out = append(out, item{ex, firstBool})
			case ex.Index == 1 && boolResult:
				out = append(out, item{ex, plainErr})
			case ex.Index == 1:
				out = append(out, item{ex, noRowsErr})
			}
		}
		return out
	case "Err":
		return []item{{call, noRowsErr}}
	}
	return nil
}

// rowsCursor reports whether t is a result set iterated with Next() bool
// (database/sql's *Rows, pgx.Rows, sqlx's *Rows), not a single row.
func rowsCursor(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Next")
	f, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := f.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && isBool(sig.Results().At(0).Type())
}

// embeddedIn reports whether recv is v or an embedded field of v (a
// promoted method's receiver: x.Err() on a *StatusCmd calls
// (*baseCmd).Err(&x.baseCmd)).
func embeddedIn(recv, v ssa.Value) bool {
	for i := 0; i < 4; i++ {
		if recv == v {
			return true
		}
		switch x := recv.(type) {
		case *ssa.FieldAddr:
			if st, ok := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct); ok && st.Field(x.Field).Embedded() {
				recv = x.X
				continue
			}
		case *ssa.Field:
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok && st.Field(x.Field).Embedded() {
				recv = x.X
				continue
			}
		case *ssa.UnOp:
			if x.Op == token.MUL {
				recv = x.X
				continue
			}
		}
		return false
	}
	return false
}

// compare classifies a comparison of a claim-derived value.
func compare(b *ssa.BinOp, v ssa.Value, k derived, ix *models.Index, dupErrors []string) (derived, bool) {
	other := b.Y
	if b.Y == v {
		other = b.X
	}
	switch k {
	case count:
		c, ok := other.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			return 0, false
		}
		n, _ := constant.Int64Val(c.Value)
		at := func(x int64) bool {
			l, r := x, n
			if b.Y == v {
				l, r = n, x
			}
			switch b.Op {
			case token.EQL:
				return l == r
			case token.NEQ:
				return l != r
			case token.LSS:
				return l < r
			case token.LEQ:
				return l <= r
			case token.GTR:
				return l > r
			case token.GEQ:
				return l >= r
			}
			return false
		}
		zero, one := at(0), at(1)
		switch {
		case zero && !one:
			return dupBool, true
		case !zero && one:
			return firstBool, true
		}
	case noRowsErr:
		if isNoRows(other, ix, dupErrors) {
			if b.Op == token.EQL {
				return dupBool, true
			}
			if b.Op == token.NEQ {
				return firstBool, true
			}
		}
		if c, ok := other.(*ssa.Const); ok && c.IsNil() {
			if b.Op == token.NEQ {
				return dupOrErrBool, true
			}
			if b.Op == token.EQL {
				return firstBool, true
			}
		}
	}
	return 0, false
}

// isDupType reports whether target, errors.As's target (&ccfe, ccfe a
// *types.ConditionalCheckFailedException), points to a variable of an
// error type dupErrors names ("pkg/path.Type", the pointer taken off).
func isDupType(target ssa.Value, dupErrors []string) bool {
	p, ok := ssavalue.Unconvert(target).Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	t := p.Elem()
	if q, ok := t.Underlying().(*types.Pointer); ok {
		t = q.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return slices.Contains(dupErrors, n.Obj().Pkg().Path()+"."+n.Obj().Name())
}

// isNoRows reports whether v loads a "no rows" error variable.
func isNoRows(v ssa.Value, ix *models.Index, dupErrors []string) bool {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.UnOp:
			if g, ok := x.X.(*ssa.Global); ok {
				if obj, ok := g.Object().(*types.Var); ok {
					if len(dupErrors) > 0 {
						return obj.Pkg() != nil && slices.Contains(dupErrors, obj.Pkg().Path()+"."+obj.Name())
					}
					return ix.IsNoRows(obj)
				}
			}
		case *ssa.Const:
			// An error constant (go-redis's Nil is a typed string const).
			return len(dupErrors) == 0 && ix.IsNoRowsConst(x.Type(), x.Value)
		}
		return false
	}
}

// cellLoads are the loads, in the store's function, of the variable a
// claim's outcome is stored into (a captured variable's cell: an Alloc, or
// the closure's FreeVar) that the store dominates, when every other store
// into it in that function writes the constant a duplicate gives (false
// for firstBool, true for dupBool): the load then holds the outcome or
// says "duplicate". A variable written from anything else decides nothing
// here.
func cellLoads(st *ssa.Store, k derived) []ssa.Value {
	switch addr := st.Addr.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
	case *ssa.FieldAddr:
		return fieldCellLoads(st, addr, k)
	default:
		return nil
	}
	fn := st.Parent()
	var loads []ssa.Value
	for _, r := range ssavalue.Referrers(st.Addr) {
		if r.Parent() != fn {
			continue
		}
		switch x := r.(type) {
		case *ssa.Store:
			if x == st {
				continue
			}
			c, ok := x.Val.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.Bool || constant.BoolVal(c.Value) != (k == dupBool) {
				return nil
			}
		case *ssa.UnOp:
			if x.Op == token.MUL && storeBefore(st, x) {
				loads = append(loads, x)
			}
		case *ssa.DebugRef:
		default:
			return nil // the address handed on (a call, a closure): written elsewhere
		}
	}
	return loads
}

// fieldCellLoads is cellLoads for a field of a struct variable (a
// captured result: result.DomainChanged = err == nil; … if
// result.DomainChanged): the loads of the same field of the same variable
// that the store runs before, when every other store into that field
// writes the constant a duplicate gives, and every store of the whole
// struct writes its zero value (result = T{…} without the field) or runs
// just before the store, in its block. A variable whose address is handed
// on (a call, a closure) may be written elsewhere and decides nothing.
func fieldCellLoads(st *ssa.Store, fa *ssa.FieldAddr, k derived) []ssa.Value {
	switch fa.X.(type) {
	case *ssa.Alloc, *ssa.FreeVar:
	default:
		return nil
	}
	fn := st.Parent()
	dupConst := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Const)
		return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) == (k == dupBool)
	}
	var loads []ssa.Value
	for _, r := range ssavalue.Referrers(fa.X) {
		if r.Parent() != fn {
			continue
		}
		switch x := r.(type) {
		case *ssa.FieldAddr:
			for _, rr := range ssavalue.Referrers(x) {
				if x.Field != fa.Field {
					// Another field: read or written, not this one; its
					// address handed on writes only itself.
					continue
				}
				switch y := rr.(type) {
				case *ssa.Store:
					if y != st && (y.Addr != x || !dupConst(y.Val)) {
						return nil
					}
				case *ssa.UnOp:
					if y.Op == token.MUL && storeBefore(st, y) {
						loads = append(loads, y)
					}
				case *ssa.DebugRef:
				default:
					return nil
				}
			}
		case *ssa.Store:
			// The whole struct: a zero value (false in every field), or
			// a value stored before the claim's store in its block.
			if c, ok := x.Val.(*ssa.Const); ok && c.Value == nil && !k.dupZero() {
				continue
			}
			if !k.dupZero() && zeroField(x.Val, fa.Field, dupConst) {
				continue
			}
			if x.Block() == st.Block() && storeBefore(x, st) {
				continue
			}
			return nil
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	return loads
}

// zeroField reports whether v, a struct loaded from a composite literal
// built in place (result = T{Key: k}), holds in field i its zero value
// or only values ok accepts: the literal does not set the field, or sets
// it to such a value, and its address goes nowhere else.
func zeroField(v ssa.Value, i int, ok func(ssa.Value) bool) bool {
	load, isLoad := v.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return false
	}
	lit, isAlloc := load.X.(*ssa.Alloc)
	if !isAlloc {
		return false
	}
	for _, r := range ssavalue.Referrers(lit) {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			for _, rr := range ssavalue.Referrers(x) {
				st, isStore := rr.(*ssa.Store)
				switch {
				case x.Field != i && isStore && st.Addr == x:
				case x.Field == i && isStore && st.Addr == x && ok(st.Val):
				default:
					if _, isDbg := rr.(*ssa.DebugRef); !isDbg {
						return false
					}
				}
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if c, isConst := x.Val.(*ssa.Const); !isConst || c.Value != nil {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// dupZero reports whether the zero value (false) says "duplicate": it
// does for dupBool, so a zeroed field is not the claim's "first".
func (k derived) dupZero() bool { return k == dupBool }

// storeBefore reports whether st runs before every path reaches load.
func storeBefore(st *ssa.Store, load ssa.Instruction) bool {
	if st.Block() != load.Block() {
		return st.Block().Dominates(load.Block())
	}
	for _, in := range st.Block().Instrs {
		switch in {
		case st:
			return true
		case load:
			return false
		}
	}
	return false
}

// gathered are the slices a loop on a result set's Next (ifi) fills with
// the rows: a phi whose every edge is nil, the phi itself again, or an
// append to it made only while Next gives a row (a block the true edge
// dominates). Its length is the number of rows the claim returned, 0 on
// a duplicate; a slice also filled from anything else is not one.
func gathered(ifi *ssa.If) []ssa.Value {
	body := ifi.Block().Succs[0]
	if len(body.Preds) != 1 {
		return nil
	}
	var out []ssa.Value
	seen := map[*ssa.Phi]bool{}
	for _, b := range ifi.Parent().Blocks {
		if !body.Dominates(b) {
			continue
		}
		for _, in := range b.Instrs {
			call, ok := in.(*ssa.Call)
			if !ok {
				continue
			}
			if bi, ok := call.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "append" || len(call.Call.Args) == 0 {
				continue
			}
			phi, ok := call.Call.Args[0].(*ssa.Phi)
			if !ok || seen[phi] {
				continue
			}
			seen[phi] = true
			if rowsOnly(phi, body) {
				out = append(out, phi)
			}
		}
	}
	return out
}

// rowsOnly reports whether every edge of phi is nil, phi itself, or an
// append to phi made in a block body dominates.
func rowsOnly(phi *ssa.Phi, body *ssa.BasicBlock) bool {
	appended := false
	for _, e := range phi.Edges {
		switch x := e.(type) {
		case *ssa.Const:
			if !x.IsNil() {
				return false
			}
		case *ssa.Phi:
			if x != phi {
				return false
			}
		case *ssa.Call:
			bi, ok := x.Call.Value.(*ssa.Builtin)
			if !ok || bi.Name() != "append" || len(x.Call.Args) == 0 || x.Call.Args[0] != phi || !body.Dominates(x.Block()) {
				return false
			}
			appended = true
		default:
			return false
		}
	}
	return appended
}

// returnValue is returned, for walkClaim, whose result of that name hides it.
func returnValue(ret *ssa.Return, i int) ssa.Value { return returned(ret, i) }
