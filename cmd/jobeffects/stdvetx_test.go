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
	for _, p := range kept {
		if !strings.HasPrefix(filepath.Base(p), "tmp-") {
			continue
		}
		t.Errorf("a temporary file left: %s", p)
	}
}
