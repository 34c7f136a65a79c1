package wholeprogram_test

import "testing"

// TestForwardedCallback: a helper that hands its callback on to an
// interface method (through the closure it gives a flight group, or as
// it is) runs its caller's closure only, as the effect's path says, not
// every closure the program hands the method (fwdcbwhole: the reads stay
// reads, the write is Grant's). Near miss: a callback stored in a field
// and handed on later keeps every closure the call graph merges there
// (fwd-stored has Grant's insert).
func TestForwardedCallback(t *testing.T) {
	got := wholeLines(t, effectsLine, "fwdcbwhole/cache", "fwdcbwhole/app")
	want := []string{
		"fwd-grant medium db_write/insert grants memory_write/set fwdcbwhole/cache.Memory.items",
		"fwd-price safe db_read/select prices memory_write/set fwdcbwhole/cache.Memory.items",
		"fwd-stock safe db_read/select stock memory_write/set fwdcbwhole/cache.Memory.items",
		"fwd-stored medium db_write/insert grants db_read/select prices db_read/select stock db_read/select notes memory_write/set fwdcbwhole/cache.Memory.items",
	}
	sameLines(t, "handlers", got, want)
}
