package guard

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// Env is what the analysis needs from its caller.
type Env struct {
	Fset  *token.FileSet
	Index *models.Index
	// Text returns the source text of the expression computing a value.
	Text func(ssa.Value) string
}

// Analyze marks the sites of fn that claims, completions and keys guard,
// and returns the pitfalls found and, when fn is a claim helper (it returns
// a claim's outcome instead of testing it), how its results carry it.
func Analyze(fn *ssa.Function, sites []*Site, env *Env) ([]Pitfall, *ClaimReturn) {
	var pitfalls []Pitfall
	var claimReturn *ClaimReturn
	pos := func(p token.Pos) string {
		if !p.IsValid() {
			return ""
		}
		q := env.Fset.Position(p)
		return fmt.Sprintf("%s:%d:%d", q.Filename, q.Line, q.Column)
	}

	// Keys on external calls.
	for _, s := range sites {
		e := s.Effect
		if !s.Direct || e.Key == nil || e.Guard != nil || e.Issue != "" {
			continue
		}
		if e.Key.Random == "" {
			e.Guard = &effect.Guard{Kind: effect.GuardKey, Expr: e.Key.Expr, Pos: e.Key.Pos}
			continue
		}
		if e.Risk.NonIdempotent() {
			e.Issue, e.IssuePos = rules.RandomKey, e.Key.Pos
			pitfalls = append(pitfalls, Pitfall{Rule: rules.RandomKey, Pos: e.Key.Pos, Message: fmt.Sprintf(
				"idempotency key %s derives from %s: every delivery sends a new key, so the %s is not deduplicated; derive the key from the job's business identity",
				orKey(e.Key.Expr), e.Key.Random, e.Describe())})
		}
	}

	// A message acknowledged (deleted, committed) before the effects that
	// process it is delivered at most once: a crash after the ack loses
	// them. kafka-go's ReadMessage commits before it returns.
	for _, a := range sites {
		if a.Effect.Kind != effect.KindAck {
			continue
		}
		var first *Site
		for _, s := range sites {
			if s != a && s.Effect.Risk.NonIdempotent() && after(a.Instr, s.Instr) && (first == nil || effect.ComparePos(s.Effect.Evidence(), first.Effect.Evidence()) < 0) {
				first = s
			}
		}
		if first == nil {
			continue
		}
		msg := fmt.Sprintf("the message is acknowledged here, before its effects (%s at %s): a crash between the ack and the effects loses them (at-most-once); acknowledge after the effects",
			first.Effect.Describe(), effect.Relative(first.Effect.Evidence(), ""))
		if a.Effect.Op == "receive-commit" {
			msg = fmt.Sprintf("this receive commits the message before it returns, so its effects (%s at %s) are lost if the worker crashes (at-most-once); fetch, then commit after the effects",
				first.Effect.Describe(), effect.Relative(first.Effect.Evidence(), ""))
		}
		pitfalls = append(pitfalls, Pitfall{Rule: rules.AckBeforeEffect, Pos: a.Effect.Evidence(), Message: msg})
	}

	// Completions in a transaction guard that transaction's DB effects.
	for _, c := range sites {
		if c.Effect.Op != effect.OpComplete || c.Exec == nil {
			continue
		}
		for _, s := range sites {
			e := s.Effect
			if s == c || !e.Risk.NonIdempotent() || e.Guard != nil || e.Issue != "" || e.Kind != effect.KindDBWrite {
				continue
			}
			if sameExec(s.Exec, c.Exec) {
				e.Guard = &effect.Guard{Kind: effect.GuardCompletion, Pos: c.Effect.Evidence(), SameTx: true}
			}
		}
	}

	// Claims whose result decides whether effects run.
	for _, c := range sites {
		if !c.Direct || c.Effect.Op != effect.OpClaim {
			continue
		}
		tests, returned, ret := dupTests(c, env.Index)
		if ret != nil && claimReturn == nil {
			claimReturn = ret
		}
		if len(tests) == 0 {
			// A claim whose result is passed back to the caller is a claim
			// helper: the caller tests it. Otherwise it guards nothing.
			if !returned {
				pitfalls = append(pitfalls, Pitfall{Rule: rules.ClaimUnchecked, Pos: c.Effect.Evidence(), Message: fmt.Sprintf(
					"the result of this claim on %s is never tested, so it guards nothing: the effects after it run on every delivery; skip them when the claim finds the key taken",
					orTable(c.Effect.Target))})
				for _, s := range sites {
					if s != c && s.Effect.NeedsGuard() && s.Effect.Issue == "" && after(c.Instr, s.Instr) {
						s.Effect.Issue, s.Effect.IssuePos = rules.ClaimUnchecked, c.Effect.Evidence()
					}
				}
			}
			continue
		}
		var firsts []*ssa.BasicBlock
		for _, t := range tests {
			if len(t.first.Preds) == 1 {
				firsts = append(firsts, t.first)
			}
		}
		guarded := func(b *ssa.BasicBlock) bool {
			for _, f := range firsts {
				if f.Dominates(b) {
					return true
				}
			}
			return false
		}
		claimPos := c.Effect.Evidence()
		separate := false
		for _, s := range sites {
			e := s.Effect
			if s == c || !e.Risk.NonIdempotent() || e.Guard != nil || e.Issue != "" || !guarded(s.Instr.Block()) {
				continue
			}
			g := &effect.Guard{Kind: effect.GuardClaim, Expr: c.Effect.ClaimKey, Pos: claimPos}
			switch {
			case e.Kind == effect.KindDBWrite:
				if c.Exec != nil && c.Effect.Tx && sameExec(s.Exec, c.Exec) {
					g.SameTx = true
					e.Guard = g
					continue
				}
				e.Issue, e.IssuePos = rules.SeparateTx, claimPos
				if !separate {
					separate = true
					pitfalls = append(pitfalls, Pitfall{Rule: rules.SeparateTx, Pos: claimPos, Message: fmt.Sprintf(
						"the claim on %s commits separately from the %s at %s: a crash between them loses the effect (the key is taken) or, if the claim rolls back alone, repeats it; run the claim and the effect in one transaction",
						orTable(c.Effect.Target), e.Describe(), effect.Relative(e.Evidence(), ""))})
				}
			case e.Risk == effect.Critical:
				e.Detail = joinDetail(e.Detail, "a DB claim does not protect money: a crash between the call and the commit repeats it; pass a stable idempotency key")
			default:
				g.Window = true
				e.Guard = g
			}
		}
		pitfalls = append(pitfalls, duplicateAsError(fn, tests, pos)...)
	}
	return pitfalls, claimReturn
}

func orKey(s string) string {
	if s == "" {
		return "(expression)"
	}
	return s
}

func orTable(s string) string {
	if s == "" {
		return "the key table"
	}
	return s
}

func joinDetail(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// test is a branch on a claim's result.
type test struct {
	ifi         *ssa.If
	first, dup  *ssa.BasicBlock
	dupAndError bool // the dup edge also carries real errors (err != nil)
	// nilOnDup are error values that are nil on a duplicate (the claim's
	// own error: a conflict is not an error), so returning them there
	// returns nil.
	nilOnDup map[ssa.Value]bool
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
		if _, ok := call.Type().(*types.Tuple); ok {
			for _, r := range ssavalue.Referrers(call) {
				if ex, ok := r.(*ssa.Extract); ok && ex.Index == cr.Index {
					work = append(work, item{ex, fromReturn[cr.Kind]})
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
	return walkClaim(c, ix, work)
}

// walkClaim follows the values derived from a claim's results to the
// branches that test them and the returns that pass them on.
func walkClaim(c *Site, ix *models.Index, work []item) (tests []test, returned bool, ret *ClaimReturn) {
	plain := map[ssa.Value]bool{}
	seen := map[ssa.Value]bool{}
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
		for _, r := range ssavalue.Referrers(it.v) {
			switch x := r.(type) {
			case *ssa.Return:
				returned = true
				if ret == nil {
					for i, rv := range x.Results {
						if rv == it.v && returnKinds[it.k] != "" {
							ret = &ClaimReturn{Index: i, Kind: returnKinds[it.k]}
						}
					}
				}
			case *ssa.Call:
				if it.k == result || it.k == noRowsErr {
					work = append(work, fromCall(x, it.v, it.k, ix, c.DupErrors)...)
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
				case f.Name() == "RowsAffected":
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
	}
	return tests, returned, ret
}

// returnKinds names the derived values a claim helper can return.
var returnKinds = map[derived]string{firstBool: "first", dupBool: "dup", count: "count", noRowsErr: "norows"}

// fromReturn maps a claim helper's declared result kind back.
var fromReturn = map[string]derived{"first": firstBool, "dup": dupBool, "count": count, "norows": noRowsErr}

// item is a value derived from a claim's result, with what it says.
type item struct {
	v ssa.Value
	k derived
}

// fromCall follows a claim-derived value through a method called on it
// (Scan, RowsAffected, Val, Result) or errors.Is.
func fromCall(call *ssa.Call, v ssa.Value, k derived, ix *models.Index, dupErrors []string) []item {
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
	}
	if !isRecv || k != result {
		return nil
	}
	switch name {
	case "Scan":
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

// duplicateAsError finds returns of a non-nil error on the duplicate edge
// of a claim test.
func duplicateAsError(fn *ssa.Function, tests []test, pos func(token.Pos) string) []Pitfall {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return nil
	}
	var out []Pitfall
	for _, t := range tests {
		// A test inside another test's first-time region only sees real
		// errors: the duplicate already left.
		inner := false
		for _, o := range tests {
			if o.ifi != t.ifi && len(o.first.Preds) == 1 && o.first.Dominates(t.ifi.Block()) {
				inner = true
			}
		}
		if inner {
			continue
		}
		for _, ret := range returnsFrom(t.dup, t.first) {
			errv := returned(ret, len(ret.Results)-1)
			if c, ok := errv.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if t.nilOnDup[errv] {
				continue
			}
			p := pos(ret.Pos())
			if p == "" {
				p = pos(t.ifi.Cond.Pos())
			}
			msg := "the already-processed branch returns a non-nil error: the queue retries the duplicate and finally dead-letters a job that succeeded; return nil for a duplicate"
			if t.dupAndError {
				msg = "a duplicate delivery (no row returned by the claim) takes this error path: the queue retries it and finally dead-letters a job that succeeded; test errors.Is(err, ErrNoRows) first and return nil"
			}
			out = append(out, Pitfall{Rule: rules.DuplicateAsError, Pos: p, Message: msg})
		}
	}
	return out
}

// returned is the value a return gives for result i. In functions with
// defers, SSA routes results through a local that the deferred calls may
// change; the value is then the last store to that local in the block.
func returned(ret *ssa.Return, i int) ssa.Value {
	v := ret.Results[i]
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	local, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	instrs := ret.Block().Instrs
	for j := len(instrs) - 1; j >= 0; j-- {
		if st, ok := instrs[j].(*ssa.Store); ok && st.Addr == local {
			return st.Val
		}
	}
	return v
}

// returnsFrom lists the returns reachable from start without entering the
// region dominated by stop.
func returnsFrom(start, stop *ssa.BasicBlock) []*ssa.Return {
	var out []*ssa.Return
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] || (len(stop.Preds) == 1 && stop.Dominates(b)) {
			continue
		}
		seen[b] = true
		if n := len(b.Instrs); n > 0 {
			if r, ok := b.Instrs[n-1].(*ssa.Return); ok {
				out = append(out, r)
			}
		}
		work = append(work, b.Succs...)
	}
	return out
}

// after reports whether instruction b runs after a on every path to b.
func after(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab != bb {
		return ab.Dominates(bb)
	}
	for _, in := range ab.Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

func isTuple(t types.Type) bool {
	_, ok := t.(*types.Tuple)
	return ok
}

// sameExec reports whether two executors are the same handle: the same
// value, or the same field loaded from the same handle (ent's tx.User,
// loaded anew for each builder).
func sameExec(a, b ssa.Value) bool {
	for i := 0; i < 4; i++ {
		if a == b {
			return a != nil
		}
		la, ok1 := a.(*ssa.UnOp)
		lb, ok2 := b.(*ssa.UnOp)
		if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL {
			return false
		}
		fa, ok1 := la.X.(*ssa.FieldAddr)
		fb, ok2 := lb.X.(*ssa.FieldAddr)
		if !ok1 || !ok2 || fa.Field != fb.Field {
			return false
		}
		a, b = fa.X, fb.X
	}
	return false
}
