package analyzer_test

import "testing"

// TestExcludedCreates: a read of the rows a handler creates whose result
// keeps them out of the read of the items to create (user_id <> all($2)),
// with a create per remaining item, is check-then-act (excludedfix's
// SendRequests); the same filter built from another table's rows
// (SendFromReviews) or a filtered read that decides nothing created
// (SendListed) is plainly unguarded.
func TestExcludedCreates(t *testing.T) {
	defaults.run(t, "excludedfix")
}
