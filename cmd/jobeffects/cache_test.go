package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The run cache and the fact cache on a copy of the example, in sequence
// (a rerun replays, another format replays, a change to a handler's
// package, a leaf, a Go file's comment or a migration runs the analysis
// again on the cached facts and answers as a run without a cache): see
// TestChangedLeafRerun in cmd/jobeffects/modules/ecosystem, which shares
// one cold analysis of the example between the checks.

// readSealed reads a run-cache entry without checking it.
func readSealed(t *testing.T, path string) cacheEntry {
	t.Helper()
	var s sealedEntry
	var e cacheEntry
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(s.Entry, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// entryKey is the key an entry is stored under (its file name).
func entryKey(path string) string { return strings.TrimSuffix(filepath.Base(path), ".json") }

func cacheEntries(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err == nil && !de.IsDir() && strings.HasSuffix(path, ".json") {
			out = append(out, path)
		}
		return nil
	})
	return out
}
