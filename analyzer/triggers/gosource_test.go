package triggers

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

func TestGoSchema(t *testing.T) {
	src := "package p\n\nimport \"context\"\n\n" +
		"//go:embed sql/*.sql \"more files/x.sql\"\nvar fs string\n\n" +
		"const table = \"t_items\"\n\n" +
		"const ddl = `\nCREATE TABLE IF NOT EXISTS t_orders (\n  uid uuid UNIQUE\n);`\n\n" +
		"const idx = \"CREATE UNIQUE INDEX t_items_sku ON \" + table + \" (sku)\"\n\n" +
		"const again = ddl\n\n" +
		"const prose = \"create table t_notes, then a unique (body)\"\n\n" +
		"var migrations = []struct{ Up, Down string }{{Up: \"CREATE TABLE t_up (k text)\", Down: \"CREATE UNIQUE INDEX t_down ON t_up (k)\"}}\n\n" +
		"func rollback(ctx context.Context) { exec(\"CREATE UNIQUE INDEX t_rb ON t_up (k)\") }\n\n" +
		"func migrate(name string) { exec(\"CREATE TABLE \" + name + \" (k text unique)\") }\n\n" +
		"func exec(string) {}\n"
	texts, embeds := GoSchema([]File{{Path: "/m/p/p.go", Data: []byte(src)}})
	var got []string
	for _, tx := range texts {
		got = append(got, strings.Join(strings.Fields(string(tx.Data))[:3], " ")+"@"+strconv.Itoa(tx.Line))
	}
	want := []string{"CREATE TABLE IF@10", "CREATE UNIQUE INDEX@15", "create table t_notes,@19", "CREATE TABLE t_up@21"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("texts %v, want %v", got, want)
	}
	if want := []string{"/m/p/sql/*.sql", "/m/p/more files/x.sql"}; !reflect.DeepEqual(embeds, want) {
		t.Errorf("embeds %v, want %v", embeds, want)
	}
	s := Parse(texts)
	var keys []string
	for _, tb := range []string{"t_orders", "t_items", "t_up", "t_notes"} {
		for _, u := range s.Uniques(tb) {
			keys = append(keys, tb+" "+u.String())
		}
	}
	wantKeys := []string{"t_orders unique (uid) at /m/p/p.go:11", "t_items unique index t_items_sku (sku) at /m/p/p.go:15"}
	if !reflect.DeepEqual(keys, wantKeys) {
		t.Errorf("keys %q, want %q", keys, wantKeys)
	}
	if len(s.Errors) != 0 {
		t.Errorf("errors %v: a Go string that is not SQL is no error", s.Errors)
	}
}

func TestGoSchemaTestingImport(t *testing.T) {
	src := "package p\n\nimport \"testing\"\n\nconst ddl = \"CREATE TABLE t (k text primary key)\"\n\nfunc helper(t *testing.T) {}\n"
	if texts, _ := GoSchema([]File{{Path: "p.go", Data: []byte(src)}}); len(texts) != 0 {
		t.Errorf("a test helper's DDL read: %v", texts)
	}
}

func TestDownName(t *testing.T) {
	for name, want := range map[string]bool{"Down": true, "schemaDown": true, "down_sql": true, "rollbackAll": true,
		"Rollback": true, "migrateDown0001": true, "countdown": false, "Countdown": false, "Download": false, "Up": false, "shutdown": false} {
		if got := downName(name); got != want {
			t.Errorf("downName(%q) = %v, want %v", name, got, want)
		}
	}
}

// hasDDL is ddl.Match: on texts built from the expression's words, word
// characters, white space and characters that fold to its letters, and on
// the standard library's Go files.
func TestHasDDLIsDDLMatch(t *testing.T) {
	pieces := []string{"create", "CREATE", "Create", "alter", "ALTER", "aLtEr", "table", "TABLE", "index", "trigger", "function",
		"or", "replace", "unique", "temp", "temporary", "unlogged", "constraint", "conſtraint", "global", "local",
		" ", "  ", "\t", "\n", "\v", "\r\n", "_", "x", "9", "(", ".", "\"", "`", "é", "ſ", "K", "re", "crea", "te", "alt", "er"}
	rng := rand.New(rand.NewPCG(1, 2))
	positive := 0
	for i := 0; i < 100000; i++ {
		// Half of them a statement's words with white space between,
		// then a few pieces replaced or inserted anywhere.
		var parts []string
		if rng.IntN(2) == 0 {
			parts = []string{pick(rng, pieces[:6]), " "}
			for n := rng.IntN(3); n > 0; n-- {
				parts = append(parts, pick(rng, pieces[11:21]), pick(rng, pieces[21:26]))
			}
			parts = append(parts, pick(rng, pieces[6:11]))
		}
		for n := rng.IntN(5); n >= 0; n-- {
			j := rng.IntN(len(parts) + 1)
			if j < len(parts) && rng.IntN(2) == 0 {
				parts[j] = pick(rng, pieces)
			} else {
				parts = append(parts[:j], append([]string{pick(rng, pieces)}, parts[j:]...)...)
			}
		}
		src := []byte(strings.Join(parts, ""))
		if got, want := hasDDL(src), ddl.Match(src); got != want {
			t.Fatalf("hasDDL(%q) = %v, ddl.Match %v", src, got, want)
		}
		if ddl.Match(src) {
			positive++
		}
	}
	t.Logf("%d of 100000 matched", positive)
	if positive < 1000 {
		t.Errorf("%d random texts of 100000 matched: too few to compare", positive)
	}
	var files []string
	for _, glob := range []string{
		filepath.Join(runtime.GOROOT(), "src", "database", "sql", "*.go"),
		filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"),
		filepath.Join("..", "sqlclass", "*.go"),
		filepath.Join("..", "..", "testdata", "src", "declared", "*", "*.go"),
		filepath.Join("..", "..", "testdata", "ecosystem", "internal", "*", "*.go"),
	} {
		more, _ := filepath.Glob(glob)
		files = append(files, more...)
	}
	matched := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := hasDDL(src), ddl.Match(src); got != want {
			t.Errorf("%s: hasDDL %v, ddl.Match %v", f, got, want)
		}
		if ddl.Match(src) {
			matched++
		}
	}
	if matched == 0 {
		t.Errorf("no file of %d matched: the corpus tests only the negative case", len(files))
	}
}

func pick(rng *rand.Rand, from []string) string { return from[rng.IntN(len(from))] }
