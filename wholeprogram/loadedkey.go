package wholeprogram

import (
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// A test of the primary key of a row an interface call returned against
// zero (if w.ID == 0 { Create(w) }, the row from rs, err :=
// c.WorkoutRepo().GetDetailsByID(id)) is left by the per-package pass as
// an effect.RowCallParam test naming the call (summary/loadedkey.go).
// Here the call's callees are known: when each returns that result
// loaded from its table (returnLoaded, as for a Save of that row:
// savedrow.go), the key is the table's, not zero, and the test is
// decided: the create under `== 0` is dropped, a `!= 0` test holds. One
// callee that may return a new row, or none known, keeps the test and
// the effect.

// loadedKeys decides the RowCallParam tests among effs; changed reports
// whether one was.
func (r *resolver) loadedKeys(effs []effect.Effect) ([]effect.Effect, bool) {
	return decideConds(effs, func(c effect.Cond) (string, bool) {
		if c.Param != effect.RowCallParam {
			return "", false
		}
		site, tested := strings.CutSuffix(c.Path, effect.RowCallTested)
		cut := strings.LastIndexByte(site, '#')
		if cut < 0 {
			return "", false
		}
		idx, err := strconv.Atoi(site[cut+1:])
		if err != nil || !r.returnLoaded(r.callees[site[:cut]], idx, tested) {
			return "", false
		}
		return effect.NonZero, true
	})
}
