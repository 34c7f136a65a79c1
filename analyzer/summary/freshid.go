package summary

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// The id of a row the run itself has just inserted. A plain INSERT …
// RETURNING id that a second delivery repeats (no unique key of the
// migrations makes it fail: DupFails empty, no upsert) returns the id of
// a new row every time. A second insert whose unique key is filled from
// that id (a satellite row created with its parent: a classification
// keyed by the new anime's id) can therefore never meet the row the first
// delivery made: its key is fresh, as a uuid made here is, and a
// redelivery does not fail on it (no duplicate-as-error). Only the
// duplicate-as-error decisions read it (businessKey, resolveKeyValue): it
// is not a random source for idempotency keys (random-key), whose
// verdict depends on guards this summary does not see.

// freshResult is the Summary.FreshID of w.fn: set when the function
// returns a value besides its error and its one database write is such
// an insert (reads aside; anything else, or a second write, and it is
// not said).
func (w *walker) freshResult(s *Summary) string {
	results := w.fn.Signature.Results()
	value := false
	for i := 0; i < results.Len(); i++ {
		if !isError(results.At(i).Type()) {
			value = true
		}
	}
	if !value {
		return ""
	}
	var ins *effect.Effect
	for i := range s.Effects {
		e := &s.Effects[i]
		switch e.Kind {
		case effect.KindDBRead:
			continue
		case effect.KindDBWrite:
			if e.Op == "select" || e.Op == effect.OpRead {
				continue
			}
			if ins != nil {
				return ""
			}
			ins = e
		default:
			return ""
		}
	}
	if ins == nil || ins.Op != "insert" || !ins.Returning || ins.DupFails != "" || ins.DupKey != nil || ins.Guard != nil || ins.Target == "" {
		return ""
	}
	return "the id of the row the insert into " + ins.Target + " at " + ins.Evidence() + " returns (a new row on every delivery)"
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// freshID is the Summary.FreshID v derives from: the id field (ID, Id)
// of what a static call to such a function returns, or its integer or
// key-like result itself; "" otherwise.
func (w *walker) freshID(v ssa.Value) string {
	call := idOfCall(v) // the same walk linkplan.go takes to the call
	if call == nil {
		return ""
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return ""
	}
	s := w.summaryOf(callee)
	if s == nil {
		return ""
	}
	return s.FreshID
}

// idLike: an integer or a key-like type (an id returned by itself).
func idLike(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
		return true
	}
	return keyLike(t)
}
