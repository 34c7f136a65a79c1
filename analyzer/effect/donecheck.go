package effect

import "strings"

// CheckAnswersRetry reports whether a create that fails on a duplicate
// (FailsOnDuplicate) has its retry answered by a check made before it in
// the same delivery: a call earlier in one of the functions on its path
// (Hop.DoneChecks) whose result decides a branch returning success, and
// which reads the very table the create writes (one of all, the
// handler's effects, a read of e.Target reached through that call from
// the same callers). A delivery that runs alongside the first fails on
// the unique key; the queue retries it, and the retry's check finds the
// row the first delivery wrote and returns success: the duplicate is not
// reported as an error for long. A check of another table, or one made
// after the create, answers nothing about it.
func CheckAnswersRetry(e *Effect, all []Effect) bool {
	if e.Target == "" || e.Kind != KindDBWrite {
		return false
	}
	for i, h := range e.Path {
		if h.DoneChecks == "" {
			continue
		}
		for _, pos := range strings.Split(h.DoneChecks, ";") {
			for j := range all {
				r := &all[j]
				if r.Kind != KindDBRead || r.Target != e.Target {
					continue
				}
				if readAt(r.Path, e.Path[:i], pos) {
					return true
				}
				for _, alt := range r.Alt {
					if readAt(alt, e.Path[:i], pos) {
						return true
					}
				}
			}
		}
	}
	return false
}

// readAt reports whether path goes through the callers prefix and then
// the call at pos in the same function.
func readAt(path, prefix []Hop, pos string) bool {
	if len(path) <= len(prefix) || path[len(prefix)].Pos != pos {
		return false
	}
	for k, h := range prefix {
		if path[k].Pos != h.Pos {
			return false
		}
	}
	return true
}
