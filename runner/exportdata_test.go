package runner

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestExportDataRerun: a rerun on the fact cache reads the body-less
// dependencies (the standard library here: modelled, no SSA bodies) from
// the export data the first run wrote beside their empty facts, and its
// root's result is the first run's; with every entry damaged (truncated,
// or a byte of it changed), the rerun type-checks them from source
// again, without a panic, and answers the same.
func TestExportDataRerun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	const app = `package app

import (
	"context"
	"database/sql"
	"strings"
)

// Credit inserts a row: an effect decided by the database/sql model.
func Credit(ctx context.Context, db *sql.DB, who string) error {
	_, err := db.ExecContext(ctx, "insert into ledger (who) values ($1)", strings.ToLower(who))
	return err
}
`
	write("app/app.go", app)
	cache := t.TempDir()
	// run analyses ./... on the cache and returns the root's result (as
	// JSON) and how many packages were read from export data.
	run := func() (string, int64) {
		t.Helper()
		cfg := &packages.Config{Dir: dir, Mode: metadataMode}
		pkgs, err := packages.Load(cfg, "./...")
		if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
			t.Fatalf("load: %v %v", err, pkgs)
		}
		r := New(cfg, pkgs, Config{Whole: true, CacheDir: cache})
		if r.cache == nil {
			t.Fatal("no fact cache")
		}
		graph, err := r.Analyze(pkgs)
		if err != nil {
			t.Fatal(err)
		}
		root := graph.Roots[0]
		if root.Err != nil {
			t.Fatal(root.Err)
		}
		// Every package analysed is kept: one left out is analysed
		// again on every rerun (FactCache.NotKept says why).
		if nk := r.CacheNotKept(); len(nk) > 0 {
			t.Errorf("analysed but not kept in the fact cache: %v", nk)
		}
		out, err := json.Marshal(root.Result)
		if err != nil {
			t.Fatal(err)
		}
		return string(out), r.exportReads.Load()
	}
	// change makes the root a changed package (a comment: the same
	// answer), so that its pass runs again on its dependencies' types.
	n := 0
	change := func() {
		n++
		write("app/app.go", app+"\n// changed "+string(rune('0'+n))+"\n")
	}

	first, reads := run()
	if !strings.Contains(first, "ledger") {
		t.Fatalf("the first run found no insert into ledger: %s", first)
	}
	if reads != 0 {
		t.Fatalf("a first run read %d packages from export data", reads)
	}
	change()
	rerun, reads := run()
	if reads == 0 {
		t.Errorf("the rerun read no package's types from export data")
	}
	if rerun != first {
		t.Errorf("the rerun on export data answers otherwise:\n got  %s\n want %s", rerun, first)
	}

	// Damaged entries: every second one truncated, the others with a
	// byte of their end changed (the export data: it follows the facts).
	i := 0
	filepath.WalkDir(cache, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil || len(data) < 64 {
			return nil
		}
		if i++; i%2 == 0 {
			data = data[:len(data)-40]
		} else {
			data[len(data)-20] ^= 0xff
		}
		return os.WriteFile(path, data, 0o644)
	})
	if i == 0 {
		t.Fatal("no cache entry to damage")
	}
	change()
	damaged, reads := run()
	if reads != 0 {
		t.Errorf("%d packages read from damaged export data", reads)
	}
	if damaged != first {
		t.Errorf("the rerun on damaged entries answers otherwise:\n got  %s\n want %s", damaged, first)
	}
}
