package wholeprogram

import (
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// A gorm Save of a row an interface call returned (rs, err :=
// c.RouteSegmentRepo().GetByID(id); …; rs.Save(db)) is left an insert by
// the per-package pass, which cannot see what the call runs, with the
// call's position and the result's index (Effect.SavedRowCall). Here the
// call's callees are known: when every one of them returns that result
// loaded from the table (Summary.LoadedResults: a repository's GetByID
// that First-reads the row and tests the read's error), the row has the
// key the table gave it and the Save is the upsert-set a static call of
// that method would have made it (summary/savedrow.go); a callee that
// returns the row with its read's error untested (return order,
// db.First(&order, id).Error: Summary.LoadedUnlessErr) counts when the
// caller tested that error on the way to the Save (Effect.SavedRowTested).
// One callee that may return a new row (loaded or built), or one without
// a summary, leaves the insert. The Save may also be the implementation's
// of a row the interface call passes it (repo.Update(ctx, order) saving
// its parameter, Effect.SavedRowArg): where the call is resolved, the
// row it passes (Effect.RowArgs, loaded or another interface call's
// result, also through a copy) decides it (summary.ResolveSavedRowArg).

// savedRows decides the Saves of rows interface calls returned among
// effs, in place; it reports whether one became an upsert-set.
func (r *resolver) savedRows(effs []effect.Effect) (changed bool) {
	for i := range effs {
		e := &effs[i]
		site := e.SavedRowCall
		if site == "" {
			continue
		}
		e.SavedRowCall = ""
		tested := e.SavedRowTested
		e.SavedRowTested = false
		cut := strings.LastIndexByte(site, '#')
		if cut < 0 || e.Op != "insert" {
			continue
		}
		idx, err := strconv.Atoi(site[cut+1:])
		if err != nil {
			continue
		}
		if r.returnLoaded(r.callees[site[:cut]], idx, tested) {
			summary.SavedLoaded(e)
			changed = true
		}
	}
	return changed
}

// returnLoaded reports whether there are callees and each returns its
// result idx loaded: always (LoadedResults), or when its error is nil and
// the caller tested it (tested, LoadedUnlessErr).
func (r *resolver) returnLoaded(callees []*ssa.Function, idx int, tested bool) bool {
	callees = r.throughThunks(callees)
	if len(callees) == 0 {
		return false
	}
	for _, fn := range callees {
		s := r.sums[summary.Key(r.fset, ssavalue.Declared(fn))]
		if s == nil || !slices.Contains(s.LoadedResults, idx) && !(tested && slices.Contains(s.LoadedUnlessErr, idx)) {
			return false
		}
	}
	return true
}
