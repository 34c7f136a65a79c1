package wholeprogram_test

import (
	"testing"
)

// TestUnfilledMapLookup: a handler's effects behind a lookup's "found" in
// a map nothing in production fills (its Register is never called) never
// run, and the effect on the "missing" branch loses its test; a map
// main registers into, one built with an entry, one a handler net/http
// calls fills and an exported one a decoder fills keep theirs.
func TestUnfilledMapLookup(t *testing.T) {
	got := wholeLines(t, effectsLine, "unfilledmap/...")
	want := []string{
		"built high http/post  db_write/insert deliveries",
		"configured medium db_write/insert deliveries",
		"hooked medium db_write/insert deliveries",
		"registered high http/post  db_write/insert deliveries",
		"unfilled medium db_write/insert undelivered",
	}
	sameLines(t, "handlers", got, want)
}
