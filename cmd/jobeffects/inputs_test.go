package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// These tests run the binary on tiny modules written on the fly: no
// framework, no dependency to download, a run takes about a second.

// ledgerModule is a module whose one handler (declared with a directive)
// inserts into ledger through an in-house function the config models
// (storeModel; no driver, nothing to download, no standard library
// package to load): an unguarded finding, and a table a trigger can act
// on.
var ledgerModule = map[string]string{
	"go.mod": "module example.com/ledger\n\ngo 1.26\n",
	"store/store.go": `package store

// Exec runs a statement.
func Exec(query string, args ...any) error { return nil }
`,
	"jobs/jobs.go": `package jobs

import "example.com/ledger/store"

//jobeffects:handler ledger:add
func Add(id string) error {
	return store.Exec("insert into ledger(id) values ($1)", id)
}
`,
}

// subHandler is a second handler for ledgerModule, with a finding of its
// own (an insert into ledger_out): a baseline can list one handler's
// finding and not the other's.
const subHandler = `package jobs

import "example.com/ledger/store"

//jobeffects:handler ledger:sub
func Sub(id string) error {
	return store.Exec("insert into ledger_out(id) values ($1)", id)
}
`

// storeModel is the config entry modelling store.Exec.
const storeModel = "effects:\n  - {func: example.com/ledger/store.Exec, sql: 0}\n"

// bumpTrigger is a migration whose trigger on ledger runs an update
// (set n = <expr>).
func bumpTrigger(expr string) string {
	return `create table counters (n int);
create function bump() returns trigger language plpgsql as $$
begin
  update counters set n = ` + expr + `;
  return new;
end $$;
create trigger t after insert on ledger for each row execute function bump();
`
}

// writeTree writes files (slash paths relative to dir) and returns dir.
func writeTree(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func tinyModule(t *testing.T, extra map[string]string) string {
	t.Helper()
	dir := writeTree(t, t.TempDir(), ledgerModule)
	return writeTree(t, dir, extra)
}

// outcome is everything a run shows: what a cached run must reproduce.
type outcome struct {
	stdout, stderr string
	code           int
}

func runOutcome(t *testing.T, dir string, env []string, args ...string) outcome {
	t.Helper()
	stdout, stderr, code := runCmdEnv(t, dir, env, binary, args...)
	return outcome{stdout, stderr, code}
}

// checkCacheFollows runs args with a fresh cache, lets change edit an
// input, and checks that a rerun with the run cache and the fact cache
// on (and with the fact cache alone: the run's entries removed) is the
// uncached run, byte for byte.
func checkCacheFollows(t *testing.T, dir string, change func(), args ...string) {
	t.Helper()
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache}
	before := runOutcome(t, dir, env, args...)
	if again := runOutcome(t, dir, env, args...); again != before {
		t.Fatalf("a rerun without a change differs:\n%+v\n%+v", before, again)
	}
	change()
	uncached := runOutcome(t, dir, []string{"JOBEFFECTS_CACHE=off"}, args...)
	if uncached == before {
		t.Fatalf("the change did not change the uncached run: the test proves nothing\n%+v", before)
	}
	if got := runOutcome(t, dir, env, args...); got != uncached {
		t.Errorf("with the cache on, the run after the change is not the uncached run:\ncached:   %+v\nuncached: %+v", got, uncached)
	}
	for _, e := range cacheEntries(t, cache) {
		os.Remove(e)
	}
	if got := runOutcome(t, dir, env, args...); got != uncached {
		t.Errorf("with the fact cache alone, the run after the change is not the uncached run:\ncached:   %+v\nuncached: %+v", got, uncached)
	}
}

// A migration named by the config's migrations: glob, whatever its
// extension, is an input of both caches.
func TestCacheFollowsMigrationGlob(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel + "migrations: [\"db/*.pgsql\"]\n",
		"db/1.pgsql":       bumpTrigger("n"),
	})
	checkCacheFollows(t, dir, func() {
		writeTree(t, dir, map[string]string{"db/1.pgsql": bumpTrigger("n + 1")})
	}, "inventory", "./...")
}

// A baseline named by the config, whatever its name, is an input: emptied,
// the finding it knew fails the run.
func TestCacheFollowsConfigBaseline(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	if _, stderr, code := runCmdEnv(t, dir, []string{"JOBEFFECTS_CACHE=off"}, binary, "inventory", "-o", "known.inv", "./..."); code != 0 {
		t.Fatalf("inventory: exit %d\n%s", code, stderr)
	}
	writeTree(t, dir, map[string]string{".jobeffects.yaml": storeModel + "baseline: known.inv\n"})
	checkCacheFollows(t, dir, func() {
		writeTree(t, dir, map[string]string{"known.inv": "schema: jobeffects/inventory/v1\nhandlers: []\n"})
	}, "./...")
}

// A -config outside the module names migrations relative to its own
// directory: they are inputs too (and the fact cache is on with -config).
func TestCacheFollowsConfigElsewhere(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, nil)
	elsewhere := writeTree(t, t.TempDir(), map[string]string{
		"cfg.yaml":   storeModel + "migrations: [\"db/*.sql\"]\n",
		"db/1.sql":   bumpTrigger("n"),
		"db/2.notes": "not a migration",
	})
	cfg := filepath.Join(elsewhere, "cfg.yaml")
	checkCacheFollows(t, dir, func() {
		writeTree(t, elsewhere, map[string]string{"db/1.sql": bumpTrigger("n + 1")})
	}, "inventory", "-config", cfg, "./...")
}

// go vet caches by the version line: it covers the same files.
func TestVetVersionFollowsInputs(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel + "migrations: [\"db/*.pgsql\"]\nbaseline: known.inv\n",
		"db/1.pgsql":       bumpTrigger("n"),
		"known.inv":        "schema: jobeffects/inventory/v1\nhandlers: []\n",
	})
	version := func() string {
		t.Helper()
		stdout, stderr, code := runCmd(t, filepath.Join(dir, "jobs"), binary, "-V=full")
		if code != 0 {
			t.Fatalf("-V=full: exit %d\n%s", code, stderr)
		}
		return stdout
	}
	v := version()
	writeTree(t, dir, map[string]string{"db/1.pgsql": bumpTrigger("n + 1")})
	v2 := version()
	writeTree(t, dir, map[string]string{"known.inv": "schema: jobeffects/inventory/v1\nhandlers: [] # edited\n"})
	v3 := version()
	if v == v2 || v2 == v3 {
		t.Errorf("the version line does not follow the migration and the baseline:\n%s%s%s", v, v2, v3)
	}
}

// An entry edited after it was written is a miss, not a result: neither
// its output nor a file path it names is replayed; entries are 0600.
func TestRunCacheEntryTampered(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache}
	args := []string{"inventory", "-o", "inv.yaml", "./..."}
	want := runOutcome(t, dir, env, args...)
	inv, _ := os.ReadFile(filepath.Join(dir, "inv.yaml"))
	entries := cacheEntries(t, cache)
	if len(entries) != 1 {
		t.Fatalf("%d entries, want 1", len(entries))
	}
	path := entries[0]
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("entry mode %v, want 0600", fi.Mode().Perm())
	}
	data, _ := os.ReadFile(path)
	var sealed map[string]json.RawMessage
	if err := json.Unmarshal(data, &sealed); err != nil {
		t.Fatal(err)
	}
	var e map[string]any
	json.Unmarshal(sealed["Entry"], &e)

	evil := filepath.Join(t.TempDir(), "evil")
	for _, tamper := range []struct {
		name   string
		edit   func(map[string]any)
		reseal bool
	}{
		{"output", func(e map[string]any) { e["Stdout"] = []byte("tampered\n") }, false},
		{"file path", func(e map[string]any) { e["File"] = evil; e["FileData"] = []byte("tampered\n") }, false},
		// A forger who recomputes the seal: the replay still writes only
		// the current -o, and an inventory's exit code must be 0.
		{"path, resealed", func(e map[string]any) { e["File"] = evil }, true},
		{"exit code, resealed", func(e map[string]any) { e["Code"] = 1 }, true},
	} {
		c := map[string]any{}
		for k, v := range e {
			c[k] = v
		}
		tamper.edit(c)
		entry, _ := json.Marshal(c)
		sum := string(sealed["Sum"])
		if tamper.reseal {
			s, _ := json.Marshal(seal(entryKey(path), entry))
			sum = string(s)
		}
		out, _ := json.Marshal(map[string]json.RawMessage{"Sum": json.RawMessage(sum), "Entry": entry})
		os.WriteFile(path, out, 0o600)
		os.Remove(filepath.Join(dir, "inv.yaml"))
		got := runOutcome(t, dir, env, args...)
		if got != want {
			t.Errorf("%s: a tampered entry was replayed:\n%+v\nwant %+v", tamper.name, got, want)
		}
		if data, _ := os.ReadFile(filepath.Join(dir, "inv.yaml")); string(data) != string(inv) {
			t.Errorf("%s: -o is not the run's inventory:\n%s", tamper.name, data)
		}
		if _, err := os.Stat(evil); err == nil {
			t.Errorf("%s: the replay wrote the path the entry names", tamper.name)
		}
	}
}

// A migration statement that does not parse is a warning with its file
// and line, and costs only itself: the trigger after it still acts.
func TestMigrationSyntaxErrorWarns(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml":   storeModel,
		"migrations/001.sql": "create table processed (k text primary key);\ncreate tabel oops (;\n" + bumpTrigger("n + 1"),
		"migrations/002.sql": "create trigger t2 after insert on ledger for each row execute function f(;\n",
	})
	stdout, stderr, code := runCmdEnv(t, dir, []string{"JOBEFFECTS_CACHE=off"}, binary, "inventory", "./...")
	if code != 0 || !strings.Contains(stdout, "operation: update-increment") {
		t.Errorf("the trigger after the bad statement was lost: exit %d\n%s", code, stdout)
	}
	for _, want := range []string{
		"jobeffects: warning: migrations/001.sql:2: syntax error at or near \"tabel\"",
		"jobeffects: warning: migrations/002.sql:1: syntax error",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// factsLine is what -debug=phases says of the fact cache, with the count.
var factsLine = regexp.MustCompile(`\(([0-9]+) packages' facts from the cache`)

// JOBEFFECTS_CACHE=off neither replays a run nor loads a fact, with a
// JOBEFFECTS_CACHE_DIR holding both for the module: its run after a change
// is the cached run's answer, made from nothing. (TestRunAndFactCache,
// now part of ecosystem's TestChangedLeafRerun, checked this on a copy of
// the example, 10 CPU seconds a run.)
func TestCacheOffReadsNothing(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel, "jobs/sub.go": subHandler})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	off := append(env[:1:1], "JOBEFFECTS_CACHE=off")
	first, hit := cachedRun(t, dir, env, "inventory", "./...")
	if hit {
		t.Fatal("the first run was a replay")
	}
	if o, hit := cachedRun(t, dir, off, "inventory", "./..."); hit || o.stdout != first.stdout || o.code != first.code {
		t.Errorf("JOBEFFECTS_CACHE=off on unchanged inputs: replayed %v, or answered otherwise:\n%+v\n%+v", hit, o, first)
	}
	// A change in jobs: store's facts are in the cache, and a cached run
	// loads them (the check would prove nothing otherwise).
	writeTree(t, dir, map[string]string{"jobs/sub.go": subHandler + "\n// a comment changes the key\n"})
	o, hit := cachedRun(t, dir, off, "inventory", "./...")
	if m := factsLine.FindStringSubmatch(o.stderr); hit || m != nil && m[1] != "0" {
		t.Errorf("JOBEFFECTS_CACHE=off used the cache:\n%s", o.stderr)
	}
	cached, hit := cachedRun(t, dir, env, "inventory", "./...")
	if m := factsLine.FindStringSubmatch(cached.stderr); hit || m == nil || m[1] == "0" {
		t.Errorf("the cached run after the change loaded no fact (hit %v):\n%s", hit, cached.stderr)
	}
	if o.stdout != cached.stdout || o.code != cached.code {
		t.Errorf("JOBEFFECTS_CACHE=off and the cached run differ:\n%+v\n%+v", o, cached)
	}
}

// A run asked for the per-package answer too (JOBEFFECTS_DEBUG_PERPACKAGE,
// e2etest.BothAnswers) keeps its whole answer for the runs after it: the
// file it names is an output, not an input of the run's key.
func TestPerPackageRunKept(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	file := filepath.Join(t.TempDir(), "perpackage.txt")
	lint, hit := cachedRun(t, dir, append(env[:1:1], perPackageEnv+"="+file), "./...")
	if hit || lint.code != 1 {
		t.Fatalf("the run with both answers: replayed %v, exit %d\n%s", hit, lint.code, lint.stderr)
	}
	if pp, err := os.ReadFile(file); err != nil || !strings.Contains(string(pp), "jobs/jobs.go:6:6: unguarded:") {
		t.Errorf("no per-package answer written (%v):\n%s", err, pp)
	}
	again, hit := cachedRun(t, dir, env, "./...")
	if d, want := findings(again.stderr), findings(lint.stderr); !hit || d != want || again.code != lint.code {
		t.Errorf("a plain run after it did not replay its analysis (hit %v), or printed otherwise:\n%+v\n%+v", hit, again, lint)
	}
}

// findings are the lines of a run's stderr that report in the module's
// jobs package (not -debug=phases' timings).
func findings(stderr string) string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "jobs/") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
