package guard

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// ErrorReturned reports whether the failure of the call ci reaches fn's
// error result unexamined: its error (errorOf) is returned as it is or
// wrapped (fmt.Errorf("…: %w", err), errors.Wrap(err, …), &MyError{Err:
// err}, or an error builder that holds it: ierr.WithError(err).WithHint(…)
// .Mark(ErrDatabase), see carriesError), and nothing in fn looks at which error it is (errors.Is,
// errors.As, a type assertion, an isUniqueViolation(err) bool, the
// response's StatusCode), which could take a duplicate as success. A
// create that fails on a duplicate (effect.Effect.DupFails) whose every
// call on the path up to the handler returns its failure so makes a
// second delivery fail (rule duplicate-as-error). fn must return an error.
func ErrorReturned(fn *ssa.Function, ci ssa.CallInstruction) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	if _, ok := ci.(*ssa.Call); !ok {
		return false // go, defer: nobody sees the error
	}
	errv := errorOf(ci)
	if errv == nil {
		return false
	}
	if statusRead(ci.Value()) {
		return false
	}
	flow := newErrFlow(errv)
	add, reach := flow.add, flow.reach
	for _, ld := range errorFieldLoads(ci) {
		// The result's Error field read again (gorm's res.Error tested,
		// then wrapped): each read is the same failure.
		add(ld)
	}
	for v, ok := flow.next(); ok; v, ok = flow.next() {
		for _, r := range ssavalue.Referrers(v) {
			switch x := r.(type) {
			case *ssa.TypeAssert:
				return false
			case *ssa.Phi:
				add(x)
			case *ssa.MakeInterface:
				add(x)
			case *ssa.ChangeInterface:
				add(x)
			case *ssa.ChangeType:
				add(x)
			case *ssa.Slice:
				add(x)
			case *ssa.UnOp:
				// A load of a variable it was stored into (an err that a
				// deferred closure captures lives in such a cell).
				if x.Op == token.MUL {
					if _, ok := v.(*ssa.Alloc); ok {
						add(x)
					}
				}
			case *ssa.Store:
				if x.Val != v {
					continue
				}
				// Into a composite (an &MyError{Err: err}, the variadic
				// slice of fmt.Errorf): the composite carries it.
				switch addr := x.Addr.(type) {
				case *ssa.FieldAddr:
					add(addr.X)
				case *ssa.IndexAddr:
					add(addr.X)
				case *ssa.Alloc:
					add(addr) // a result variable (functions with defers)
				}
			case *ssa.Call:
				t := x.Type()
				if notFoundIs(x.Common()) {
					// errors.Is(err, ErrNotFound): a test for a lookup's
					// "not found", which a unique violation is not: the
					// duplicate's failure goes on past it.
					continue
				}
				if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
					return false // errors.Is, errors.As, isDuplicate(err)
				}
				if x.Call.IsInvoke() && x.Call.Value == v {
					if x.Call.Method.Name() == "Error" {
						// Its text: a new error made of it
						// (fmt.Errorf("…: %s", err.Error())) is the same
						// failure returned, and a test of the text
						// (strings.Contains(err.Error(), "duplicate
						// key")) looks at which error it is.
						add(x)
					}
					continue // err.Unwrap()
				}
				if isError(t) || errorPointer(t) || carriesError(t) {
					// Also a constructor of the application's own error
					// type that carries it (store.NewStorageError(msg,
					// err) *StorageError).
					add(x)
				} else if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 && isError(tup.At(tup.Len()-1).Type()) {
					for _, rr := range ssavalue.Referrers(x) {
						if ex, ok := rr.(*ssa.Extract); ok && ex.Index == tup.Len()-1 {
							add(ex)
						}
					}
				}
			case *ssa.BinOp:
				// err != nil is fine; err == ErrX compares it with a
				// sentinel.
				if x.Op == token.EQL || x.Op == token.NEQ {
					if !isNil(x.X) && !isNil(x.Y) {
						return false
					}
				}
			}
		}
	}
	for _, b := range fn.Blocks {
		if n := len(b.Instrs); n > 0 {
			if ret, ok := b.Instrs[n-1].(*ssa.Return); ok && len(ret.Results) > 0 {
				v := returned(ret, len(ret.Results)-1)
				if reach[v] || reach[ssavalue.Unconvert(v)] {
					return true
				}
				if load, ok := ret.Results[len(ret.Results)-1].(*ssa.UnOp); ok && load.Op == token.MUL && reach[load.X] {
					return true
				}
			}
		}
	}
	// Counted instead: the batch fails as a whole when one item failed.
	return countedFailure(fn, errv)
}

// statusRead reports whether the code reads the StatusCode of a response
// the call returns (go-github's *Response, which embeds *http.Response):
// a 422 may then be taken as success.
func statusRead(call ssa.Value) bool {
	if call == nil {
		return false
	}
	tup, ok := call.Type().(*types.Tuple)
	if !ok {
		return false
	}
	for _, r := range ssavalue.Referrers(call) {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index < tup.Len()-1 && readsStatus(ex, 0) {
			return true
		}
	}
	return false
}

func readsStatus(v ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	for _, r := range ssavalue.Referrers(v) {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			st, ok := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
			if !ok {
				continue
			}
			if f := st.Field(x.Field); f.Name() == "StatusCode" || f.Embedded() && readsStatus(x, depth+1) {
				return true
			}
		case *ssa.UnOp:
			if x.Op == token.MUL && readsStatus(x, depth+1) {
				return true
			}
		case *ssa.Field:
			st, ok := x.X.Type().Underlying().(*types.Struct)
			if ok && (st.Field(x.Field).Name() == "StatusCode" || st.Field(x.Field).Embedded() && readsStatus(x, depth+1)) {
				return true
			}
		}
	}
	return false
}

// afterDupFailures guards what runs only after a create that fails on a
// duplicate succeeded: when the function leaves on the create's error
// (the no-error edge of err != nil dominates the effect), a second
// delivery fails at the create and never reaches the effect, so the
// effect does not repeat (a first delivery that crashed between the two
// loses it; it is not done twice). The create's failure must reach this
// function as it is: every hop of its path past this function's returns
// it (effect.Hop.ErrOut). Whether the handler then fails on it is decided
// at the handler (effect.Effect.FailsOnDuplicate). A delete that fails on
// a repeat (effect.Effect.RepeatFails) guards what follows it the same way.
func (a *analysis) afterDupFailures() {
	a.afterDupFailuresOf(func(*Site) bool { return true })
}

// AfterDupFailures guards, in a function of a handler's paths, what runs
// only after a create that fails on a duplicate succeeded, where the
// whole-program phase resolved the create behind a dynamic call (a store
// interface's insert, whose failure the function's caller of it returns
// before the notifications): the per-package pass saw only an unknown
// interface call there. create says which sites may guard: the phase
// admits a create only where each dynamic call on its path below fn
// reaches one implementation (another might not fail on a duplicate).
func AfterDupFailures(fn *ssa.Function, sites []*Site, env *Env, create func(*Site) bool) []Pitfall {
	a := &analysis{fn: fn, sites: sites, env: env}
	a.afterDupFailuresOf(create)
	return a.pitfalls
}

func (a *analysis) afterDupFailuresOf(create func(*Site) bool) {
	for _, c := range a.sites {
		e := c.Effect
		// A create a lookup of its table decides (LookupCreate) still
		// fails on a duplicate: what follows it is guarded all the same.
		// A delete that fails on a repeat (RepeatFails: Lambda's
		// DeleteFunction answers not found the second time) keeps a
		// redelivery from what follows it just as a create's duplicate
		// does.
		if e.Refused() == "" || e.Guard != nil && !e.Guard.LookupCreate || e.Issue != "" || c.Hop >= len(e.Path) || !create(c) {
			continue
		}
		ok := true
		for _, h := range e.Path[c.Hop+1:] {
			ok = ok && h.ErrOut
		}
		if !ok {
			continue
		}
		errv := errorOf(c.Instr)
		if errv == nil {
			continue
		}
		first := noErrorEdge(errv)
		if first == nil {
			continue
		}
		// test is the block whose test of the error leaves for first:
		// where other ways join there, only a resume (resume.go) can
		// keep what follows guarded.
		test := errTestBlock(first, errv)
		if test == nil {
			continue
		}
		joined := len(first.Preds) != 1
		separate := false
		for _, s := range a.sites {
			se := s.Effect
			if s == c || s.Instr == c.Instr || se.Guard != nil || se.Issue != "" {
				continue
			}
			// The one way past the create may be a resume of a run
			// that failed before the effect (resume.go).
			resume := false
			if joined || !first.Dominates(s.Instr.Block()) {
				if resume = a.resumed(test, first, s); !resume {
					continue
				}
			}
			if !se.Risk.NonIdempotent() && se.Kind != effect.KindDynamic {
				continue
			}
			if se.Kind == effect.KindDBWrite && e.Kind == effect.KindDBWrite && !a.commitsWith(c, s) {
				// The create is the claim: a write that commits apart
				// from it is lost when a delivery crashes between the
				// two, and no redelivery gets past the create to make it
				// (bcda's bene-prefs: the file's row on the pool, then
				// each record's insert in its own statement).
				se.Issue, se.IssuePos = rules.SeparateTx, e.Evidence()
				if !separate {
					separate = true
					a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.SeparateTx, Pos: e.Evidence(), Message: fmt.Sprintf(
						"the %s, which fails on a duplicate and so keeps a redelivery from what follows it, commits separately from the %s at %s: a delivery that crashes between them loses the effect, and every redelivery fails at the create before it; run them in one transaction",
						e.Describe(), se.Describe(), effect.Relative(se.Evidence(), ""))})
				}
				continue
			}
			fails := "a duplicate"
			if e.DupFails == "" {
				fails = "a repeat"
			}
			expr := fmt.Sprintf("%s, which fails on %s", e.Describe(), fails)
			if resume {
				expr += "; the way around it is taken only when the task's record of its last failure holds the program's own error, returned before this effect"
			}
			se.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: expr,
				Pos: e.Evidence(), SameTx: true, AfterDupFail: true, Note: e.Refused()}
		}
	}
}

// commitsWith reports whether the write s commits with the create c, as a
// claim's effect does (claims): both on one transaction handle, or given
// one transaction context.
func (a *analysis) commitsWith(c, s *Site) bool {
	return (c.Exec != nil && c.Effect.Tx && sameHandle(s.Exec, c.Exec)) || a.sameSession(s, c)
}

// noErrorEdge is the successor of the test errv != nil (or == nil) that
// runs when there is no error; nil when the function does not test it.
// An error stored into a variable cell (captured by a deferred closure)
// is tested through the load that follows the store in its block.
func noErrorEdge(errv ssa.Value) *ssa.BasicBlock {
	vals := []ssa.Value{errv}
	for _, r := range ssavalue.Referrers(errv) {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != errv {
			continue
		}
		if cell, ok := st.Addr.(*ssa.Alloc); ok {
			stored := false
			for _, in := range st.Block().Instrs {
				if in == st {
					stored = true
					continue
				}
				if s2, ok := in.(*ssa.Store); ok && s2.Addr == cell && stored {
					break
				}
				if ld, ok := in.(*ssa.UnOp); ok && stored && ld.Op == token.MUL && ld.X == cell {
					vals = append(vals, ld)
				}
			}
		}
	}
	for _, v := range vals {
		if b := nilTestEdge(v); b != nil {
			return b
		}
	}
	return nil
}

// nilTestEdge is the successor of the test errv != nil (or == nil) that
// runs when there is no error; nil when fn does not test it.
func nilTestEdge(errv ssa.Value) *ssa.BasicBlock {
	_, onNil := nilTestEdges(errv)
	return onNil
}

// nilTestEdges are the successors of the test errv != nil (or == nil):
// the one that runs when there is an error and the one when there is
// none; both nil when fn does not test it.
func nilTestEdges(errv ssa.Value) (onErr, onNil *ssa.BasicBlock) {
	return ssavalue.NilTestEdges(errv)
}

// checkedCreates guards the creates that fail on a duplicate and that a
// lookup decides: get-or-create (GetPolicy, and CreatePolicy only when it
// was not found) finds on a second delivery what the first created and
// does not create again, and an overlapping delivery that passes the
// lookup too fails at the create: the create is never made twice, and a
// duplicate fails only when deliveries overlap. A create is so decided
// when a test dominating it reads the result of a call named as a lookup
// (Get…, Describe…, Find…, Exists…), other than its error tested against
// nil, and one of the test's branches cannot reach the create: a test both
// of whose branches go on to it decides how, not whether, it runs (a
// transaction helper's "was one handed in", `tx, wrapped, err :=
// GetTx(ctx); if !wrapped { defer rollback(tx) }`).
//
// The lookup may also be a read of the create's own table whose row (not
// its error) the test finds present or not, the create only on the miss
// (ent's find-or-create: Query().Where(by the key).Only, `if h != nil {
// return h }`, then the Create), and then the
// create may be a callee's: the guard holds while the create fails on a
// duplicate (LookupCreate: a caller that passes a fresh key drops both,
// summary's resolveDupKey). Or a read that outer-joins the create's table
// and returns one of its columns coalesced with a constant, the test
// comparing that column with it (joinmiss.go).
func (a *analysis) checkedCreates() {
	for _, c := range a.sites {
		if c.Effect.DupFails == "" || c.Effect.Guard != nil || c.Effect.Issue != "" || c.Instr == nil {
			continue
		}
		for b := c.Instr.Block().Idom(); b != nil; b = b.Idom() {
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || !decides(b, c.Instr.Block()) {
				continue
			}
			named := c.Direct && fromLookup(ifi.Cond, 0, map[ssa.Value]bool{})
			if !named && (!foundAvoids(ifi, c.Instr.Block()) || !a.readOfTable(ifi, c.Effect.Target)) && !a.joinMissAvoids(ifi, c) {
				continue
			}
			e := c.Effect
			pos := a.pos(ifi.Cond.Pos())
			if pos == "" {
				pos = e.Evidence()
			}
			e.Guard = &effect.Guard{Kind: effect.GuardClaim, Expr: "a lookup before " + e.Describe() + ", which fails on a duplicate",
				Pos: pos, SameTx: true, Note: e.DupFails, LookupCreate: !named}
			break
		}
	}
}

// foundAvoids reports whether ifi tests a value against nil and its
// branch where the value is there cannot reach the block to: the row
// found is used, not created again (a count, or a test whose found
// branch creates too, is no find-or-create).
func foundAvoids(ifi *ssa.If, to *ssa.BasicBlock) bool {
	b := ifi.Block()
	for i := range b.Succs {
		if onMissing(ifi, i) && !reachesAvoiding(b.Succs[1-i], to, b) {
			return true
		}
	}
	return false
}

// readOfTable reports whether the test ifi reads the rows (a result other
// than the error) of a read of table in this function.
func (a *analysis) readOfTable(ifi *ssa.If, table string) bool {
	if table == "" {
		return false
	}
	for _, r := range a.sites {
		if r.Effect.Kind != effect.KindDBRead || r.Effect.Target != table || r.Instr == nil || r.Instr.Value() == nil || !after(r.Instr, ifi) {
			continue
		}
		read := r.Instr.Value()
		tup, ok := read.Type().(*types.Tuple)
		if !ok {
			if !isError(read.Type()) && influenced(ifi.Cond, read, 0) {
				return true
			}
			continue
		}
		for _, ref := range ssavalue.Referrers(read) {
			if ex, ok := ref.(*ssa.Extract); ok && !isError(tup.At(ex.Index).Type()) && influenced(ifi.Cond, ex, 0) {
				return true
			}
		}
	}
	return false
}

// decides reports whether one of the branches of the test ending the
// block b cannot reach the block to without passing b again (a loop's
// next turn is another test).
func decides(b, to *ssa.BasicBlock) bool {
	for _, succ := range b.Succs {
		if !reachesAvoiding(succ, to, b) {
			return true
		}
	}
	return false
}

// reachesAvoiding reports whether to is reachable from from on a path
// that does not pass the block avoid.
func reachesAvoiding(from, to, avoid *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{avoid: true}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

var lookupPrefixes = []string{"Get", "Describe", "Find", "Lookup", "Exists", "Has", "Fetch", "Read", "Count", "get", "find", "lookup", "exists", "has", "fetch", "count"}

// fromLookup reports whether v derives from the result of a call named
// as a lookup.
func fromLookup(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth > 6 || seen[v] {
		return false
	}
	seen[v] = true
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	if call, ok := v.(*ssa.Call); ok {
		name := ""
		if call.Call.IsInvoke() {
			name = call.Call.Method.Name()
		} else if fn := call.Call.StaticCallee(); fn != nil {
			name = fn.Name()
		}
		for _, p := range lookupPrefixes {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
		for _, arg := range call.Call.Args {
			if fromLookup(arg, depth+1, seen) {
				return true
			}
		}
		return false
	}
	if bin, ok := v.(*ssa.BinOp); ok && (isNil(bin.X) && isError(bin.Y.Type()) || isNil(bin.Y) && isError(bin.X.Type())) {
		// err != nil of the lookup: it failed (return err), it did not
		// say whether the thing is there.
		return false
	}
	if instr, ok := v.(ssa.Instruction); ok {
		for _, op := range instr.Operands(nil) {
			if op != nil && fromLookup(*op, depth+1, seen) {
				return true
			}
		}
	}
	return false
}

// swallowedDupFailures guards an insert that fails on a duplicate of a
// business key (effect.Effect.DupKey, resolved: traced to what the job
// carries, not to a random or time source) where this function only logs
// or drops its failure: a redelivery's insert fails on the key, nothing is
// written again, and the failure is taken as success (the loop goes on,
// the handler returns nil). The failure must reach this call as it is
// (every hop past this function's returns it), or the create be this
// function's own call. A create whose key is not so traced (a natural key
// of the migrations whose value is not followed, go-github's CreateRef,
// whose catalog entry names no duplicate_key) stays unguarded when its
// error is swallowed.
func (a *analysis) swallowedDupFailures() {
	for _, c := range a.sites {
		e := c.Effect
		if e.DupFails == "" || e.DupKey == nil || e.DupKey.Param != 0 || e.DupKey.Random != "" || !e.DupKey.BusinessKey() ||
			e.Guard != nil || e.Issue != "" || len(e.Path) == 0 || e.Path[0].ErrOut {
			continue
		}
		ok := true
		for _, h := range e.Path[1:] {
			ok = ok && h.ErrOut
		}
		if !ok || !ErrorIgnored(a.fn, c.Instr) {
			continue
		}
		e.Guard = DupTakenAsSuccess(e)
	}
}

// DupTakenAsSuccess is the guard of a create whose duplicate's failure on
// a business key a caller only logs (effect.Effect.DupTakenAsSuccess).
func DupTakenAsSuccess(e *effect.Effect) *effect.Guard {
	pos := e.Path[0].Pos
	for i := len(e.Path) - 1; i >= 0; i-- {
		if e.Path[i].ErrDropped {
			pos = e.Path[i].Pos
			break
		}
	}
	return &effect.Guard{Kind: effect.GuardClaim, Expr: fmt.Sprintf("%s, which fails on a duplicate of the key %s", e.Describe(), orKey(e.DupKey.Expr)),
		Pos: pos, SameTx: true,
		Note: e.DupFails + "; the failure is only logged at " + pos + ", so a redelivery's duplicate is taken as success"}
}

// ErrorIgnored reports whether the failure of the call ci is only logged
// or dropped in fn: its error is unused, tested against nil, or passed
// (also wrapped) to calls that neither return it nor examine it
// (log.Println(err), fmt.Printf("%v", err)); never returned, stored,
// asserted or compared with a sentinel.
func ErrorIgnored(fn *ssa.Function, ci ssa.CallInstruction) bool {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return true // go, defer: nobody sees the error
	}
	errv := errorOf(ci)
	if errv == nil {
		// The error result is not read at all.
		if tup, ok := call.Type().(*types.Tuple); ok && tup.Len() > 0 && isError(tup.At(tup.Len()-1).Type()) {
			return true
		}
		if isError(call.Type()) && len(ssavalue.Referrers(call)) == 0 {
			return true
		}
		return false
	}
	flow := newErrFlow(errv)
	add := flow.add
	for v, ok := flow.next(); ok; v, ok = flow.next() {
		for _, r := range ssavalue.Referrers(v) {
			switch x := r.(type) {
			case *ssa.MakeInterface:
				add(x)
			case *ssa.ChangeInterface:
				add(x)
			case *ssa.Slice:
				add(x)
			case *ssa.IndexAddr:
				// the variadic array of a logging call
			case *ssa.BinOp:
				if x.Op != token.EQL && x.Op != token.NEQ || !isNil(x.X) && !isNil(x.Y) {
					return false
				}
			case *ssa.If:
			case *ssa.DebugRef:
			case *ssa.Store:
				ia, ok := x.Addr.(*ssa.IndexAddr)
				if !ok || x.Val != v {
					return false
				}
				if _, ok := ia.X.(*ssa.Alloc); !ok {
					return false
				}
				add(ia.X)
			case *ssa.Alloc:
			case *ssa.Call:
				t := x.Type()
				if x.Call.IsInvoke() && x.Call.Value == v {
					if x.Call.Method.Name() != "Error" {
						return false
					}
					continue
				}
				if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
					return false // errors.Is, isDuplicate(err)
				}
				if isError(t) {
					add(x) // wrapped
					continue
				}
				if tup, ok := t.(*types.Tuple); ok {
					for i := 0; i < tup.Len(); i++ {
						if isError(tup.At(i).Type()) || isBool(tup.At(i).Type()) {
							return false
						}
					}
				}
			default:
				return false // returned, stored, asserted, sent: it goes on
			}
		}
	}
	return !flow.cut // a flow too long to follow is not called ignored
}

// notFoundIs reports whether c is errors.Is(err, S) with S a sentinel
// named for a lookup's "not found" (ErrNotFound, ErrNoRows, …).
func notFoundIs(c *ssa.CallCommon) bool {
	return isErrorsIs(c) && len(c.Args) == 2 && notFoundName.MatchString(errName(c.Args[1]))
}

// errorPointer reports whether t is a pointer to a named struct type that
// implements error (an application's error type, made by its
// constructor).
func errorPointer(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	if _, ok := types.Unalias(p.Elem()).(*types.Named); !ok {
		return false
	}
	if _, ok := p.Elem().Underlying().(*types.Struct); !ok {
		return false
	}
	return types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
}

// carriesError reports whether t, a call's result that is not an error,
// is a value holding one: a struct, or a pointer to one, with a field of
// type error (an error builder: flexprice's ierr.WithError(err) returns
// &ErrorBuilder{err: err}, whose WithHint returns it again and Mark
// returns its error). A call given the error (or such a value) that
// returns one carries the error on; a call that returns anything else
// (a string, a logger entry without an error field) does not.
func carriesError(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if isError(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// RowsErrCalls gives the calls of Err on the rows ci returns (its first
// result), when the rows go nowhere but to those and to Close (also
// deferred): what reads the statement's failure of a query whose library
// reports it there (models.Model.RowsErr). ok is false when the rows go
// anywhere else (Next, Scan, a collector, a helper, a store).
func RowsErrCalls(ci ssa.CallInstruction) ([]ssa.CallInstruction, bool) {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return nil, false
	}
	tup, ok := call.Type().(*types.Tuple)
	if !ok || tup.Len() != 2 || !isError(tup.At(1).Type()) {
		return nil, false
	}
	var rows ssa.Value
	for _, r := range ssavalue.Referrers(call) {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			if rows != nil {
				return nil, false
			}
			rows = ex
		}
	}
	if rows == nil {
		return nil, true // the rows unread: so is the failure
	}
	var errs []ssa.CallInstruction
	for _, r := range ssavalue.Referrers(rows) {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case ssa.CallInstruction:
			c := x.Common()
			if !c.IsInvoke() || c.Value != rows {
				return nil, false
			}
			switch c.Method.Name() {
			case "Close":
			case "Err":
				if cl, ok := x.(*ssa.Call); ok {
					errs = append(errs, cl)
				}
			default:
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return errs, true
}
