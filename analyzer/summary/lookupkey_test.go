package summary

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// A lone id key holds a look-up only where the read tests the id: a
// find-by-id then an insert giving that id is turned away by the primary
// key, a find-by-name then an insert drawing a fresh id is not.
func TestLookupKeyLoneID(t *testing.T) {
	set := triggers.Parse([]triggers.File{{Path: "migrations/001.sql",
		Data: []byte("create table events (id text primary key, project_id text, name text);\n")}})
	for _, c := range []struct {
		selects, filters string
		want             bool
	}{
		{"", "id,project_id", true}, // select coalesce(…) … where id = $1 and project_id = $2
		{"id,name", "id", true},     // select id, name … where id = $1
		{"id,name", "name", false},  // by name: the id is a surrogate
		{"", "", false},             // not told (an ORM's Where): a lone id says nothing
		{"id,name", "", false},      // no WHERE: looks nothing up
	} {
		if got := lookupKey(set, "events", c.selects, c.filters) != ""; got != c.want {
			t.Errorf("lookupKey(%q, %q) found %v, want %v", c.selects, c.filters, got, c.want)
		}
	}
}
