package guard

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// Env is what the analysis needs from its caller.
type Env struct {
	Fset  *token.FileSet
	Index *models.Index
	// Text returns the source text of the expression computing a value.
	Text func(ssa.Value) string
	// DuplicateTest reports whether a function of the program tests an
	// error for a unique-key violation (IsDuplicateTest, from its summary).
	DuplicateTest func(*ssa.Function) bool
	// DuplicateAborts reports whether such a test recognises only
	// PostgreSQL's violation (DuplicateTestAborts); nil: never.
	DuplicateAborts func(*ssa.Function) bool
	// SameTx reports whether two handles the function reads from one
	// struct a transaction helper handed it run on the transaction the
	// helper began (entity.tx and entity.queries); nil: never.
	SameTx func(a, b ssa.Value) bool
	// NilOnError reports whether a call's pointer results are nil
	// whenever its error is not (every implementation's, for a call
	// through an interface); nil: never known (nilderef.go).
	NilOnError func(*ssa.CallCommon) bool
	// UniqueEnqueue reports whether a call passes enqueue options that
	// deduplicate it by the job's arguments at least while the job is
	// live (River's UniqueOpts.ByArgs); nil: never.
	UniqueEnqueue func(ssa.CallInstruction) bool
	// Writers are the functions of the package that write a table
	// (insert, update or delete it); nil: none known.
	Writers func(table string) []*ssa.Function
	// FirstTime, when set, is told of each claim whose first-time edges
	// (firsts: the blocks only a first delivery enters) decide what
	// follows, and the guard it gives there: the caller decides with it
	// what is not a site (the fills of a collection, summary/collected.go).
	FirstTime func(firsts []*ssa.BasicBlock, g effect.Guard)
	// KeyGuarded, when set, is told the position of a random key whose
	// call a claim guards (claim.go randomKeyUnderClaim): its random-key
	// pitfall, made before the guard analysis, is dropped.
	KeyGuarded func(pos string)
	// Unrecorded, when set, is told of a copy of an act that a
	// check-then-act exposes and whose record the act's run may return
	// without writing (unrecorded.go): the copy, without the issue, is
	// the act a sequential redelivery repeats. The caller keeps it beside
	// the effect s carries.
	Unrecorded func(s *Site, e effect.Effect)
}

// Analyze marks the sites of fn that claims, completions and keys guard,
// and returns the pitfalls found and, when fn is a claim helper (it returns
// a claim's outcome instead of testing it), how its results carry it.
//
// The strategies run in this order, each in its own file: idempotency keys
// on external calls (key.go), acknowledgements before the effects in pull
// loops (ack.go), framework completions in a transaction (completion.go),
// claims whose result decides whether the effects run (claim.go), and
// inserts whose unique-key violation is taken as success (constraint.go);
// then the guard checked without being held (checkact.go). A
// site one strategy guards or marks with a pitfall is left to it by the
// later ones.
//
// calls are fn's calls of its own func-typed parameters (a helper's
// Exec(ctx, key, fn) running fn): the analysis sets the Guard of those
// that only the first-time edge of a claim's test reaches.
func Analyze(fn *ssa.Function, sites []*Site, env *Env, calls ...*ParamCall) ([]Pitfall, *ClaimReturn) {
	a := &analysis{fn: fn, sites: sites, env: env, paramCalls: calls}
	a.keys()
	a.acks()
	a.completions()
	a.locks()
	a.lockedChecks()
	a.distLockedChecks()
	ret := a.claims()
	a.constraintClaims()
	a.createdFills()
	a.checkedCreates()
	a.afterDupFailures()
	a.swallowedDupFailures()
	a.checkThenAct()
	a.excludedCreates()
	a.memberChecks()
	a.failsLater()
	return a.pitfalls, ret
}

// analysis is the guard analysis of one function.
type analysis struct {
	fn       *ssa.Function
	sites    []*Site
	env      *Env
	pitfalls []Pitfall
	// underLock are the claims a locked check keeps duplicates from
	// reaching (lockcheck.go).
	underLock map[*Site]bool
	// externalOnly: only external effects are guarded by claims, and
	// database writes are left as they are (HelperClaims).
	externalOnly bool
	// resolvedRecord: check-then-act only where the record is a Resolved
	// site (ResolvedChecks).
	resolvedRecord bool
	// paramCalls are fn's calls of its func-typed parameters.
	paramCalls []*ParamCall
	// dupPG and dupOther count the violation tests uniqueTest
	// recognised since they were reset: PostgreSQL's SQLSTATE, others.
	dupPG, dupOther int
}

// ParamCall is a call of one of the function's func-typed parameters
// (Param, 0-based, receiver first). Guard and Claim are set when a claim's
// first-time edge decides the call: the callback runs only on the
// delivery that claimed the key, whatever its effects turn out to be.
type ParamCall struct {
	Instr ssa.CallInstruction
	Param int
	Guard *effect.Guard
	Claim *Site
}

// pos renders p as "file:line:col".
func (a *analysis) pos(p token.Pos) string {
	if !p.IsValid() {
		return ""
	}
	q := a.env.Fset.Position(p)
	return fmt.Sprintf("%s:%d:%d", q.Filename, q.Line, q.Column)
}
