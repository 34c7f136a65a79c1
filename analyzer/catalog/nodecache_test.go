package catalog

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"go.yaml.in/yaml/v3"
)

// cached reads the catalog's trees through a cache in dir.
func cached(t *testing.T, dir string) []Node {
	t.Helper()
	CacheIn(dir)
	defer CacheIn("")
	n, err := Nodes()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The trees read back from an entry are those the YAML gives, file by
// file (yaml.Node's decoding of a mapping or sequence reads Content by
// length, so an empty one coming back as nil is the same tree).
func TestNodeCacheRoundTrip(t *testing.T) {
	parsed, err := Nodes()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	first := cached(t, dir) // parses and writes the entry
	entries, _ := filepath.Glob(filepath.Join(dir, "*.gob"))
	if len(entries) != 1 {
		t.Fatalf("entries after the first read: %v, want one", entries)
	}
	second := cached(t, dir) // decodes it
	if len(second) != len(parsed) || len(first) != len(parsed) {
		t.Fatalf("files: parsed %d, first %d, cached %d", len(parsed), len(first), len(second))
	}
	for i := range parsed {
		if parsed[i].Name != second[i].Name || !sameTree(parsed[i].Root, second[i].Root) {
			t.Errorf("%s: the cached tree differs from the parsed one", parsed[i].Name)
		}
	}
}

// A damaged entry is parsed again and rewritten, never read.
func TestNodeCacheDamagedEntry(t *testing.T) {
	dir := t.TempDir()
	cached(t, dir)
	entries, _ := filepath.Glob(filepath.Join(dir, "*.gob"))
	if len(entries) != 1 {
		t.Fatalf("entries: %v", entries)
	}
	data, err := os.ReadFile(entries[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]byte{nil, data[:len(data)/2], append([]byte("x"), data[1:]...)} {
		if err := os.WriteFile(entries[0], bad, 0o600); err != nil {
			t.Fatal(err)
		}
		got := cached(t, dir)
		parsed, _ := Nodes()
		if len(got) != len(parsed) {
			t.Fatalf("damaged entry (%d bytes): %d files, want %d", len(bad), len(got), len(parsed))
		}
		if again, _ := os.ReadFile(entries[0]); !reflect.DeepEqual(again, data) {
			t.Errorf("damaged entry (%d bytes) not rewritten", len(bad))
		}
	}
}

func sameTree(a, b *yaml.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.Style != b.Style || a.Tag != b.Tag || a.Value != b.Value ||
		a.Anchor != b.Anchor || a.Line != b.Line || a.Column != b.Column ||
		a.HeadComment != b.HeadComment || a.LineComment != b.LineComment || a.FootComment != b.FootComment ||
		len(a.Content) != len(b.Content) || !sameTree(a.Alias, b.Alias) {
		return false
	}
	for i := range a.Content {
		if !sameTree(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}
