package summary

import (
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// lookupKey is the unique key of table (the migrations', schema kept in
// Go, ORM model tags or ent's generated schema) on the columns a read of
// it looks up, as Effect.LookupKey says: a non-partial key, other than a
// lone id column the read does not test (a surrogate a fresh insert draws
// anew), whose columns
// the read's WHERE tests (filters, comma-separated; told only where the
// read's select list is, selects non-empty: a read with no WHERE looks
// nothing up), or any such key where the read does not tell its columns
// (an ORM's Where("name = ?"), a builder's predicates). "" when the table
// is not known or has none.
func lookupKey(tr *triggers.Set, table, selects, filters string) string {
	if tr == nil || !tr.Table(table) {
		return ""
	}
	tested := map[string]bool{}
	for _, c := range strings.Split(filters, ",") {
		if c = strings.TrimSpace(c); c != "" {
			tested[strings.ToLower(c)] = true
		}
	}
	for _, u := range tr.Uniques(table) {
		if u.Partial || len(u.Columns) == 0 {
			continue
		}
		if len(u.Columns) == 1 && u.Columns[0] == "id" && !tested["id"] {
			// A lone id is a surrogate a fresh insert draws anew, unless
			// the read looks the row up by it: the row the insert makes is
			// then found again only if the insert gives it that id, and
			// the key turns an overlapping delivery's insert away
			// (convoy's FindEventByID, then CreateEvent with the event's
			// id from the payload).
			continue
		}
		covered := true
		for _, c := range u.Columns {
			if selects != "" && !tested[c] {
				covered = false
			}
		}
		if covered {
			return u.String()
		}
	}
	return ""
}
