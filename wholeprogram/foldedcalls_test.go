package wholeprogram_test

import "testing"

// A converter of another module built with functional options: its
// option closure calls each plugin's Name and Init through the library's
// interface, which the library's summary folds into one unresolved call.
// Over the whole program the plugins the application passed are pure (the
// handler only sets a row: safe); a plugin that inserts keeps the folded
// call (not safe), and so do plugins from a field nothing fills, of an
// interface the program never implements. Each is its own program: the
// call graph merges what flows into the one option closure.
func TestFoldedLibraryCalls(t *testing.T) {
	defer func() { versioned = "" }()
	for _, tc := range []struct {
		pkg  string
		want []string
	}{
		{"wpplugins/pure", []string{"doc:render safe db_write/update-set docs"}},
		{"wpplugins/audited", []string{"doc:audited unknown dynamic_call/call (mdconv.Plugin).Name"}},
		{"wpplugins/outside", []string{"doc:outside unknown dynamic_call/call (mdconv.Plugin).Name"}},
	} {
		versioned = "example.org/mdconv"
		sameLines(t, tc.pkg, wholeLines(t, effectsLine, tc.pkg), tc.want)
	}
}
