package summary

import "testing"

// TestRowLockIn: the locking clause after a run-time WHERE is read as
// sqlclass reads a parsed one: an update lock waits unless skip locked or
// nowait follows; the share forms are no lock the guard analysis uses.
func TestRowLockIn(t *testing.T) {
	for tail, want := range map[string][2]bool{
		"WHERE ID IN (?) FOR UPDATE":                {true, false},
		"WHERE ID IN (?) FOR NO KEY UPDATE":         {true, false},
		"WHERE ID IN (?) FOR UPDATE SKIP LOCKED":    {false, true},
		"WHERE ID IN (?) FOR UPDATE NOWAIT":         {false, true},
		"WHERE ID IN (?) FOR SHARE":                 {false, false},
		"WHERE ID IN (?) FOR KEY SHARE SKIP LOCKED": {false, false},
		"WHERE ID IN (?) ORDER BY ID":               {false, false},
	} {
		waits, noWait := rowLockIn(tail)
		if waits != want[0] || noWait != want[1] {
			t.Errorf("rowLockIn(%q) = %v, %v, want %v", tail, waits, noWait, want)
		}
	}
}
