package wholeprogram_test

import "testing"

// TestFuncsInCollectionFields: a logger's hooks kept in a slice and a map
// field, filled by exported methods the application calls with one
// closure each (goalert's Logger.AddErrorMapper), run those closures: the
// error mapper's context value is no effect, the sink's insert is the
// handler's. Near miss: the auditors slice is filled only by a method
// nothing in the program calls, so its call stays unknown. (The
// handlers are listed twice: by their package, without a task, and as
// the application registers them.)
func TestFuncsInCollectionFields(t *testing.T) {
	got := wholeLines(t, effectsLine, "hookslice/...")
	want := []string{
		" medium db_write/insert log_lines",
		" safe db_write/delete sessions",
		" unknown dynamic_call/call value of type func(ctx context.Context, err error) db_write/delete tokens",
		"expire unknown dynamic_call/call value of type func(ctx context.Context, err error) db_write/delete tokens",
		"notify medium db_write/insert log_lines",
		"purge safe db_write/delete sessions",
	}
	sameLines(t, "handlers", got, want)
}
