package main

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestDropRunEntries: the facts rerun removes the run cache's entries
// (two-hex-digit directories) and keeps the fact cache and anything else.
func TestDropRunEntries(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"ab", "0f", "facts/ab", "vetx", "xyz"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "ab", "ab12.json"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := dropRunEntries(dir); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(dir)
	var left []string
	for _, e := range ents {
		left = append(left, e.Name())
	}
	sort.Strings(left)
	if want := []string{"facts", "vetx", "xyz"}; !reflect.DeepEqual(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "facts", "ab")); err != nil {
		t.Errorf("the fact cache lost an entry: %v", err)
	}
}

// TestFirstDiff: a difference is shown from its first line on.
func TestFirstDiff(t *testing.T) {
	d := firstDiff([]byte("a\nb\nc\n"), []byte("a\nb\nX\n"))
	for _, s := range []string{"first difference at line 3", "- c", "+ X"} {
		if !strings.Contains(d, s) {
			t.Errorf("%q lacks %q", d, s)
		}
	}
}
