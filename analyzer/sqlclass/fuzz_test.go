package sqlclass

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzClassify checks the invariants every caller relies on: no panic
// (including none swallowed by the guards), never an empty slice, only Op
// constants, and the same answer every time (uncached, twice, and cached).
func FuzzClassify(f *testing.F) {
	for _, c := range classifyCases {
		f.Add(c.sql)
	}
	for _, c := range fragmentCases {
		f.Add(c.expr)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a := classifyRaw(text)
		checkStmts(t, text, a)
		b := classifyRaw(text)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("Classify(%q) not deterministic:\n%+v\n%+v", text, a, b)
		}
		if c := Classify(text); !reflect.DeepEqual(a, c) {
			t.Fatalf("cached Classify(%q) differs:\n%+v\n%+v", text, a, c)
		}
		if w := Worst(a); !w.Op.Valid() {
			t.Fatalf("Worst(Classify(%q)) = %+v", text, w)
		}

		op := classifyFragmentRaw(text, "n")
		if !op.Valid() {
			t.Fatalf("ClassifyFragment(%q) = %q, not an Op", text, op)
		}
		if op2 := classifyFragmentRaw(text, "n"); op2 != op {
			t.Fatalf("ClassifyFragment(%q) not deterministic: %s, %s", text, op, op2)
		}
	})
}

func checkStmts(t *testing.T, text string, stmts []Stmt) {
	t.Helper()
	if len(stmts) == 0 {
		t.Fatalf("Classify(%q) returned no statements", text)
	}
	for _, s := range stmts {
		if !s.Op.Valid() {
			t.Fatalf("Classify(%q) returned invalid op %q", text, s.Op)
		}
		if strings.HasPrefix(s.Detail, "parse error: parser panic") || strings.HasPrefix(s.Detail, "internal error") {
			t.Fatalf("Classify(%q) panicked: %s", text, s.Detail)
		}
	}
}
