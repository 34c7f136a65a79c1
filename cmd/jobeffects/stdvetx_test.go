package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The standard library's vet units are kept across version lines
// (stdvetx.go): a config edit changes the version line and go vet runs
// the tool again on every package, yet the standard packages' units come
// from the cache, and the module's own packages are analysed anew under
// the new config (its finding follows the model).
func TestVetStdUnitsAcrossConfigs(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		// A standard import, so that there are standard units to keep.
		"store/log.go": "package store\n\nimport \"strings\"\n\n// Clean trims a statement.\nfunc Clean(q string) string { return strings.TrimSpace(q) }\n",
	})
	// A config of this run's own (its directory in a comment): a version
	// line no other test, nor an earlier run, has filled go vet's cache
	// under, so that go vet runs the tool on the standard units.
	writeTree(t, dir, map[string]string{".jobeffects.yaml": "# " + dir + "\n" + storeModel})
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_VETX_CACHE_DIR=" + cache}
	entries := func() []string {
		t.Helper()
		var out []string
		filepath.WalkDir(cache, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				out = append(out, p)
			}
			return nil
		})
		return out
	}
	vet := func() string {
		t.Helper()
		_, stderr, _ := runCmdEnv(t, dir, env, "go", "vet", "-vettool="+binary, "./...")
		return stderr
	}
	first := vet()
	if !strings.Contains(first, ": unguarded: ") {
		t.Fatalf("no unguarded finding with the model:\n%s", first)
	}
	kept := entries()
	if len(kept) == 0 {
		t.Fatal("no standard unit kept")
	}
	// The model gone: a new version line, the standard units replayed
	// (no new entry), the handler's finding gone with its model.
	writeTree(t, dir, map[string]string{".jobeffects.yaml": "# " + dir + "\n# no models\n"})
	second := vet()
	if strings.Contains(second, ": unguarded: ") {
		t.Errorf("the finding stayed after its model was removed:\n%s", second)
	}
	if got := entries(); len(got) != len(kept) {
		t.Errorf("%d entries after the config edit, want the %d kept before (hits)", len(got), len(kept))
	}
	// Flags that change only what is printed (-json, -c) or reported
	// (-jobeffects.rules, -jobeffects.baseline): go vet runs the tool on
	// every unit again (its flags are in go vet's key), and the standard
	// units are still hits (stdvetx.go, vetxFlags).
	writeTree(t, dir, map[string]string{".jobeffects.yaml": "# " + dir + "\n" + storeModel})
	empty := filepath.Join(t.TempDir(), "empty.inv")
	os.WriteFile(empty, []byte("schema: jobeffects/inventory/v1\nhandlers: []\n"), 0o644)
	stdout, stderr, _ := runCmdEnv(t, dir, env, "go", "vet", "-vettool="+binary, "-json", "-c=1", "-jobeffects.rules", "unguarded", "-jobeffects.baseline="+empty, "./...")
	if !strings.Contains(stdout+stderr, `"category": "unguarded"`) {
		t.Errorf("go vet -json -jobeffects.rules unguarded: no unguarded finding:\n%s%s", stdout, stderr)
	}
	if got := entries(); len(got) != len(kept) {
		t.Errorf("%d entries after a run differing only in output flags, want the %d kept before (hits)", len(got), len(kept))
	}
	for _, p := range kept {
		if !strings.HasPrefix(filepath.Base(p), "tmp-") {
			continue
		}
		t.Errorf("a temporary file left: %s", p)
	}
}

// The standard units' key leaves out only the flags that cannot change a
// unit's vetx file: how diagnostics are printed, and which findings are
// reported; an analyzer flag that changes facts (-jobeffects.strict,
// -jobeffects.config), or one it does not know, keeps its own units.
func TestStdVetxKeyFlags(t *testing.T) {
	t.Parallel()
	u := &vetUnit{ImportPath: "strings", GoVersion: "go1.26"}
	key := func(flags ...string) string {
		t.Helper()
		k, err := stdVetxKey(flags, u)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	plain := key()
	for _, flags := range [][]string{
		{"-json"},
		{"--json=true", "-c=3"},
		{"-c", "3"},
		{"-jobeffects.rules=-unresolved"},
		{"-jobeffects.rules", "-unresolved"},
		{"-jobeffects.baseline", "known.inv", "-fix", "-diff"},
	} {
		if k := key(flags...); k != plain {
			t.Errorf("%q: another key than without flags; want the same (output only)", flags)
		}
	}
	seen := map[string][]string{plain: nil}
	for _, flags := range [][]string{
		{"-jobeffects.strict"},
		{"-jobeffects.strict=false"},
		{"-jobeffects.config", "a.yaml"},
		{"-jobeffects.config=b.yaml", "-json"},
		{"-jobeffects.unresolved=false"},
		{"-unknown", "x"},
	} {
		k := key(flags...)
		if prev, dup := seen[k]; dup {
			t.Errorf("%q: the key of %q; want one of its own (the flag may change facts)", flags, prev)
		}
		seen[k] = flags
	}
	if got, want := vetxFlags([]string{"-jobeffects.config", "-json", "-json", "-jobeffects.rules", "x", "-jobeffects.strict"}), []string{"-jobeffects.config", "-json", "-jobeffects.strict"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("vetxFlags = %q, want %q (a value is taken with its flag)", got, want)
	}
}
