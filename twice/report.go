package twice

import (
	"errors"
	"fmt"
	"strings"
)

// Report is what Run found.
type Report struct {
	Name       string
	Deliveries int
	// Effects are the effect points one delivery passed, in order.
	Effects []string
	// Runs are the mode runs: one sequential, one concurrent, one crash
	// run per effect point.
	Runs []RunResult
	// Notes are about the harness itself (no effect point to crash after).
	Notes []string
}

// RunResult is one run of a mode.
type RunResult struct {
	Mode Mode
	// CrashAfter is the effect point a crash run crashed after (1-based),
	// CrashPoint what it was.
	CrashAfter int
	CrashPoint string
	// Changes between the state after one delivery and after this run,
	// and Messages phrasing them, in the same order.
	Changes  []Change
	Messages []string
	// Errors are the deliveries that returned an error (the crashed
	// delivery of a crash run is not among them).
	Errors []DeliveryError
	// NotDelivered lists the attempts the queue would not have delivered.
	NotDelivered []int
	// Problems are errors that matter beyond the state: a redelivery
	// failing where the first delivery succeeded (the queue retries it).
	Problems []string
	Notes    []string
}

// DeliveryError is a delivery that returned an error.
type DeliveryError struct {
	Attempt int
	Err     error
}

// record notes d's outcome; a redelivery's error is a problem when
// errProblem (sequential and crash runs: the queue retries it, so a
// duplicate reported as an error is retried until it is dead-lettered).
func (r *RunResult) record(attempt int, d delivered, errProblem bool) {
	switch {
	case d.err == nil:
	case errors.Is(d.err, ErrNotDelivered):
		r.NotDelivered = append(r.NotDelivered, attempt)
		r.Notes = append(r.Notes, fmt.Sprintf("delivery %d %v", attempt, d.err))
	default:
		r.Errors = append(r.Errors, DeliveryError{attempt, d.err})
		if errProblem {
			who := ordinal(attempt) + " delivery"
			if r.Mode == Crash {
				who = fmt.Sprintf("the redelivery after a crash after effect %d (%s)", r.CrashAfter, r.CrashPoint)
			}
			r.Problems = append(r.Problems, fmt.Sprintf("%s returned an error although the first delivery succeeded: %v; the queue retries a failed delivery (return nil for a duplicate)", who, d.err))
		} else {
			r.Notes = append(r.Notes, fmt.Sprintf("delivery %d returned an error: %v", attempt, d.err))
		}
	}
}

// Differs reports whether any run of mode m left a state other than one
// delivery's.
func (r *Report) Differs(m Mode) bool {
	for _, x := range r.Runs {
		if x.Mode == m && len(x.Changes) > 0 {
			return true
		}
	}
	return false
}

// Repeated reports whether a run of mode m left more than one delivery
// did in some set (an effect happened again).
func (r *Report) Repeated(m Mode) bool {
	return r.any(m, Change.Repeated)
}

// Lost reports whether a run of mode m left less than one delivery did
// in some set (an effect was lost).
func (r *Report) Lost(m Mode) bool {
	return r.any(m, Change.Lost)
}

func (r *Report) any(m Mode, f func(Change) bool) bool {
	for _, x := range r.Runs {
		if x.Mode != m {
			continue
		}
		for _, c := range x.Changes {
			if f(c) {
				return true
			}
		}
	}
	return false
}

// Failed reports whether a run of mode m has a problem error (a
// redelivery that failed where the first delivery succeeded).
func (r *Report) Failed(m Mode) bool {
	for _, x := range r.Runs {
		if x.Mode == m && len(x.Problems) > 0 {
			return true
		}
	}
	return false
}

// Problems returns every change message and problem error, in run order.
func (r *Report) Problems() []string {
	var out []string
	for _, x := range r.Runs {
		out = append(out, x.Messages...)
		out = append(out, x.Problems...)
	}
	return out
}

// Outcome is one word for mode m: "same", "repeated", "lost", "changed"
// (content differs, counts do not), or "error" (the state is the same
// but a redelivery failed); "repeated+lost" when runs differ both ways;
// "none" when the mode did not run (no effect point to crash after).
func (r *Report) Outcome(m Mode) string {
	rep, lost := r.Repeated(m), r.Lost(m)
	ran := false
	for _, x := range r.Runs {
		ran = ran || x.Mode == m
	}
	switch {
	case !ran:
		return "none"
	case rep && lost:
		return "repeated+lost"
	case rep:
		return "repeated"
	case lost:
		return "lost"
	case r.Differs(m):
		return "changed"
	case r.Failed(m):
		return "error"
	}
	return "same"
}

// String is the report as a test log shows it.
func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "twice: %s: %d deliveries; one delivery passed %d effect %s", r.Name, r.Deliveries, len(r.Effects), plural(len(r.Effects), "point", "points"))
	if len(r.Effects) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(r.Effects, "; "))
	}
	b.WriteString("\n")
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "  note: %s\n", n)
	}
	for _, x := range r.Runs {
		head := x.Mode.String()
		if x.Mode == Crash {
			head = fmt.Sprintf("crash after effect %d (%s), then a redelivery", x.CrashAfter, x.CrashPoint)
		}
		verdict := "same state as one delivery"
		if len(x.Changes) > 0 {
			verdict = fmt.Sprintf("%d %s", len(x.Changes), plural(len(x.Changes), "difference", "differences"))
		}
		fmt.Fprintf(&b, "  %s: %s\n", head, verdict)
		for _, m := range x.Messages {
			fmt.Fprintf(&b, "    %s\n", m)
		}
		for _, p := range x.Problems {
			fmt.Fprintf(&b, "    %s\n", p)
		}
		for _, n := range x.Notes {
			fmt.Fprintf(&b, "    note: %s\n", n)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// matchesTarget reports whether an observer's set is the inventory's
// target: the same name, or a set that names it ("POST
// api.stripe.com/v1/charges" for "api.stripe.com/v1/charges").
func matchesTarget(set, target string) bool {
	return set == target || strings.HasSuffix(set, " "+target) || strings.Contains(set, target)
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}
