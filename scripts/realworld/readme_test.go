package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteReadme: the summary replaces what is between the markers and
// nothing else; a file without them is an error, not a silent no-op.
func TestWriteReadme(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "README.md")
	os.WriteFile(path, []byte("# x\n\n"+readmeBegin+"\nold figures\n"+readmeEnd+"\n\nafter\n"), 0o644)
	scores := []score{{Name: "a", Labelled: 4, Found: 4, Risk: 3, Findings: 2, Verdict: 2,
		Inferred: &inferredScore{Labelled: 10, Confirmed: 9}}}
	if err := writeReadme(path, scores); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	s := string(data)
	for _, want := range []string{"1 applications, 4 labelled handlers", "| verdict agrees | 2 of 4 (50.0 %) | ≥ 75 % |",
		"| inferred effects a reviewer confirms | 9 of 10 (90.0 %) |", "\n\nafter\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("README lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "old figures") {
		t.Error("old figures kept")
	}
	os.WriteFile(path, []byte("no markers\n"), 0o644)
	if writeReadme(path, scores) == nil {
		t.Error("no error for a file without markers")
	}
}
