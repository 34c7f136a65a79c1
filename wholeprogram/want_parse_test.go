package wholeprogram_test

import (
	"strings"
	"testing"
)

// The expectation comments read as analysistest reads them: strings and
// raw strings, +N, a want after another comment; a wholewant ends at the
// per-package want that follows it; facts and bad tokens are errors.
func TestParseExpectations(t *testing.T) {
	for _, tc := range []struct {
		comment, mark string
		ok            bool
		delta         int
		rxs           []string
		err           string
	}{
		{comment: `// want "a" ` + "`b\\(c`", mark: "want", ok: true, rxs: []string{"a", `b\(c`}},
		{comment: `// want +1 "a"`, mark: "want", ok: true, delta: 1, rxs: []string{"a"}},
		{comment: `/* want "a" */`, mark: "want", ok: true, rxs: []string{"a"}},
		{comment: `// note // want "a"`, mark: "want", ok: true, rxs: []string{"a"}},
		{comment: `// wanted "a"`, mark: "want", ok: true, err: "a fact"},
		{comment: `// a plain comment`, mark: "want"},
		{comment: `// wholewant "a" // want X:"fact" "b"`, mark: "want", ok: true, err: "a fact"},
		{comment: `// wholewant "a" // want X:"fact" "b"`, mark: "wholewant", ok: true, rxs: []string{"a"}},
		{comment: `// wholewant "a"`, mark: "want"},
		{comment: `// want X:"fact"`, mark: "wholewant"},
		{comment: `// want "a("`, mark: "want", ok: true, err: "missing closing )"},
		{comment: `// want +x`, mark: "want", ok: true, err: "want +Int"},
	} {
		text, ok := commentExpectation(tc.comment, tc.mark)
		if ok != tc.ok {
			t.Errorf("%s (%s): ok %v, want %v", tc.comment, tc.mark, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		delta, rxs, err := parseExpectations(text)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s (%s): error %v, want one with %q", tc.comment, tc.mark, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s (%s): %v", tc.comment, tc.mark, err)
			continue
		}
		var got []string
		for _, rx := range rxs {
			got = append(got, rx.String())
		}
		if delta != tc.delta || strings.Join(got, "\x00") != strings.Join(tc.rxs, "\x00") {
			t.Errorf("%s (%s): +%d %q, want +%d %q", tc.comment, tc.mark, delta, got, tc.delta, tc.rxs)
		}
	}
}
