package guard

import (
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Site is one effect as it occurs in the function being analysed: the call
// instruction that causes it (directly, or through a callee) and the
// executor value it runs on in this function.
type Site struct {
	Effect *effect.Effect
	Instr  ssa.CallInstruction
	// Hop is the index in Effect.Path of the hop in this function: 0 in
	// the per-package pass, whose paths start in the function analysed;
	// the whole-program phase places a handler's effects in each
	// function of their paths.
	Hop int
	// Exec is the executor (DB handle) in this function's terms, with
	// interface conversions stripped; nil when the effect has none or it is
	// not known here.
	Exec ssa.Value
	// OwnHandle, on an effect a dynamic call resolved to (the
	// whole-program phase), says that the callee runs it on a handle of
	// its own (a pool it holds, a transaction it begins and ends): it
	// commits apart from anything the caller runs. Exec is then nil.
	OwnHandle bool
	// Resolved, in the whole-program phase, says that the effect's path
	// goes on from this call to a dynamic call resolved in that phase:
	// the per-package pass did not see it here (ResolvedChecks).
	Resolved bool
	// Direct is true when the call itself is the modeled effect, so its
	// results are the effect's results (what a claim check tests).
	Direct bool
	// DupErrors are the error variables a claim returns on a duplicate
	// (user guard functions); none for SQL and SETNX claims.
	DupErrors []string
	// ClaimReturn, for a call of a claim helper, says which of the call's
	// results carries the claim's outcome and how.
	ClaimReturn *ClaimReturn
	// Found, set by the whole-program phase, says which of the call's
	// results tells whether the effect's read found rows, where a
	// resolved dynamic call hands the answer up (Effect.Found names a
	// call deeper in the path then; foundbool.go).
	Found *effect.Found
	// LostRace, set by the analysis on the call of a claim helper whose
	// optimistic lock holds the version this function read from the
	// locked table: the helper's "no row changed" is a race lost to an
	// overlapping delivery (the retry reads the row again), so a
	// duplicate-as-error the call brings up is not one.
	LostRace bool
	// outcomes are the values walkClaim found saying "first delivery"
	// (firstBool) or "duplicate" (dupBool) for this claim, for the tests
	// several claims decide together (joint.go).
	outcomes map[ssa.Value]derived
}

// ClaimReturn describes a function that makes a claim and returns its
// outcome instead of testing it (a claim helper such as sqlc's
// ClaimJob :execrows, or ClaimOnce(ctx, tx, key) (bool, error)): its
// callers test that result.
type ClaimReturn struct {
	Index int    // the result that carries the outcome
	Kind  string // "first" (true on the first delivery), "dup" (true on a duplicate), "count" (rows affected), "norows" (an error that is "no rows" on a duplicate), "result" (the claim's own result, whose methods say: RowsAffected)
	// ErrNilOnDup: the helper's error result is nil on a duplicate (it
	// returns nil or the claim's own error, which a conflict does not
	// set), so a caller's `if err != nil || !ok { return err }` returns nil
	// for a duplicate.
	ErrNilOnDup bool
	// Decided: the helper tested the claim itself and returns a
	// package-level error on a duplicate (return ErrNoRowsUpdate): a
	// duplicate-as-error there is the helper's to report (its sentinel
	// travels with it), not again its caller's.
	Decided bool
}

// Pitfall is a guard mistake found in a function: a rule name, where, and why.
type Pitfall struct {
	Rule    string
	Pos     string
	Message string
	// Suppressed is the reason of the //jobeffects:ignore on the
	// pitfall's line ("" if none).
	Suppressed string
	// Sentinel, on a duplicate-as-error, names the package-level error
	// the duplicate's return gives ("pkgpath.name", also wrapped with
	// %w): a caller that turns that error into success stops it
	// (swallow.go).
	Sentinel string `json:",omitempty"`
	// TxParam (1-based; 0 when none), on a guard-separate-tx, is the
	// parameter handle the claim and the effect both run on: a caller
	// that passes a transaction there drops the pitfall, one that passes
	// its own parameter hands the question on (summary.includeFrom).
	TxParam int `json:"-"`
	// LockParam (1-based, receiver first; 0 when none), on a
	// check-then-act whose check and effects run on a transaction
	// parameter, is that parameter: a caller that holds an advisory
	// transaction lock on what it passes there drops the pitfall (the
	// check is held, Effect.CallerLock), one that passes its own
	// parameter hands the question on, any other lets it stand.
	LockParam int `json:",omitempty"`
	// KeyCols, on a duplicate-as-error of a compare-and-set, are the
	// columns picking its row that are still parameters of the function
	// (effect.KeyCol Param): a caller that passes a value new on every
	// delivery there drops the pitfall (the row is one the same run
	// wrote, so "no row changed" reports no earlier delivery's work), one
	// that passes its own parameter hands the question on, any other
	// lets it stand (summary keycols.go). Spelled by EncodeKeyCols, so
	// that a Pitfall stays comparable.
	KeyCols string `json:",omitempty"`
}

// MergePitfalls adds the pitfalls of the functions dynamic calls reached
// (a claim in a service behind an interface that commits apart from the
// effect) to a handler's own, once each.
func MergePitfalls(own, more []Pitfall) []Pitfall {
	if len(more) == 0 {
		return own
	}
	seen := map[string]bool{}
	var out []Pitfall
	for _, p := range append(append([]Pitfall(nil), own...), more...) {
		if k := p.Rule + "|" + p.Pos; !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pos != out[j].Pos {
			return effect.ComparePos(out[i].Pos, out[j].Pos) < 0
		}
		return out[i].Rule < out[j].Rule
	})
	return out
}

// readTests are the branches after a site's read that the value read
// decides (the If ending a block, its condition influenced by the read):
// where a check, a find-or-create or a lock's "not found" is tested.
func (a *analysis) readTests(r *Site) []*ssa.If {
	read := r.Instr.Value()
	if read == nil {
		return nil
	}
	var out []*ssa.If
	for _, b := range a.fn.Blocks {
		n := len(b.Instrs)
		if n == 0 {
			continue
		}
		if ifi, ok := b.Instrs[n-1].(*ssa.If); ok && after(r.Instr, ifi) && influenced(ifi.Cond, read, 0) {
			out = append(out, ifi)
		}
	}
	return out
}
