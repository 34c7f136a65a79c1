package guard

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// constraintClaims: a plain insert whose unique-key violation the function
// takes as success dedupes by its own constraint —
//
//	if _, err := tx.Exec(ctx, "insert into payments (id, …) …", id); err != nil {
//		var pgErr *pgconn.PgError
//		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
//			return nil // delivered before
//		}
//		return err
//	}
//
// — so a second delivery inserts nothing: the insert is guarded, and so are
// the effects that run only when it succeeded, as after a claim. How a
// violation is recognised (driver error codes, mongo.IsDuplicateKeyError,
// gorm.ErrDuplicatedKey, messages) is catalog data; helpers that test for
// one (isUniqueViolation(err) bool) are known from their summaries. A
// duplicate branch that returns the error is duplicate-as-error.
func (a *analysis) constraintClaims() {
	for _, c := range a.sites {
		e := c.Effect
		if !c.Direct || e.Kind != effect.KindDBWrite || e.Op != effect.OpInsert || e.Guard != nil || e.Issue != "" {
			continue
		}
		errv := errorOf(c.Instr)
		if errv == nil {
			continue
		}
		a.dupPG, a.dupOther = 0, 0
		tests := a.uniqueTests(errv)
		if len(tests) == 0 {
			continue
		}
		e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: "unique key of " + orTable(e.Target), Pos: e.Evidence(), SameTx: true,
			DupAbortsTx: a.dupPG > 0 && a.dupOther == 0}
		e.Detail = effect.JoinDetail(e.Detail, "a unique-key violation is taken as success: the insert dedupes by its constraint")
		// The effects after it: as after a claim on the insert's handle.
		claim := *c
		claimEffect := *e
		claimEffect.Tx = e.Tx
		claim.Effect = &claimEffect
		a.guardFirstTime(&claim, tests, "unique key of "+orTable(e.Target))
		// Only a branch of its own is the already-processed one: a
		// violation that falls through to the rest of the handler
		// (err != nil && !isDup(err)) returns the later effects' errors.
		var own []test
		dupErrs := map[ssa.Value]bool{errv: true}
		if ex, ok := errv.(*ssa.Extract); ok {
			dupErrs[ex.Tuple] = true
		}
		for _, t := range tests {
			if len(t.dup.Preds) == 1 {
				t.dupErrs = dupErrs
				own = append(own, t)
			}
		}
		a.pitfalls = append(a.pitfalls, duplicateAsError(a.fn, own, a.pos, a.env.Index)...)
	}
}

// errorOf is the error that says whether a call's insert succeeded: its
// last result, the error of Scan on its row (QueryRow(…).Scan), or the
// Error field of the result (gorm's db.Create(&x).Error).
func errorOf(ci ssa.CallInstruction) ssa.Value {
	call := ci.Value()
	if call == nil {
		return nil
	}
	if tup, ok := call.Type().(*types.Tuple); ok {
		if tup.Len() == 0 || !isError(tup.At(tup.Len()-1).Type()) {
			return nil
		}
		for _, r := range ssavalue.Referrers(call) {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == tup.Len()-1 {
				return ex
			}
		}
		return nil
	}
	if isError(call.Type()) {
		return call
	}
	for _, r := range ssavalue.Referrers(call) {
		switch x := r.(type) {
		case *ssa.Call:
			if x.Call.IsInvoke() && x.Call.Value == call || len(x.Call.Args) > 0 && x.Call.Args[0] == call {
				if fn := x.Call.StaticCallee(); (fn != nil && fn.Name() == "Scan") || (x.Call.IsInvoke() && x.Call.Method.Name() == "Scan") {
					if isError(x.Type()) {
						return x
					}
				}
			}
		case *ssa.FieldAddr:
			if st, ok := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct); ok && st.Field(x.Field).Name() == "Error" {
				for _, l := range ssavalue.Referrers(x) {
					if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL {
						return load
					}
				}
			}
		}
	}
	return nil
}

// errorFieldLoads are all the reads of the Error field of the result of
// ci (gorm's res.Error), where errorOf returns the first: code that
// tests the field and then returns it reads it twice.
func errorFieldLoads(ci ssa.CallInstruction) []ssa.Value {
	call := ci.Value()
	if call == nil {
		return nil
	}
	ptr, ok := call.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range ssavalue.Referrers(call) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || st.Field(fa.Field).Name() != "Error" {
			continue
		}
		for _, l := range ssavalue.Referrers(fa) {
			if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL {
				out = append(out, load)
			}
		}
	}
	return out
}

// uniqueTests pairs the function's tests of errv for a unique-key
// violation (the duplicate edge) with its test of errv against nil (the
// first-time edge: no error).
func (a *analysis) uniqueTests(errv ssa.Value) []test {
	var first *ssa.BasicBlock
	for _, r := range ssavalue.Referrers(errv) {
		bin, ok := r.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) || !isNil(bin.X) && !isNil(bin.Y) {
			continue
		}
		for _, rr := range ssavalue.Referrers(bin) {
			if ifi, ok := rr.(*ssa.If); ok {
				if bin.Op == token.NEQ {
					first = ifi.Block().Succs[1]
				} else {
					first = ifi.Block().Succs[0]
				}
			}
		}
	}
	var tests []test
	for _, b := range a.fn.Blocks {
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		ifi, ok := b.Instrs[n-1].(*ssa.If)
		if !ok {
			continue
		}
		if dup, ok := a.uniqueTest(ifi.Cond, errv, 0); ok {
			t := test{ifi: ifi, first: first, dup: b.Succs[0]}
			if !dup {
				t.dup = b.Succs[1]
			}
			if t.first == nil {
				// No test against nil: what runs past the violation test
				// runs only when it is not one.
				t.first = b.Succs[0]
				if dup {
					t.first = b.Succs[1]
				}
			}
			tests = append(tests, t)
		}
	}
	return tests
}

// uniqueTest reports whether v tests errv for a unique-key violation, and
// whether v is true on a violation (false: v is true when it is not one).
func (a *analysis) uniqueTest(v ssa.Value, errv ssa.Value, depth int) (onDup, ok bool) {
	if depth > 4 {
		return false, false
	}
	ix := a.env.Index
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			d, ok := a.uniqueTest(x.X, errv, depth+1)
			return !d, ok
		}
	case *ssa.Phi:
		// a && b: false on one edge, the test on the other.
		var found, dup bool
		for _, e := range x.Edges {
			if c, isConst := e.(*ssa.Const); isConst && c.Value != nil && c.Value.Kind() == constant.Bool {
				continue
			}
			d, ok := a.uniqueTest(e, errv, depth+1)
			if !ok || (found && d != dup) {
				return false, false
			}
			found, dup = true, d
		}
		return dup, found
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return false, false
		}
		for _, pair := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
			if val, isVal := comparedValue(pair[1]); isVal && a.uniqueOperand(pair[0], val, errv) {
				a.matched(val == pgUniqueViolation)
				return x.Op == token.EQL, true
			}
		}
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil {
			return false, false
		}
		obj, _ := callee.Object().(*types.Func)
		if obj == nil {
			if a.env.DuplicateTest != nil && a.env.DuplicateTest(callee) && anyDerived(x.Call.Args, errv) {
				a.matched(a.env.DuplicateAborts != nil && a.env.DuplicateAborts(callee))
				return true, true
			}
			return false, false
		}
		switch {
		case obj.FullName() == "errors.Is" && len(x.Call.Args) == 2 && fromErr(x.Call.Args[0], errv, 0):
			if g, isGlobal := ssavalue.Unconvert(loadOf(x.Call.Args[1])).(*ssa.Global); isGlobal {
				if gv, isVar := g.Object().(*types.Var); isVar && ix.UniqueError(gv) {
					a.matched(false)
					return true, true
				}
			}
		case obj.FullName() == "strings.Contains" && len(x.Call.Args) == 2 && fromErr(x.Call.Args[0], errv, 0):
			if c, isConst := x.Call.Args[1].(*ssa.Const); isConst && c.Value != nil && c.Value.Kind() == constant.String && ix.UniqueText(constant.StringVal(c.Value)) {
				a.matched(false)
				return true, true
			}
		case ix.UniqueTest(obj) && anyDerived(x.Call.Args, errv):
			a.matched(false)
			return true, true
		case a.env.DuplicateTest != nil && a.env.DuplicateTest(callee) && anyDerived(x.Call.Args, errv):
			a.matched(a.env.DuplicateAborts != nil && a.env.DuplicateAborts(callee))
			return true, true
		}
	}
	return false, false
}

// pgUniqueViolation is PostgreSQL's SQLSTATE of a unique-key violation
// (unique_violation); CockroachDB, which also aborts the transaction a
// failed statement ran in, reports the same code.
const pgUniqueViolation = "23505"

// matched counts a violation test uniqueTest recognised: PostgreSQL's
// SQLSTATE (pg), or any other (a MySQL or SQLite code, a driver's error
// variable, a message text, a helper not known to test PostgreSQL's).
func (a *analysis) matched(pg bool) {
	if pg {
		a.dupPG++
	} else {
		a.dupOther++
	}
}

// comparedValue is the text a unique-violation entry compares with: a
// constant's value ("23505", "1062") or a package variable's name
// ("github.com/mattn/go-sqlite3.ErrConstraintUnique").
func comparedValue(v ssa.Value) (string, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value != nil {
		if c.Value.Kind() == constant.String {
			return constant.StringVal(c.Value), true
		}
		return c.Value.ExactString(), true
	}
	if g, ok := loadOf(v).(*ssa.Global); ok && g.Pkg != nil {
		return g.Pkg.Pkg.Path() + "." + g.Name(), true
	}
	return "", false
}

// loadOf is the address a value is loaded from, or the value.
func loadOf(v ssa.Value) ssa.Value {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		return load.X
	}
	return v
}

// uniqueOperand reports whether v is a field or method result of an error
// derived from errv that the catalog compares with val for a violation.
func (a *analysis) uniqueOperand(v ssa.Value, val string, errv ssa.Value) bool {
	ix := a.env.Index
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.UnOp: // a load of a field
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if key := ssavalue.QualifiedField(fa.X.Type(), fa.Field); key != "" && ix.UniqueField(key, val) {
				return fromErr(fa.X, errv, 0)
			}
		}
	case *ssa.Field:
		if key := ssavalue.QualifiedField(types.NewPointer(x.X.Type()), x.Field); key != "" && ix.UniqueField(key, val) {
			return fromErr(x.X, errv, 0)
		}
	case *ssa.Call:
		if fn := x.Call.StaticCallee(); fn != nil && len(x.Call.Args) > 0 {
			if obj, ok := fn.Object().(*types.Func); ok && ix.UniqueMethod(obj, val) {
				return fromErr(x.Call.Args[0], errv, 0)
			}
		}
		if x.Call.IsInvoke() && ix.UniqueMethod(x.Call.Method, val) {
			return fromErr(x.Call.Value, errv, 0)
		}
	}
	return false
}

func anyDerived(args []ssa.Value, errv ssa.Value) bool {
	for _, a := range args {
		if fromErr(a, errv, 0) {
			return true
		}
	}
	return false
}

// fromErr reports whether v is errv or comes from it: a type assertion
// of it, the target errors.As filled from it, a method result on it
// (err.Error()), a load or a field of one of those.
func fromErr(v, errv ssa.Value, depth int) bool {
	return (&errWalk{errv: errv, seen: map[ssa.Value]int{}}).from(v, depth)
}

// errWalk is one fromErr: the values already looked at, with the depth
// they were looked at from. A phi of a loop leads back to itself, and so
// does an errors.As target whose error comes from the target (for { if
// errors.As(e, &pe) { e = pe } }). Every step is an "or", so a value seen
// before at the same depth or nearer has nothing to add.
type errWalk struct {
	errv ssa.Value
	seen map[ssa.Value]int
}

func (ew *errWalk) from(v ssa.Value, depth int) bool {
	if depth > 8 || v == nil {
		return false
	}
	if d, ok := ew.seen[v]; ok && d <= depth {
		return false
	}
	ew.seen[v] = depth
	errv := ew.errv
	if v == errv {
		return true
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return ew.from(x.X, depth+1)
	case *ssa.ChangeInterface:
		return ew.from(x.X, depth+1)
	case *ssa.ChangeType:
		return ew.from(x.X, depth+1)
	case *ssa.TypeAssert:
		return ew.from(x.X, depth+1)
	case *ssa.Extract:
		return ew.from(x.Tuple, depth+1)
	case *ssa.Field:
		return ew.from(x.X, depth+1)
	case *ssa.FieldAddr:
		return ew.from(x.X, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				return ew.asTarget(alloc, depth)
			}
			return ew.from(x.X, depth+1)
		}
	case *ssa.Alloc:
		return ew.asTarget(x, depth)
	case *ssa.Call:
		if x.Call.IsInvoke() {
			return ew.from(x.Call.Value, depth+1)
		}
		if len(x.Call.Args) > 0 {
			if fn := x.Call.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
				return ew.from(x.Call.Args[0], depth+1)
			}
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if ew.from(e, depth+1) {
				return true
			}
		}
	}
	return false
}

// asTarget reports whether alloc is the target errors.As fills from an
// error derived from errv (var pgErr *pgconn.PgError; errors.As(err, &pgErr)).
func (ew *errWalk) asTarget(alloc *ssa.Alloc, depth int) bool {
	for _, r := range ssavalue.Referrers(alloc) {
		var users []ssa.Instruction
		if mi, ok := r.(*ssa.MakeInterface); ok {
			for _, u := range ssavalue.Referrers(mi) {
				users = append(users, u)
			}
		} else {
			users = append(users, r)
		}
		for _, u := range users {
			call, ok := u.(*ssa.Call)
			if !ok {
				continue
			}
			fn := call.Call.StaticCallee()
			if fn == nil || len(call.Call.Args) != 2 {
				continue
			}
			if obj, ok := fn.Object().(*types.Func); ok && obj.FullName() == "errors.As" && ew.from(call.Call.Args[0], depth+1) {
				return true
			}
		}
	}
	return false
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// IsDuplicateTest reports whether fn tells whether an error argument is a
// unique-key violation: it returns one bool, which on every return is
// false or such a test of the error parameter (isUniqueViolation(err)
// bool). Callers then use it as the test itself.
func IsDuplicateTest(fn *ssa.Function, env *Env) bool {
	ok, _ := duplicateTestOf(fn, env)
	return ok
}

// DuplicateTestAborts reports whether fn is a duplicate test
// (IsDuplicateTest) that recognises only PostgreSQL's violation, SQLSTATE
// 23505 (pgconn.PgError.Code, pq.Error.Code, SQLState()): the statement
// that failed so ran on a server where a failed statement aborts its
// transaction (findcreate.go).
func DuplicateTestAborts(fn *ssa.Function, env *Env) bool {
	ok, pg := duplicateTestOf(fn, env)
	return ok && pg
}

// duplicateTestOf is IsDuplicateTest, and whether every violation it
// recognises is PostgreSQL's.
func duplicateTestOf(fn *ssa.Function, env *Env) (isTest, pg bool) {
	res := fn.Signature.Results()
	if res.Len() != 1 || !isBool(res.At(0).Type()) {
		return false, false
	}
	var param ssa.Value
	for _, p := range fn.Params {
		if isError(p.Type()) {
			param = p
		}
	}
	if param == nil {
		return false, false
	}
	a := &analysis{fn: fn, env: env}
	found := false
	for _, b := range fn.Blocks {
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		ret, ok := b.Instrs[n-1].(*ssa.Return)
		if !ok {
			continue
		}
		v := ret.Results[0]
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool {
			if constant.BoolVal(c.Value) {
				if !a.onDuplicateEdge(b, param) {
					return false, false
				}
				found = true
			}
			continue
		}
		dup, ok := a.uniqueTest(v, param, 0)
		if !ok || !dup {
			return false, false
		}
		found = true
	}
	return found, found && a.dupPG > 0 && a.dupOther == 0
}

// onDuplicateEdge reports whether b runs only on the violation edge of a
// test of errv (if pgErr.Code == "23505" { return true }).
func (a *analysis) onDuplicateEdge(b *ssa.BasicBlock, errv ssa.Value) bool {
	for _, t := range a.fn.Blocks {
		n := len(t.Instrs)
		if n == 0 {
			continue
		}
		ifi, ok := t.Instrs[n-1].(*ssa.If)
		if !ok {
			continue
		}
		dup, ok := a.uniqueTest(ifi.Cond, errv, 0)
		if !ok {
			continue
		}
		edge := t.Succs[0]
		if !dup {
			edge = t.Succs[1]
		}
		if len(edge.Preds) == 1 && edge.Dominates(b) {
			return true
		}
	}
	return false
}

// DuplicateTaken reports whether fn tests the failure of the call ci for a
// unique-key violation and does not return the violation (effect.Hop.DupTaken):
//
//	if err := store.Create(ctx, doc); err != nil {
//		if mongo.IsDuplicateKeyError(err) {
//			continue // inserted before: update it instead
//		}
//		return err
//	}
//
// An insert that the callee makes and whose failure reaches ci as it is
// then dedupes by its constraint, as constraintClaims does for an insert
// made here.
func DuplicateTaken(fn *ssa.Function, ci ssa.CallInstruction, env *Env) bool {
	if _, ok := ci.(*ssa.Call); !ok || env == nil || env.Index == nil {
		return false
	}
	errv := errorOf(ci)
	if errv == nil {
		return false
	}
	a := &analysis{fn: fn, env: env}
	dupErrs := map[ssa.Value]bool{errv: true}
	if ex, ok := errv.(*ssa.Extract); ok {
		dupErrs[ex.Tuple] = true
	}
	// The duplicate edge may go straight back to a loop's head
	// (continue): what the violation reaches is what duplicateAsError
	// walks, and none of it may return the violation.
	tests := a.uniqueTests(errv)
	for i := range tests {
		tests[i].dupErrs = dupErrs
	}
	return len(tests) > 0 && len(duplicateAsError(fn, tests, a.pos, env.Index)) == 0
}

// ErrorExamined reports whether the failure of the call ci is looked at
// beyond a test against nil (err.Error(), errors.Is(err, …), a type
// assertion, a comparison with a value): only then can a returned failure
// be one the function first tests for a duplicate and takes as success.
// A cheap test before DuplicateTaken.
func ErrorExamined(ci ssa.CallInstruction) bool {
	if _, ok := ci.(*ssa.Call); !ok {
		return false
	}
	errv := errorOf(ci)
	if errv == nil {
		return false
	}
	for _, r := range ssavalue.Referrers(errv) {
		switch x := r.(type) {
		case *ssa.Call, *ssa.TypeAssert:
			return true
		case *ssa.BinOp:
			if !isNil(x.X) && !isNil(x.Y) {
				return true
			}
		}
	}
	return false
}

// DupTested marks an insert whose failure a caller on its path tests for
// a unique-key violation and takes as success (effect.Effect.DupTested):
// it is an insert-if-absent, as insert … on conflict do nothing is in SQL
// (a claim: safe), so a redelivery writes nothing: guarded by its unique
// key, and safe. It reports whether it marked e.
func DupTested(e *effect.Effect) bool {
	i, ok := e.DupTested()
	if !ok || e.Guard != nil || e.Issue != "" {
		return false
	}
	pos := e.Path[i].Pos
	e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: "unique key of " + orTable(e.Target), Pos: pos, SameTx: true,
		Note: "a unique-key violation of " + e.Describe() + " is tested at " + pos + " and not returned"}
	e.Risk = effect.Safe
	e.Detail = effect.JoinDetail(e.Detail, "insert-if-absent: a unique-key violation is taken as success at "+pos)
	return true
}
