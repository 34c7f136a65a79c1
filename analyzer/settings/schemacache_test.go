package settings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// With a cache directory the Go-schema scan is read from the entry the
// first process wrote, and resolves to exactly what scanning reads; a Go
// file added or written, or an embedded .sql file edited, is seen.
func TestSchemaCacheIsTheScan(t *testing.T) {
	root := tree(t, map[string]string{
		"go.mod":        "module x\n",
		"db/schema.go":  "package db\n\nconst ddl = `" + trigger + "`\n",
		"db/embed.go":   "package db\n\nimport _ \"embed\"\n\n//go:embed sql/*.sql\nvar files string\n",
		"db/sql/1.sql":  "create table other (id int primary key);\n",
		"jobs/x.go":     "package jobs\n",
		"jobs/plain.go": "package jobs\n\nfunc F() {}\n",
	})
	req := Request{Dir: filepath.Join(root, "jobs"), Module: true}
	load := func(cache string) *Settings {
		t.Helper()
		CacheIn(cache)
		defer CacheIn("")
		s, err := NewSession().Load(req)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	same := func(what string, got, want *Settings) {
		t.Helper()
		if got.Digest != want.Digest || got.Triggers.Len() != want.Triggers.Len() {
			t.Errorf("%s: %d triggers, inputs %s; scanning: %d, %s", what,
				got.Triggers.Len(), paths(got.Inputs, root), want.Triggers.Len(), paths(want.Inputs, root))
		}
	}
	cache := t.TempDir()
	want := load("")
	if want.Triggers.Len() != 1 {
		t.Fatalf("the fixture's trigger is not read: %d", want.Triggers.Len())
	}
	same("first process (writes)", load(cache), want)
	if entries, _ := filepath.Glob(filepath.Join(cache, "*.gob")); len(entries) != 1 {
		t.Fatalf("entries %v, want one", entries)
	}
	same("second process (reads)", load(cache), want)

	// A Go file that becomes a candidate: a new key, scanned again.
	later := time.Now().Add(time.Minute)
	// (A trigger of its own name: one of the same name on the same table
	// would replace the first, as a migration's second CREATE does.)
	second := strings.ReplaceAll(strings.ReplaceAll(trigger, "trigger t ", "trigger t2 "), "on ledger", "on journal")
	write(t, root, map[string]string{"jobs/plain.go": "package jobs\n\nconst more = `" + second + "`\n"})
	os.Chtimes(filepath.Join(root, "jobs/plain.go"), later, later)
	want = load("")
	if want.Triggers.Len() != 2 {
		t.Fatalf("the new trigger is not read: %d", want.Triggers.Len())
	}
	same("after a Go file changed", load(cache), want)

	// An embedded file is read again from the kept pattern.
	write(t, root, map[string]string{"db/sql/1.sql": trigger})
	want = load("")
	same("after an embedded file changed", load(cache), want)

	// An entry that does not decode is scanned again.
	entries, _ := filepath.Glob(filepath.Join(cache, "*.gob"))
	for _, e := range entries {
		os.WriteFile(e, []byte("not an entry"), 0o600)
	}
	same("over a broken entry", load(cache), want)
}
