package summary

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/internal/memo"
)

// walker summarises one function.
type walker struct {
	// tracingBusinessKey is set while a duplicate's business key is traced
	// (natkey.go): only there is an id filled when empty the message's
	// (fillempty.go); an idempotency key so filled stays random-key.
	tracingBusinessKey int
	// emptyDefaultsMemo memoises emptyDefaults (fillempty.go), read only
	// while a business key is traced.
	emptyDefaultsMemo map[*ssa.Phi][]bool
	// chainPhis are the phis chain is walking the edges of (phiModel).
	chainPhis map[*ssa.Phi]bool
	// chainFields are the fields chain is following the stores of
	// (fieldTable).
	chainFields map[*types.Var]bool
	// rmwMemo memoises rmwArg (rmwcall.go).
	rmwMemo map[ssa.Value]*effect.Effect
	// active guards callValue against cycles through function values
	// (a closure that calls itself through its own variable).
	active map[*ssa.Function]bool
	// returning is the call whose results are those of the function value
	// callValue is adding (a model's returns): a claim that function
	// hands back is the call's outcome.
	returning ssa.CallInstruction
	// stmtPhis are the phis stmtSQL is following (a loop's phi leads back
	// to itself).
	stmtPhis map[*ssa.Phi]bool
	p        *Package
	fn       *ssa.Function
	name     string
	sites    []*guard.Site
	calls    []int
	// fieldCalls are the func-typed parameter fields the function calls
	// (Summary.CallsParamFields).
	fieldCalls []ParamFieldCall
	txCalls    []TxCall
	pitfalls   []guard.Pitfall
	// pitFrom is the call that brought each of pitfalls up from its
	// callee's summary (by index), for dropLostRaces.
	pitFrom map[int]ssa.CallInstruction
	// commands are the catalog's commands the function runs (command.go).
	commands []commandSite
	// errOut memoises guard.ErrorReturned per call.
	errOut map[ssa.CallInstruction]bool
	// doneChecks memoises guard.DoneChecks of fn (doneChecked: computed).
	doneChecks  []guard.DoneCheck
	doneChecked bool
	// dupTaken memoises guard.DuplicateTaken per call.
	dupTaken map[ssa.CallInstruction]bool
	// ackHeld memoises guard.AckWithheld per call.
	ackHeld memo.Map[ssa.CallInstruction, bool]
	// ackFollows memoises guard.AckFollows per call.
	ackFollows memo.Map[ssa.CallInstruction, bool]
	// scopes are the values that fix the rows of the DELETEs that clear
	// a scope of their table (replace.go).
	scopes map[*effect.Effect][]ssa.Value
	// setVals are the values a call passed for the SetFrom parameters of
	// an effect it brought up from its callee (setfrom.go).
	setVals map[*effect.Effect][]ssa.Value
	// paramCalls are the function's calls of its func-typed parameters
	// (claimcb.go); idTracing guards idFieldSource against reentry.
	paramCalls []*guard.ParamCall
	idTracing  bool
	// paramArgs are the arguments the function passes to each func-typed
	// parameter it calls (Summary.ParamArgs); valueArgs, while a callee's
	// call of such a parameter is added, are what that call passes there,
	// seen from here (cond.go).
	paramArgs  []ParamArgs
	valueArgs  []ssa.Value
	fieldDepth int // fieldKeyOrigin's nesting
	// overLocal are the sites that run only over a collection the
	// function made, fills its fields' writes, firstTimes its claims'
	// first-time edges (collected.go).
	overLocal map[*effect.Effect]collected
	// rowsLocal are the inserts that write a row per value scanned from
	// the rows of a call here (rowsof.go).
	rowsLocal  map[*effect.Effect]*ssa.Call
	fills      []fillSite
	firstTimes []firstTime
}

func (p *Package) summarise(fn *ssa.Function) (*Summary, []*guard.Site) {
	w := &walker{p: p, fn: fn, name: SSAName(fn)}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok {
				w.call(ci)
			}
			w.memory(instr)  // memory.go
			w.channel(instr) // channels.go
		}
	}
	w.publishes() // command.go
	w.replaces()  // replace.go
	w.stamped()   // stamped.go
	w.planLinks() // linkplan.go
	w.ownOver()   // collected.go
	genv := &guard.Env{Fset: p.env.Fset, Index: p.env.Index, Text: p.text.exprText, DuplicateTest: p.duplicateTest, DuplicateAborts: p.duplicateAborts, SameTx: w.sameTxStruct,
		UniqueEnqueue: w.uniqueEnqueue, Writers: p.tableWriters,
		FirstTime: func(firsts []*ssa.BasicBlock, g effect.Guard) {
			w.firstTimes = append(w.firstTimes, firstTime{firsts: firsts, g: g})
		}}
	keyGuarded := map[string]bool{}
	genv.KeyGuarded = func(pos string) { keyGuarded[pos] = true }
	// An act a check-then-act exposes whose record its run may not write
	// is kept beside it without the issue (guard/unrecorded.go).
	var unrecorded []*guard.Site
	genv.Unrecorded = func(s *guard.Site, e effect.Effect) {
		c := *s
		c.Effect = &e
		unrecorded = append(unrecorded, &c)
	}
	pitfalls, claimReturn := guard.Analyze(fn, w.sites, genv, w.paramCalls...)
	w.sites = append(w.sites, unrecorded...)
	w.dropGuardedKeys(keyGuarded)
	w.resolveOver() // collected.go
	w.resolveRows() // rowsof.go
	w.dropLostRaces()
	w.pitfalls = append(w.pitfalls, pitfalls...)

	s := &Summary{ParamArgs: w.paramArgs, CallsParams: w.calls, CallsParamFields: w.fieldCalls, TxCalls: w.txCalls, GuardedCalls: w.guardedCalls(w.paramCalls), Pitfalls: w.pitfalls, ClaimReturn: claimReturn, StmtArg: w.stmtArg(fn),
		DuplicateTest: guard.IsDuplicateTest(fn, genv)}
	s.DuplicateAborts = s.DuplicateTest && guard.DuplicateTestAborts(fn, genv)
	s.StmtTextArg, s.StmtTextAppended = w.stmtTextArg(fn)
	s.NilUnless = nilUnless(fn)
	s.RequestMethodArg, s.RequestMethodField = w.requestMethodArg(fn)
	s.RequestBodyArg = w.requestBodyArg(fn)
	s.KeptRequests = w.keptRequests(fn)
	for _, site := range w.sites {
		if site.Effect.Kind == effect.KindAck {
			continue // used by the guard analysis only
		}
		e := *site.Effect
		e.Exec = w.execIndex(w.txHandle(w.injectedHandle(site.Exec)))
		if g := e.Guard; g != nil && g.NeedsTx && !e.Tx && site.Exec != nil {
			// The guard analysis named the handle (guard/findcreate.go).
			e.Tx = w.isTx(normalize(site.Exec))
		}
		if e.CallerLock != nil && (e.Exec == effect.NoExec || e.Guard != nil) {
			e.CallerLock = nil // guarded already, or on a handle of this function's own, which it did not lock
		}
		if f := guard.FoundResult(fn, site, p.env.Fset); f != nil {
			// A result of this function says whether the read found
			// rows (guard/foundbool.go): its callers' tests of it are
			// the look-up's.
			e.Found = f
		}
		if e.Kind == effect.KindDynamic && len(e.Path) == 1 && site.Instr != nil && (guard.LookupDecided(site.Instr) || guard.ErrGoesNowhere(site.Instr)) {
			e.DupStopped = true
		}
		s.Effects = append(s.Effects, e)
	}
	w.resultOrigins(s)
	s.DayParams = w.dayParams() // clockday.go
	s.NilOnError = p.nilOnErrorFn(fn)
	w.clockResult(s) // stampclock.go
	s.IDResult = w.idResult()
	s.FreshID = w.freshResult(s)
	s.MeasuresEmpty = measuresEmpty(fn)
	s.EmptyResult = emptyResult(fn)         // collected.go
	s.LoadedResults = w.loadedResults()     // savedrow.go
	s.LoadedUnlessErr = w.loadedUnlessErr() // savedrow.go
	s.CopyParam = copyParam(fn)             // copyresult.go
	s.HookFields = hookFieldsOf(fn)         // tagkey.go
	s.MissParams = w.missParams(s)
	p.attachDirectives(fn, s)
	s.normalize(p.env.KeepPaths)
	if p.env.Dependency {
		s.foldUnresolved()
	}
	return s, w.sites
}

// attachDirectives gives the function's own effects and pitfalls, and the
// function, the //jobeffects:ignore directives on their lines. Effects of
// callees arrive with theirs.
func (p *Package) attachDirectives(fn *ssa.Function, s *Summary) {
	ix := p.env.Directives
	if ix == nil {
		return
	}
	s.Ignore = ix.At(PosString(p.env.Fset, fn.Pos()))
	for i := range s.Effects {
		if e := &s.Effects[i]; e.Ignore == nil {
			e.Ignore = ix.At(e.Evidence())
		}
	}
	for i := range s.Pitfalls {
		if pf := &s.Pitfalls[i]; pf.Suppressed == "" {
			if reason, ok := ix.At(pf.Pos).Silences(pf.Rule); ok {
				pf.Suppressed = reason
			}
		}
	}
}

func (w *walker) hop(ci ssa.CallInstruction) effect.Hop {
	out, ok := w.errOut[ci]
	if !ok {
		if w.errOut == nil {
			w.errOut = map[ssa.CallInstruction]bool{}
		}
		out = guard.ErrorReturned(w.fn, ci)
		w.errOut[ci] = out
	}
	h := effect.Hop{Pos: PosString(w.p.env.Fset, ci.Pos()), Func: w.name, ErrOut: out, DoneChecks: w.doneChecksBefore(ci), AckAfter: w.ackAfter(ci), FailsLast: guard.FailsLast(w.fn, ci)}
	if !out {
		h.ErrDropped = guard.ErrorIgnored(w.fn, ci)
		if h.ErrDropped && w.ackWithheld(ci) {
			// Only logged, but the message is acked only on success: the
			// broker redelivers it, as a queue retries a returned error.
			h.ErrDropped, h.AckWithheld = false, true
		}
	}
	if errs, ok := w.rowsErr(ci); ok {
		// The statement's failure comes out of the rows' Err, not the
		// call's error: it reaches fn's result only through an Err
		// call, and goes nowhere when the rows are only closed.
		h.ErrOut, h.ErrDropped = false, true
		for _, e := range errs {
			if guard.ErrorReturned(w.fn, e) {
				h.ErrOut, h.ErrDropped = true, false
				break
			}
			h.ErrDropped = h.ErrDropped && guard.ErrorIgnored(w.fn, e)
		}
		w.errOut[ci] = h.ErrOut
		out = h.ErrOut
	}
	if !out && !h.ErrDropped {
		if _, deref := guard.NilDerefOnDup(w.fn, ci, w.guardEnv()); deref {
			// The branch that takes the duplicate as success reads the
			// nil the failed call returned: it panics, and the delivery
			// fails as if the error were returned.
			h.ErrOut = true
			w.errOut[ci] = true
			return h
		}
	}
	// A failure returned only when it is not a duplicate (if err != nil
	// && !strings.Contains(err.Error(), "already exists") { return err })
	// is taken as success on the duplicate's edge too.
	if !h.ErrDropped && (!out || guard.ErrorExamined(ci)) {
		taken, ok := w.dupTaken[ci]
		if !ok {
			if w.dupTaken == nil {
				w.dupTaken = map[ssa.CallInstruction]bool{}
			}
			taken = guard.DuplicateTaken(w.fn, ci, w.guardEnv())
			w.dupTaken[ci] = taken
		}
		h.DupTaken = taken
	}
	return h
}

// ackWithheld is guard.AckWithheld, memoised per call.
func (w *walker) ackWithheld(ci ssa.CallInstruction) bool {
	return w.ackHeld.Get(ci, func() bool { return guard.AckWithheld(w.fn, ci, w.p.env.Index) })
}

// ackAfter is guard.AckFollows, memoised per call.
func (w *walker) ackAfter(ci ssa.CallInstruction) bool {
	return w.ackFollows.Get(ci, func() bool { return guard.AckFollows(w.fn, ci, w.p.env.Index) })
}

// guardEnv is what the guard package's per-call tests are given.
func (w *walker) guardEnv() *guard.Env {
	return &guard.Env{Fset: w.p.env.Fset, Index: w.p.env.Index, DuplicateTest: w.p.duplicateTest, DuplicateAborts: w.p.duplicateAborts, NilOnError: w.p.nilOnError}
}

// rowsErr gives, for a call of a model marked rows_err (pgx's Query),
// the calls of Err on the rows it returns; ok is false when the call is
// not one or its rows go anywhere but to Close and Err (a collector, a
// helper, a loop's Next: read there, the failure is decided there).
func (w *walker) rowsErr(ci ssa.CallInstruction) ([]ssa.CallInstruction, bool) {
	obj, _ := ssavalue.Callee(ci.Common())
	if obj == nil {
		return nil, false
	}
	if m := w.p.env.Index.Lookup(obj); m == nil || !m.RowsErr {
		return nil, false
	}
	return guard.RowsErrCalls(ci)
}

func (w *walker) addSite(e *effect.Effect, ci ssa.CallInstruction, exec ssa.Value, direct bool) {
	exec = normalize(exec)
	if exec != nil && !e.Tx {
		e.Tx = w.isTx(exec)
	}
	if g := e.Guard; g != nil && g.NeedsTx && !e.Tx && w.execIndex(w.txHandle(w.injectedHandle(exec))) == effect.NoExec {
		// The handle its guard needs to be a transaction is none, and no
		// caller can make it one (guard/findcreate.go).
		e.Guard = nil
	}
	if e.Kind == effect.KindHTTP && e.Target != "" {
		w.rateEndpoint(e)
	}
	if e.Kind == effect.KindDBRead && e.Target != "" && e.LookupKey == "" {
		e.LookupKey = lookupKey(w.p.env.Triggers, e.Target, e.Selects, e.Filters)
	}
	if ci != nil && e.Found != nil && e.Found.Pos == "" {
		// The callee's result that says whether its read found rows is
		// this call's (guard/foundbool.go).
		f := *e.Found
		f.Pos = PosString(w.p.env.Fset, ci.Pos())
		e.Found = &f
	}
	if ci != nil {
		if more := w.condsAt(ci); len(more) > 0 {
			e.When = effect.AddConds(e.When, more) // cond.go
		}
	}
	w.sites = append(w.sites, &guard.Site{Effect: e, Instr: ci, Exec: exec, Direct: direct})
}

// execIndex maps an executor value to the index of the parameter (or, for
// closures, free variable after the parameters) it is.
func (w *walker) execIndex(v ssa.Value) int {
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range w.fn.Params {
			if p == v {
				return i
			}
		}
	case *ssa.FreeVar:
		for i, f := range w.fn.FreeVars {
			if f == v {
				return len(w.fn.Params) + i
			}
		}
	}
	return effect.NoExec
}

func (w *walker) unknown(ci ssa.CallInstruction, target, detail string) {
	e := &effect.Effect{
		Kind:   effect.KindDynamic,
		Op:     effect.OpCall,
		Target: target,
		Risk:   effect.Unknown,
		Detail: detail,
		Path:   []effect.Hop{w.hop(ci)},
		Exec:   effect.NoExec,
	}
	w.addSite(e, ci, nil, true)
}

// duplicateTest reports whether fn's summary says it tests an error for a
// unique-key violation.
func (p *Package) duplicateTest(fn *ssa.Function) bool {
	s := p.calleeSummary(fn)
	return s != nil && s.DuplicateTest
}

// duplicateAborts reports whether fn's summary says its duplicate test
// recognises only PostgreSQL's violation (Summary.DuplicateAborts).
func (p *Package) duplicateAborts(fn *ssa.Function) bool {
	s := p.calleeSummary(fn)
	return s != nil && s.DuplicateAborts
}

// calleeSummary is fn's summary: this package's own (nil before it is
// made), or the one imported for a function of another package.
func (p *Package) calleeSummary(fn *ssa.Function) *Summary {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if p.set[fn] {
		return p.sums[fn]
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil && p.env.Import != nil {
		if s, ok := p.env.Import(obj); ok {
			return s
		}
	}
	return nil
}

// rateEndpoint applies the catalog's rating of the HTTP API an effect
// calls (a language model's completion endpoint is safe whatever its
// method).
func (w *walker) rateEndpoint(e *effect.Effect) {
	method := e.Op
	if e.HTTPSet == effect.RuleMergePatchSet {
		method = "patch" // a PATCH read as a set (DecideSet): the catalog's rating of the endpoint stands
	}
	ep := w.p.env.Index.Endpoint(method, e.Target, e.URLQuery)
	if ep == nil {
		return
	}
	if r, ok := effect.ParseRisk(ep.Risk); ok {
		e.Risk = r
		e.By = effect.ByModel // the catalog rates the endpoint
	}
	if ep.Detail != "" && !strings.Contains(e.Detail, ep.Detail) {
		e.Detail = effect.JoinDetail(e.Detail, ep.Detail)
	}
}

// dropLostRaces removes the duplicate-as-error a claim helper's call
// brought up where the guard analysis found the call's optimistic lock
// held on the version this function read (guard.Site.LostRace): its "no
// row changed" is a lost race, not a duplicate.
func (w *walker) dropLostRaces() {
	lost := map[ssa.CallInstruction]bool{}
	for _, s := range w.sites {
		if s.LostRace {
			lost[s.Instr] = true
		}
	}
	if len(lost) == 0 {
		return
	}
	var kept []guard.Pitfall
	for i, p := range w.pitfalls {
		if p.Rule == rules.DuplicateAsError && lost[w.pitFrom[i]] {
			continue
		}
		kept = append(kept, p)
	}
	w.pitfalls = kept
}

// doneChecksBefore are the positions of the done checks (guard.DoneChecks)
// that ci runs after, on their "not done" branch; sorted and joined by
// ";", "" for none.
func (w *walker) doneChecksBefore(ci ssa.CallInstruction) string {
	if !w.doneChecked {
		w.doneChecked = true
		w.doneChecks = guard.DoneChecks(w.fn)
	}
	if len(w.doneChecks) == 0 {
		return ""
	}
	seen := map[string]bool{}
	var out []string
	for _, c := range guard.CheckedBefore(w.doneChecks, ci) {
		p := PosString(w.p.env.Fset, c.Pos())
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ";")
}
