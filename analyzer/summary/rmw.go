package summary

import (
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// sqlParams are the values a call passes for an SQL text's parameters:
// the arguments after the text (args excludes the receiver), the
// variadic slice's elements spread, interface conversions stripped. nil
// when they are not known one by one.
func sqlParams(ci ssa.CallInstruction, args []ssa.Value, sqlIndex int) []ssa.Value {
	if sqlIndex < 0 {
		return nil
	}
	return boundParams(ci, args, sqlIndex+1)
}

// boundParams is sqlParams of the arguments from first on: the values a
// prepared statement's execution binds (model bind).
func boundParams(ci ssa.CallInstruction, args []ssa.Value, first int) []ssa.Value {
	if first < 0 || first >= len(args) {
		return nil
	}
	rest := args[first:]
	if ci.Common().Signature().Variadic() {
		elems := ssavalue.SliceElems(rest[len(rest)-1])
		if elems == nil {
			if c, ok := rest[len(rest)-1].(*ssa.Const); !ok || !c.IsNil() {
				return nil
			}
		}
		rest = append(append([]ssa.Value(nil), rest[:len(rest)-1]...), elems...)
	}
	out := make([]ssa.Value, len(rest))
	for i, v := range rest {
		out[i] = ssavalue.Unconvert(v)
	}
	return out
}

// spreadParam is the 1-based index of fn's parameter that ci spreads as
// its only bound values (exec(ctx, stmt, query, args...) passing args on
// as args...), when boundParams cannot list them; 0 otherwise.
func spreadParam(fn *ssa.Function, ci ssa.CallInstruction, args []ssa.Value, first int) int {
	if first < 0 || first != len(args)-1 || !ci.Common().Signature().Variadic() {
		return 0
	}
	p, ok := ssavalue.Unconvert(args[first]).(*ssa.Parameter)
	if !ok {
		return 0
	}
	return paramIndex(fn, p) + 1
}

// spreadElems are the values a caller passes in the variadic slice v
// (a parameter spread by the callee, Effect.ArgsArg), nil when not
// known one by one.
func spreadElems(v ssa.Value) []ssa.Value {
	if v == nil {
		return nil
	}
	elems := ssavalue.SliceElems(v)
	out := make([]ssa.Value, len(elems))
	for i, e := range elems {
		out[i] = ssavalue.Unconvert(e)
	}
	return out
}

// readModifyWrite makes an increment of a set whose assigned parameter the
// function computed from a value it read from the database before (var n;
// SELECT n … Scan(&n); UPDATE … SET n = $1 with n+1): a second delivery
// reads the first one's result and adds again. It returns the statement
// unchanged otherwise.
func (w *walker) readModifyWrite(st sqlclass.Stmt, params []ssa.Value) sqlclass.Stmt {
	if st.Op != sqlclass.UpdateSet && st.Op != sqlclass.UpsertSet {
		return st
	}
	for _, n := range st.Params() {
		if n < 1 || n > len(params) {
			continue
		}
		read := w.changedRead(params[n-1], 0)
		if read == nil {
			continue
		}
		if st.Op == sqlclass.UpdateSet {
			st.Op = sqlclass.UpdateIncrement
		} else {
			st.Op = sqlclass.UpsertIncrement
		}
		st.Detail = "read-modify-write: the value of $" + strconv.Itoa(n) + " is changed from the one read at " + readAt(read) + ": a second delivery changes it again"
		return st
	}
	return st
}

// changedRead returns the earlier read site that v is an arithmetic change
// of (n+1, n-amount, total*2, s+"x"), directly or through a variable the
// change was stored in (n++ on a scanned n); nil when there is none.
func (w *walker) changedRead(v ssa.Value, depth int) *effect.Effect {
	return w.changedReadSeen(v, depth, map[ssa.Value]bool{})
}

// changedReadSeen is changedRead with the phis and variables already
// walked: a loop's phis with many edges (a switch in a loop) made the
// walk exponential in its depth bound (minutes on one real function).
func (w *walker) changedReadSeen(v ssa.Value, depth int, seen map[ssa.Value]bool) *effect.Effect {
	if depth > 6 || v == nil {
		return nil
	}
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.BinOp:
		if !arithmetic(x.Op) {
			return nil
		}
		for _, o := range []ssa.Value{x.X, x.Y} {
			if r := w.readOf(o, 0); r != nil {
				return r
			}
			if r := w.changedReadSeen(o, depth+1, seen); r != nil {
				return r
			}
		}
	case *ssa.Convert:
		return w.changedReadSeen(x.X, depth+1, seen)
	case *ssa.ChangeType:
		return w.changedReadSeen(x.X, depth+1, seen)
	case *ssa.Call:
		// A computation of a number or a time from one read
		// (calculateNextPeriodEnd(sub.PeriodEnd), end.AddDate(0, 1, 0)):
		// see rmwcall.go.
		if depth > 2 || !advancing(x.Type()) || x.Call.StaticCallee() == nil || w.readAt(x) != nil {
			return nil
		}
		for _, a := range x.Call.Args {
			if !types.Identical(a.Type(), x.Type()) {
				continue
			}
			if r := w.readOf(a, 0); r != nil {
				return r
			}
			if r := w.changedReadSeen(a, depth+1, seen); r != nil {
				return r
			}
		}
	case *ssa.Phi:
		if seen[x] {
			return nil
		}
		seen[x] = true
		for _, e := range x.Edges {
			if r := w.changedReadSeen(e, depth+1, seen); r != nil {
				return r
			}
		}
	case *ssa.UnOp:
		// A variable (or its field) the change was stored into.
		if x.Op != token.MUL || seen[x.X] {
			return nil
		}
		seen[x.X] = true
		for _, r := range ssavalue.Referrers(x.X) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x.X {
				if rs := w.changedReadSeen(st.Val, depth+1, seen); rs != nil {
					return rs
				}
			}
		}
	}
	return nil
}

func arithmetic(op token.Token) bool {
	switch op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM:
		return true
	}
	return false
}

// readOf returns the read that v is the value of: a read call's result, a
// variable or a field of a variable a read filled (sqlx Get(&dest, …),
// row.Scan(&n), gorm First(&order)), through conversions.
func (w *walker) readOf(v ssa.Value, depth int) *effect.Effect {
	if depth > 6 || v == nil {
		return nil
	}
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.Extract:
		return w.readOf(x.Tuple, depth+1)
	case *ssa.Convert:
		return w.readOf(x.X, depth+1)
	case *ssa.ChangeType:
		return w.readOf(x.X, depth+1)
	case *ssa.Field:
		return w.readOf(x.X, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return w.filledBy(x.X, depth+1)
		}
	case *ssa.Call:
		if r := w.readAt(x); r != nil {
			return r
		}
		// A copy of what a read returned (convert[Product](p) of p :=
		// repo.GetByID(ctx, id)): copyresult.go.
		if arg := w.copiedArg(x); arg != nil {
			return w.readOf(arg, depth+1)
		}
	}
	return nil
}

// filledBy returns the read that filled the memory at addr (an Alloc, or a
// field of one, through pointers): a read call given addr, or a call
// (Scan) on a read's result given it.
func (w *walker) filledBy(addr ssa.Value, depth int) *effect.Effect {
	for i := 0; i < 4; i++ {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			break
		}
		addr = fa.X
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok {
		switch a := addr.(type) {
		case *ssa.Extract, *ssa.Call:
			// A field of what a read returned (sub.PeriodEnd of sub :=
			// repo.Get(ctx, id)).
			return w.readOf(addr, depth+1)
		case *ssa.IndexAddr:
			// An element of a slice a read returned (rows[i]).
			return w.readOf(a.X, depth+1)
		}
		return nil
	}
	for _, r := range ssavalue.Referrers(alloc) {
		// A local a read's element was copied into (s := rows[i]).
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc && depth < 3 {
			if rs := w.readOf(st.Val, depth+1); rs != nil {
				return rs
			}
		}
		users := []ssa.Instruction{r}
		if mi, ok := r.(*ssa.MakeInterface); ok {
			for _, u := range ssavalue.Referrers(mi) {
				users = append(users, u)
				if st, ok := u.(*ssa.Store); ok && st.Val == mi {
					if ia, ok := st.Addr.(*ssa.IndexAddr); ok {
						for _, rr := range ssavalue.Referrers(ia.X) {
							if sl, ok := rr.(*ssa.Slice); ok {
								users = append(users, ssavalue.Referrers(sl)...)
							}
						}
					}
				}
			}
		}
		for _, u := range users {
			call, ok := u.(*ssa.Call)
			if !ok {
				continue
			}
			if rs := w.readAt(call); rs != nil {
				return rs
			}
			// Scan on a read's result: row.Scan(&n), rows.Scan(&n).
			recv := call.Call.Value
			if !call.Call.IsInvoke() && len(call.Call.Args) > 0 {
				recv = call.Call.Args[0]
			}
			if rs := w.readOf(recv, depth+1); rs != nil {
				return rs
			}
		}
	}
	return nil
}

// readAt returns the database read made by call (its own effect, or a
// callee's read of which this call is the site), or nil.
func (w *walker) readAt(call *ssa.Call) *effect.Effect {
	for _, s := range w.sites {
		if s.Instr != call {
			continue
		}
		// A read by its code, or a call read by its name as a read
		// (repo.Get through an interface).
		if s.Effect.Kind == effect.KindDBRead ||
			(s.Effect.Reading != nil && s.Effect.Reading.Kind == effect.KindDBRead) {
			return s.Effect
		}
	}
	return nil
}
