package sqlclass

import "testing"

func TestClassifyInterpolated(t *testing.T) {
	for _, c := range []struct {
		text  string
		op    Op
		table string
	}{
		// A literal-only position: unread by Classify, read here.
		{`NOTIFY "orders", ?`, Notify, "orders"},
		{`NOTIFY orders, ?0`, Notify, "orders"},
		// Text Classify reads keeps its reading (bind parameters numbered).
		{`UPDATE accounts SET balance = balance + ? WHERE id = ?`, UpdateIncrement, "accounts"},
		// A "?" inside a string literal is not a parameter; still unread.
		{`NOTIFY orders, '?' ?`, Unknown, ""},
		// Not SQL at all stays Unknown.
		{`frobnicate ?`, Unknown, ""},
	} {
		got := ClassifyInterpolated(c.text)
		if len(got) != 1 || got[0].Op != c.op || got[0].Table != c.table {
			t.Errorf("ClassifyInterpolated(%q) = %+v, want %s %q", c.text, got, c.op, c.table)
		}
	}
	// Classify itself does not read the literal-only position.
	if got := Classify(`NOTIFY "orders", ?`); got[0].Op != Unknown {
		t.Errorf("Classify(NOTIFY with a parameter payload) = %+v, want unknown", got)
	}
}
