package report

import (
	"slices"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// sequentialMarks gives a handler whose deliveries never overlap
// (h.Sequential) the status marks before its effects as their guards
// (effect.Effect.MarkGuard): a mark written before the effect, which the
// check before it skips, stops every later delivery, and no delivery runs
// while another is between the check and the mark. The check-then-act a
// mark's check was reported as is then no race: its issue is dropped from
// the effects the mark precedes. It returns the positions of those
// checks; nil for a handler whose deliveries may overlap, whose marks
// stay what they are (check-then-act, or unguarded).
func sequentialMarks(h *result.Handler) map[string]bool {
	if !h.Sequential {
		return nil
	}
	var marked map[string]bool
	cloned := false
	for i := range h.Effects {
		g := h.Effects[i].MarkGuard
		if g == nil || h.Effects[i].Guard != nil {
			continue
		}
		if !cloned {
			// The effects may share their array with a summary's.
			h.Effects, cloned = slices.Clone(h.Effects), true
		}
		e := &h.Effects[i]
		e.Guard = g
		if e.Issue == rules.CheckThenAct && e.IssuePos == g.Check {
			e.Issue, e.IssuePos = "", ""
		}
		if marked == nil {
			marked = map[string]bool{}
		}
		marked[g.Check] = true
	}
	return marked
}

// issueAt reports whether an effect still carries the issue rule at pos.
func issueAt(effs []effect.Effect, rule, pos string) bool {
	for i := range effs {
		if effs[i].Issue == rule && effs[i].IssuePos == pos {
			return true
		}
	}
	return false
}
