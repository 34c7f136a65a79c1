package effect

import "reflect"

// SafeTwins returns effs without the safe effects that say nothing another
// one does not: an effect whose repeat changes nothing (Risk Safe), with
// no issue, the same in every other respect as one that carries an issue.
//
// The guard analysis keeps such a copy of an act a check-then-act exposes
// when the act's run may return without its record (guard/unrecorded.go):
// the copy, without the issue, is the act a later delivery repeats. It
// does so before the act's reading is applied (infer.Apply): a POST the
// reading then decides is a computation (a text service's /entities) is
// safe in both, and the copy is the same listing twice. The one with the
// issue is kept: report.actedOnlySafe reads it to drop the check-then-act
// whose acts are all safe. Effects that are not safe, or that differ in
// anything but their issue, are all kept. The order of effs is kept.
func SafeTwins(effs []Effect) []Effect {
	var withIssue map[string][]int
	for i := range effs {
		if effs[i].Risk == Safe && effs[i].Issue != "" {
			if withIssue == nil {
				withIssue = map[string][]int{}
			}
			k := twinKey(&effs[i])
			withIssue[k] = append(withIssue[k], i)
		}
	}
	if withIssue == nil {
		return effs
	}
	var out []Effect
	for i := range effs {
		e := &effs[i]
		if e.Risk == Safe && e.Issue == "" && e.IssuePos == "" && hasTwin(effs, e, withIssue[twinKey(e)]) {
			if out == nil {
				out = append(make([]Effect, 0, len(effs)-1), effs[:i]...)
			}
			continue
		}
		if out != nil {
			out = append(out, *e)
		}
	}
	if out == nil {
		return effs
	}
	return out
}

// twinKey is e's Identity without its issue.
func twinKey(e *Effect) string {
	c := *e
	c.Issue, c.IssuePos = "", ""
	return c.Identity()
}

// hasTwin reports whether one of the effects at idx (each with an issue)
// is e in everything but the issue.
func hasTwin(effs []Effect, e *Effect, idx []int) bool {
	for _, j := range idx {
		c := effs[j]
		c.Issue, c.IssuePos = "", ""
		if reflect.DeepEqual(&c, e) {
			return true
		}
	}
	return false
}
