package sqlclass

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// Attempt counters. A column that counts a job's runs (attempt_count =
// attempt_count + 1, retries + 1, delivery_count + 1) is meant to count
// every run, a redelivery included: a second delivery adds the one it
// should, nothing is duplicated. Such a step by one is not an increment
// here; the statement is what its other assignments make it (a set when
// they are sets). Measured on ghsync's StartBranchReconciliationPage
// (internal/store/dbgen/branch.sql.go:750-766: attempt_count + 1 and the
// start times, where status = 'pending'). A step by anything but one,
// and a counter of another name (views, balance), stay increments.

// attemptNames are the counters of runs, lower-cased without underscores.
var attemptNames = set("attempt", "attempts", "attemptcount", "attemptnumber", "attemptno",
	"retries", "retrycount", "tries", "trycount", "runcount", "deliverycount", "deliveryattempts",
	"redeliverycount", "startcount")

// attemptCounter reports whether a column is named as a count of runs.
func attemptCounter(col string) bool {
	n := strings.ReplaceAll(strings.ToLower(col), "_", "")
	if attemptNames[n] {
		return true
	}
	for _, suffix := range []string{"_attempts", "_attempt_count", "_retries", "_retry_count", "_tries"} {
		if strings.HasSuffix(strings.ToLower(col), suffix) {
			return true
		}
	}
	return false
}

// attemptCounted names the attempt counters a SET list steps by one ("" when
// none), for the statement's detail.
func (s selfRef) attemptCounted(targets []*pg_query.Node) string {
	var cols []string
	for _, t := range targets {
		if rt := t.GetResTarget(); rt != nil && rt.Val != nil && rt.Val.GetMultiAssignRef() == nil &&
			attemptCounter(rt.Name) && s.plusOne(rt.Val, rt.Name) {
			cols = append(cols, rt.Name)
		}
	}
	return strings.Join(cols, ", ")
}

// countsRunsOnly reports whether a SET list steps an attempt counter and
// otherwise only stamps the clock (attempt_count + 1, last_started_at =
// clock_timestamp()): the row is touched to count this run, and nothing it
// holds about where the work stands (a status) changes, so the statement
// marks no status (Stmt.CountsRuns). A status set beside the counter
// (status = 'running', attempts = attempts + 1) is the mark it looks like.
func (s selfRef) countsRunsOnly(targets []*pg_query.Node) bool {
	counted := false
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil || rt.Val.GetMultiAssignRef() != nil {
			return false
		}
		switch {
		case attemptCounter(rt.Name) && s.plusOne(rt.Val, rt.Name):
			counted = true
		case clock(rt.Val):
		default:
			return false
		}
	}
	return counted
}
