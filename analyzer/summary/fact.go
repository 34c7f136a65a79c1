package summary

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
)

// Summary is the effect summary of one function; it is exported as an
// object fact on the function so other packages can use it.
type Summary struct {
	Effects []effect.Effect
	// CallsParams lists the func-typed parameters (receiver first) the
	// function calls before it returns.
	CallsParams []int
	// CallsParamFields lists the func-typed fields of parameters (not the
	// receiver) the function calls: a list helper's input.ApplyFunc,
	// passed on to the iterator that calls it. A caller substitutes the
	// function its argument's literal stores there (paramfields.go).
	CallsParamFields []ParamFieldCall `json:",omitempty"`
	// Pitfalls are guard mistakes inside the function or its callees.
	Pitfalls []guard.Pitfall
	// ClaimReturn is set when the function makes a claim and returns its
	// outcome: its callers test the call's result as they would the claim's.
	ClaimReturn *guard.ClaimReturn
	// DuplicateTest: the function tells whether its error argument is a
	// unique-key violation (isUniqueViolation(err) bool); a caller that
	// takes one as success after an insert dedupes by the constraint.
	DuplicateTest bool
	// DuplicateAborts, with DuplicateTest: the only violation it
	// recognises is PostgreSQL's (SQLSTATE 23505), so the failed statement
	// aborted the transaction it ran in (guard.DuplicateTestAborts).
	DuplicateAborts bool `json:",omitempty"`
	// StmtArg (1-based; 0 when none) is the parameter whose prepared
	// statement the function returns (a TxStmt(tx, stmt) helper).
	StmtArg int
	// StmtTextArg (1-based; 0 when none) is the parameter whose SQL text
	// the statement the function returns is prepared from (a statement
	// builder); StmtTextAppended: clauses are appended to it on some
	// path (stmtbuilder.go).
	StmtTextArg      int  `json:",omitempty"`
	StmtTextAppended bool `json:",omitempty"`
	// RequestMethodArg (1-based; 0 when none) is the parameter that is
	// the method of the *http.Request the function builds and returns.
	RequestMethodArg int
	// RequestMethodField, with RequestMethodArg, is the field (a dotted
	// path: fields.Method) of that parameter that is the method.
	RequestMethodField string
	// RequestBodyArg (1-based; 0 when none) is the parameter the request
	// the function returns was built with as its body (a client's
	// request(ctx, method, path, query, body) helper): a GraphQL document
	// sent in it is read where the request is built (summary/jsonrpc.go).
	RequestBodyArg int `json:",omitempty"`
	// KeptRequests: the struct the function returns a pointer to keeps an
	// *http.Request in a field, taken from a parameter (a gate's request
	// type: NewRequest(req) → &Request{httpRequest: req}) or, Through, the
	// function returns that parameter itself (r.BeforeSend(fn) returns
	// r): a caller finds the request that a value it passes on holds.
	KeptRequests []KeptRequest `json:",omitempty"`
	// RandomResult and IdentityResult name the random (time, attempt) or
	// job-identity source the function's string-like results derive from
	// (a newKey() helper): a key built from its result derives from it.
	RandomResult, IdentityResult string
	// ClockResult names the database clock read (a query that only reads
	// now(), clock_timestamp(), …) the function's result is scanned from,
	// directly or through the package's calls (stampclock.go).
	ClockResult string `json:",omitempty"`
	// DayParams (1-based, receiver first): the time.Time parameters the
	// function's results derive from only through their calendar day
	// (Format(time.DateOnly), Date(), Truncate(24*time.Hour)): a caller
	// passing time.Now() there gets results the same all day
	// (clockday.go).
	DayParams []int `json:",omitempty"`
	// KeyResultParam (1-based, receiver first; 0 when none) and
	// KeyResultField: the function's string-like result derives from that
	// field of that parameter (a key helper: keyOf(event) returning
	// "prefix:" + event.ID), so a caller traces the field it passes.
	KeyResultParam int    `json:",omitempty"`
	KeyResultField string `json:",omitempty"`
	// IDResult, for a function that returns a model struct (a converter
	// from the message to the row), is what the struct's id field derives
	// from (Random, or Param, or neither: a stable value); nil when it is
	// not filled on every return. See natkey.go.
	IDResult *effect.Key `json:",omitempty"`
	// FreshID, for a function that returns the row (or id) a plain
	// INSERT … RETURNING it makes returns, and which a second delivery
	// repeats, says so: the id field of its result is new on every
	// delivery (freshid.go).
	FreshID string `json:",omitempty"`
	// MeasuresEmpty, for a function of one string returning whether it
	// is empty (len(strings.TrimSpace(s)) == 0), says so: a field filled
	// under its test is a default, not a fresh key (fillempty.go).
	MeasuresEmpty bool `json:",omitempty"`
	// EmptyResult: the function returns a struct it allocates and hands
	// nowhere, leaving its slice and map fields empty (a constructor:
	// return &Outbox{}): a caller's collection in that value holds only
	// what the caller fills (collected.go).
	EmptyResult bool `json:",omitempty"`
	// LoadedResults are the indices of the pointer results the function
	// returns as rows it loaded from their table (a repository's GetByID:
	// First(&row, id), its error tested): a Save of such a row updates it
	// (savedrow.go).
	LoadedResults []int `json:",omitempty"`
	// LoadedUnlessErr are the indices of results the function returns as
	// rows it loaded when its error result is nil: every return gives a
	// row it read into together with that read's error, untested here
	// (order; err := db.First(&order, id).Error; return order, err). A
	// caller that tests the error before a Save of the row saves a loaded
	// row (savedrow.go).
	LoadedUnlessErr []int `json:",omitempty"`
	// CopyParam (1-based, receiver first; 0 when none): the function's
	// first result is a copy of that parameter (returned as is, asserted
	// to a type, or round-tripped through JSON into the result: a generic
	// ConvertToStruct[T](data any)); a read passed through it stays a read
	// (copyresult.go).
	CopyParam int `json:",omitempty"`
	// MissParams, for a function without effects that plans from a
	// lookup's misses, are the parameters (1-based, receiver first) the
	// maps it looks up derive from (missplan.go).
	MissParams []int `json:",omitempty"`
	// ParamArgs say, for a func-typed parameter the function calls,
	// which of its own parameters it passes there (cond.go): a caller
	// resolves with them the tests the function value's effects carry.
	ParamArgs []ParamArgs `json:",omitempty"`
	// TxCalls are the func-typed parameters the function calls with a
	// transaction it began (an application's InTx(ctx, fn) helper): the
	// callback's effects on that argument commit together.
	TxCalls []TxCall
	// GuardedCalls are the func-typed parameters the function calls only
	// when a claim of a key is new (an idempotency helper's Exec(ctx,
	// key, fn)): the callback's effects are guarded by that claim, with
	// the key the caller passes (claimcb.go).
	GuardedCalls []GuardedCall `json:",omitempty"`
	// NilUnless, for a hook factory, is the field test every non-nil
	// return of a function value lies under (hookgate.go).
	NilUnless *NilUnless `json:",omitempty"`
	// NilOnError: every return of the function whose error is not nil
	// returns nil pointers (nilresult.go); a caller that dereferences a
	// result on its failure's branch panics there.
	NilOnError bool `json:",omitempty"`
	// HookFields, on a model hook method (BeforeCreate, BeforeSave, …),
	// are the fields of its struct it stores into (tagkey.go): a package
	// inserting the model reads whether the hook may set a unique key.
	HookFields *HookFields `json:",omitempty"`
	// Ignore is the //jobeffects:ignore on the function's declaration
	// line (or the line above): it silences the function's findings when
	// it is a handler.
	Ignore *effect.Ignore
}

// KeptRequest is one *http.Request field of a returned struct and the
// parameter (receiver first) it comes from.
type KeptRequest struct {
	Field   string
	Param   int
	Through bool
}

// AFact marks Summary as an analysis fact.
func (*Summary) AFact() {}

// String lists the effects compactly for tests and fact logs:
// "effects: db_write/insert ledger @p1; email/send smtp guarded=processed_jobs; calls p2".
func (s *Summary) String() string {
	if len(s.Effects) == 0 && len(s.CallsParams) == 0 && len(s.CallsParamFields) == 0 && len(s.GuardedCalls) == 0 && s.NilUnless == nil && s.RequestMethodArg == 0 && len(s.KeptRequests) == 0 && s.StmtArg == 0 && s.StmtTextArg == 0 && !s.DuplicateTest && s.RandomResult == "" && s.IdentityResult == "" && s.ClockResult == "" && len(s.TxCalls) == 0 {
		return "no effects"
	}
	var parts []string
	for i := range s.Effects {
		e := &s.Effects[i]
		t := e.Kind + "/" + e.Op
		if e.Target != "" {
			t += " " + e.Target
		}
		// An unknown call's receiver is kept as its executor only for the
		// completion it may run in (txguard=, shown when there is one).
		if e.Exec != effect.NoExec && e.Kind != effect.KindDynamic {
			t += fmt.Sprintf(" @p%d", e.Exec)
		}
		if e.BufferedArg > 0 {
			t += fmt.Sprintf(" buffered=p%d", e.BufferedArg-1)
		}
		if e.Holder > 0 {
			t += fmt.Sprintf(" holder=p%d", e.Holder-1)
		}
		if e.MethodArg > 0 {
			t += fmt.Sprintf(" method=p%d", e.MethodArg-1)
			if e.MethodField != "" {
				t += "." + e.MethodField
			}
		}
		if e.RPCMethod != "" && e.Target != "json-rpc "+e.RPCMethod && e.Target != "soap "+e.RPCMethod {
			t += " rpc=" + e.RPCMethod
		}
		if e.RPCMethodArg > 0 {
			t += fmt.Sprintf(" rpc=p%d", e.RPCMethodArg-1)
		}
		if e.GraphQL {
			t += " graphql"
		}
		if e.RPCTypeArg > 0 {
			t += fmt.Sprintf(" soap=T%d", e.RPCTypeArg-1)
		}
		if e.Completion {
			t += " completion"
		}
		if e.TokenGrant != "" {
			t += " grant=" + e.TokenGrant // an OAuth2 token request's form (tokengrant.go)
		}
		if g := callGrantsString(e); g != "" {
			t += " grants=" + g // an interface call's token forms (tokengrant.go)
		}
		if e.TextBody && e.ResponseRead {
			t += " texts-read" // texts sent, the response read (textbody.go)
		}
		if e.ChangedFrom != "" {
			t += " changed-from"
		}
		if e.RequestArg > 0 {
			t += fmt.Sprintf(" request=p%d", e.RequestArg-1)
		}
		if e.URLArg > 0 {
			t += fmt.Sprintf(" url=p%d", e.URLArg-1)
			if e.URLField != "" {
				t += "." + e.URLField
			}
		}
		if e.BodyArg > 0 {
			t += fmt.Sprintf(" body=p%d", e.BodyArg-1)
			if e.BodyField != "" {
				t += "." + e.BodyField
			}
		}
		if e.HTTPSet != "" {
			t += " rule=" + e.HTTPSet
		}
		if e.StmtArg > 0 {
			t += fmt.Sprintf(" stmt=p%d", e.StmtArg-1)
		}
		if f := e.Found; f != nil && f.Pos == "" {
			// Result f.Index says whether the read found rows ("!": true
			// when none).
			t += fmt.Sprintf(" found=r%d", f.Index)
			if !f.WhenTrue {
				t += "!"
			}
		}
		if e.Guard != nil {
			t += " guarded=" + e.Guard.Kind
		}
		if e.TxGuard != nil {
			t += " txguard=" + e.TxGuard.Kind
		}
		if e.CallerLock != nil {
			t += " if-caller-locks"
		}
		if e.Issue != "" {
			t += " issue=" + e.Issue
		}
		if r := e.Reading; r != nil {
			t += " reads=" + r.Kind + "/" + r.Op
		}
		parts = append(parts, t)
	}
	for _, k := range s.CallsParams {
		t := fmt.Sprintf("calls p%d", k)
		if gc := s.guardedCall(k); gc != nil {
			t += " under claim " + gc.Guard.Expr
			if gc.Guard.KeyParam > 0 {
				t += fmt.Sprintf(" key=p%d", gc.Guard.KeyParam-1)
				if gc.Guard.KeyField != "" {
					t += "." + gc.Guard.KeyField
				}
			}
			if gc.Guard.Released {
				t += " released on failure"
			}
		}
		parts = append(parts, t)
	}
	for _, c := range s.CallsParamFields {
		parts = append(parts, fmt.Sprintf("calls p%d.%s", c.Param, c.Field))
	}
	if s.StmtArg > 0 {
		parts = append(parts, fmt.Sprintf("returns the statement p%d", s.StmtArg-1))
	}
	if s.StmtTextArg > 0 {
		t := fmt.Sprintf("prepares p%d", s.StmtTextArg-1)
		if s.StmtTextAppended {
			t += " with clauses appended"
		}
		parts = append(parts, t)
	}
	if s.RequestMethodArg > 0 {
		m := fmt.Sprintf("p%d", s.RequestMethodArg-1)
		if s.RequestMethodField != "" {
			m += "." + s.RequestMethodField
		}
		parts = append(parts, "builds a request with method "+m)
	}
	for _, k := range s.KeptRequests {
		if k.Through {
			parts = append(parts, fmt.Sprintf("returns p%d (its request %s)", k.Param, k.Field))
			continue
		}
		parts = append(parts, fmt.Sprintf("keeps request p%d in %s", k.Param, k.Field))
	}
	for _, c := range s.TxCalls {
		if c.Fields != "" {
			parts = append(parts, fmt.Sprintf("calls p%d in a transaction (argument %d, fields %s)", c.Param, c.Arg, c.Fields))
			continue
		}
		if c.Locked {
			parts = append(parts, fmt.Sprintf("calls p%d in a transaction it locked (argument %d)", c.Param, c.Arg))
			continue
		}
		parts = append(parts, fmt.Sprintf("calls p%d in a transaction (argument %d)", c.Param, c.Arg))
	}
	if s.RandomResult != "" {
		parts = append(parts, "result derives from "+s.RandomResult)
	}
	if s.IdentityResult != "" {
		parts = append(parts, "result derives from the job's identity "+s.IdentityResult)
	}
	if s.DuplicateTest {
		parts = append(parts, "tests for a unique-key violation")
	}
	if s.ClaimReturn != nil {
		parts = append(parts, fmt.Sprintf("returns claim result %d (%s)", s.ClaimReturn.Index, s.ClaimReturn.Kind))
	}
	return "effects: " + strings.Join(parts, "; ")
}

// foldUnresolved keeps one effect for all the unresolved calls (dynamic
// calls, raw network I/O, processes) of a dependency's function, counting
// the others in More. A caller in another module folds them into one at
// the boundary anyway (includeFrom); kept apart, with their paths, they
// made the facts of a library such as centrifuge 15 MB, which go vet
// hashes on every run. Classified effects keep their paths.
func (s *Summary) foldUnresolved() {
	rep := -1
	out := s.Effects[:0]
	for _, e := range s.Effects {
		if !foldable(&e) {
			out = append(out, e)
			continue
		}
		if rep < 0 {
			out = append(out, e)
			rep = len(out) - 1
			continue
		}
		r := &out[rep]
		r.More = effect.AddCount(r.More, effect.AddCount(1, e.More))
		r.Folded = true
		r.Reading = nil // it stands for several calls: no one name reads them
		if rank(e.Kind) > rank(r.Kind) {
			r.Kind = e.Kind
		}
	}
	s.Effects = exact(out)
}

// exact returns effs in a slice of exactly its length. A summary is kept
// for the whole run and an Effect is about 1.5 KB: a slice folded in
// place (foldUnresolved) or grown by append (fold) would keep the room
// of the effects folded away.
func exact(effs []effect.Effect) []effect.Effect {
	if cap(effs) == len(effs) {
		return effs
	}
	return append(make([]effect.Effect, 0, len(effs)), effs...)
}

// rank orders what a folded effect is called: network I/O or a process
// over an unresolved call.
func rank(kind string) int {
	switch kind {
	case effect.KindNetwork, effect.KindProcess:
		return 1
	}
	return 0
}

// maxEffects bounds a summary: beyond it, effects of the same kind and
// operation are folded so that facts stay small in library-heavy closures.
const maxEffects = 64

// normalize folds effects with the same identity into one, keeping the
// shortest path, and sorts everything for deterministic facts.
func (s *Summary) normalize(keepPaths bool) {
	out := effect.FoldAll(s.Effects, keepPaths)
	if len(out) > maxEffects {
		out = fold(out)
	}
	s.Effects = out
	sort.Ints(s.CallsParams)
	s.CallsParams = dedupInts(s.CallsParams)
	s.CallsParamFields = sortParamFields(s.CallsParamFields)
	sort.Slice(s.Pitfalls, func(i, j int) bool {
		a, b := s.Pitfalls[i], s.Pitfalls[j]
		if a.Pos != b.Pos {
			return effect.ComparePos(a.Pos, b.Pos) < 0
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		if a.TxParam != b.TxParam {
			return a.TxParam < b.TxParam // a pitfall that stands first
		}
		return a.Message < b.Message
	})
	s.Pitfalls = dedupPitfalls(s.Pitfalls)
}

// maxDynamic bounds the interface and func-value calls a summary keeps
// beyond maxEffects: a folded one is never resolved by the whole-program
// phase (it stands for calls at other sites), so folding them lost what
// they reach. Dendrite's room-event consumer folded 25, among them the
// notification insert and the push gateway's POST, behind the library's
// own interface calls that sort first.
const maxDynamic = 64

// fold keeps the first (worst) maxEffects effects, and up to maxDynamic
// more interface and func-value calls the whole-program phase may
// resolve (Via set). Each of the rest is
// counted into a kept effect with the same target, kind, operation and
// guard status when there is one (another path to the same kind of write),
// else into one effect per kind, operation and guard status that stands
// for them all and says how many targets it covers: no non-idempotent
// effect silently disappears from the risk, and none is counted as another
// path of an unrelated one.
func fold(effs []effect.Effect) []effect.Effect {
	kept := effs[:maxEffects:maxEffects]
	type class struct {
		kind, op string
		risk     effect.Risk
		guarded  bool
		issue    string
	}
	rest := map[class]int{} // index in kept of the effect standing for the others
	// The resolvable calls kept: the module's own first (a dependency's
	// evidence names its module version, path@version), then the others.
	// One call per interface method or func value and receiver (Target,
	// Via) is enough: the phase resolves the others to the same
	// implementations, so they are counted into it below as other paths,
	// and do not use up the room for calls that reach something else
	// (dendrite's push gateway POST came after 60 accessor calls on the
	// same event interface).
	type dynCall struct {
		target, via string
		guarded     bool
		issue       string
	}
	keyOf := func(e *effect.Effect) dynCall { return dynCall{e.Target, e.Via, e.Guard != nil, e.Issue} }
	seenDyn := map[dynCall]bool{}
	for i := range kept {
		if e := &kept[i]; e.Kind == effect.KindDynamic && !e.Folded {
			seenDyn[keyOf(e)] = true
		}
	}
	keepDyn := map[int]bool{}
	for _, own := range []bool{true, false} {
		for i, e := range effs[maxEffects:] {
			if len(keepDyn) < maxDynamic && e.Kind == effect.KindDynamic && ViaDynamic(e.Via) && !e.Folded &&
				own == !strings.Contains(e.Evidence(), "@") && !seenDyn[keyOf(&e)] {
				keepDyn[i] = true
				seenDyn[keyOf(&e)] = true
			}
		}
	}
	for i, e := range effs[maxEffects:] {
		if keepDyn[i] {
			kept = append(kept, e)
			continue
		}
		merged := false
		for i := range kept {
			k := &kept[i]
			if k.Kind == e.Kind && k.Op == e.Op && k.Target == e.Target && k.Risk == e.Risk && (k.Guard == nil) == (e.Guard == nil) && k.Issue == e.Issue {
				k.More = effect.AddCount(k.More, effect.AddCount(1, e.More))
				k.When = effect.CommonConds(k.When, e.When)
				merged = true
				break
			}
		}
		if merged {
			continue
		}
		c := class{e.Kind, e.Op, e.Risk, e.Guard != nil, e.Issue}
		i, ok := rest[c]
		if !ok {
			a := e
			a.Target = ""
			a.Folded = true
			a.When = nil // stands for others, which run under other tests
			a.Reading = nil
			a.Detail = "and more effects of this kind on other targets, folded: a summary keeps " + fmt.Sprint(maxEffects) + " effects"
			kept = append(kept, a)
			rest[c] = len(kept) - 1
			continue
		}
		kept[i].More = effect.AddCount(kept[i].More, effect.AddCount(1, e.More))
		kept[i].When = nil
	}
	// kept starts on effs' array (capped at maxEffects): a copy, so that
	// the summary does not hold the effects folded into it.
	return append(make([]effect.Effect, 0, len(kept)), kept...)
}

func dedupInts(xs []int) []int {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func dedupPitfalls(ps []guard.Pitfall) []guard.Pitfall {
	out := ps[:0]
	for i, p := range ps {
		if i > 0 && p.TxParam != 0 && len(out) > 0 {
			// A pitfall that stands covers the one the caller decides.
			if q := out[len(out)-1]; q.TxParam == 0 && q.Rule == p.Rule && q.Pos == p.Pos {
				continue
			}
		}
		if i == 0 || p != ps[i-1] {
			out = append(out, p)
		}
	}
	return out
}

// equal reports whether two summaries have the same effects (by identity
// and path length), calls and pitfalls; used to detect the fixed point.
// Fold counts (More) are left out: through recursion they would grow on
// every round.
func equal(a, b *Summary) bool {
	if len(a.Effects) != len(b.Effects) || len(a.CallsParams) != len(b.CallsParams) || len(a.Pitfalls) != len(b.Pitfalls) ||
		(a.ClaimReturn == nil) != (b.ClaimReturn == nil) || a.DuplicateTest != b.DuplicateTest || a.DuplicateAborts != b.DuplicateAborts ||
		a.RandomResult != b.RandomResult || a.IdentityResult != b.IdentityResult || a.ClockResult != b.ClockResult || len(a.TxCalls) != len(b.TxCalls) ||
		len(a.GuardedCalls) != len(b.GuardedCalls) || (a.NilUnless == nil) != (b.NilUnless == nil) || a.KeyResultParam != b.KeyResultParam || a.KeyResultField != b.KeyResultField || !slices.Equal(a.DayParams, b.DayParams) || a.FreshID != b.FreshID || a.MeasuresEmpty != b.MeasuresEmpty || !slices.Equal(a.MissParams, b.MissParams) || !slices.Equal(a.LoadedResults, b.LoadedResults) || !slices.Equal(a.LoadedUnlessErr, b.LoadedUnlessErr) || a.CopyParam != b.CopyParam ||
		!slices.Equal(a.CallsParamFields, b.CallsParamFields) {
		return false
	}
	for i := range a.Effects {
		if a.Effects[i].Identity() != b.Effects[i].Identity() || len(a.Effects[i].Path) != len(b.Effects[i].Path) {
			return false
		}
	}
	for i := range a.CallsParams {
		if a.CallsParams[i] != b.CallsParams[i] {
			return false
		}
	}
	for i := range a.Pitfalls {
		if a.Pitfalls[i] != b.Pitfalls[i] {
			return false
		}
	}
	return true
}
