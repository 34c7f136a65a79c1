package analyzer_test

import "testing"

// TestRowLoopCheck: a loop over the rows a read returned that skips a row
// its state says is done (continue), acts and writes that state is
// check-then-act (rowloopfix's RefreshAll); a loop whose skip is decided
// by the job's payload is not (RefreshListed, plainly unguarded).
func TestRowLoopCheck(t *testing.T) {
	defaults.run(t, "rowloopfix")
}

// TestDistLockCheck: a status check made under a distributed lock
// (redsync), with the status written before the release, is guarded
// (distlockfix's SyncLocked); the lock alone (SyncLockOnly), the check
// alone (SyncUnlocked) or a lock whose failure is ignored (SyncIgnored)
// are not. gorm's First and Scan read their rows' tables (RefreshAll's
// per-row check is gorm's Scan: check-then-act).
func TestDistLockCheck(t *testing.T) {
	defaults.run(t, "distlockfix")
}
