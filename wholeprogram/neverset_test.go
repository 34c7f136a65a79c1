package wholeprogram_test

import (
	"testing"
)

// TestNeverSetFuncField: a handler's call of a func-typed field that no
// production code sets (its setter is never called) runs no function;
// one the program wires keeps the effects of what it wires.
func TestNeverSetFuncField(t *testing.T) {
	got := wholeLines(t, effectsLine, "neverset")
	want := []string{
		"leave medium db_write/insert evictions memory_write/delete neverset.Cache.users",
		"typing safe memory_write/set neverset.Cache.users",
	}
	sameLines(t, "handlers", got, want)
}
