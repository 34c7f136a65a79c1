package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// ageCache sets every file under dir (trim.txt too) to have been last
// used d ago.
func ageCache(t *testing.T, dir string, d time.Duration) {
	t.Helper()
	at := time.Now().Add(-d)
	filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err == nil && de.Type().IsRegular() {
			if err := os.Chtimes(path, at, at); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	})
	stamp := filepath.Join(dir, "trim.txt")
	if err := os.WriteFile(stamp, []byte(fmt.Sprint(at.Unix())), 0o600); err != nil {
		t.Fatal(err)
	}
}

// The cache across a trim (issue 31): a hit marks its entry used, so a
// trim keeps it and the next run is still a replay; entries unused for
// five days are removed by the first run of the day (any command: here
// `version`), and the run after that analyses again and answers the same,
// then is replayed again.
func TestCacheTrimmedRebuilds(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	cache := t.TempDir()
	env := []string{"JOBEFFECTS_CACHE_DIR=" + cache}
	first, hit := cachedRun(t, dir, env, "-format=json", "./...")
	if hit || first.code != exitFindings {
		t.Fatalf("first run: hit %v, exit %d:\n%s", hit, first.code, first.stderr)
	}
	entries := cacheEntries(t, cache)
	if len(entries) == 0 {
		t.Fatal("the first run kept no entry")
	}
	// Six days unused, then a hit: used now, kept by a trim.
	ageCache(t, cache, 6*24*time.Hour)
	if again, hit := cachedRun(t, dir, env, "-format=json", "./..."); !hit || again != first {
		t.Fatalf("rerun: hit %v, differs: %v", hit, again != first)
	}
	if o := runOutcome(t, dir, env, "cache", "trim"); o.code != exitClean || !strings.Contains(o.stdout, "removed") {
		t.Fatalf("cache trim: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if _, err := os.Stat(entries[0]); err != nil {
		t.Fatalf("the entry a hit used was trimmed: %v", err)
	}
	if again, hit := cachedRun(t, dir, env, "-format=json", "./..."); !hit || again != first {
		t.Fatalf("rerun after a trim: hit %v, differs: %v", hit, again != first)
	}
	// Six days unused, no hit: the day's first run trims them all.
	ageCache(t, cache, 6*24*time.Hour)
	if o := runOutcome(t, dir, env, "version"); o.code != exitClean {
		t.Fatalf("version: exit %d\n%s", o.code, o.stderr)
	}
	if left := cacheEntries(t, cache); len(left) != 0 {
		t.Fatalf("entries unused for six days kept: %v", left)
	}
	if o := runOutcome(t, dir, env, "cache"); !strings.Contains(o.stdout, cache+": 0 entries, 0 B") {
		t.Errorf("cache status after the trim:\n%s%s", o.stdout, o.stderr)
	}
	// -debug=phases prints the phases' times: stdout and the exit
	// status are the answer.
	rebuilt, hit := cachedRun(t, dir, env, "-format=json", "./...")
	if hit || rebuilt.stdout != first.stdout || rebuilt.code != first.code || !strings.Contains(rebuilt.stderr, "phase load") {
		t.Fatalf("run after the trim: hit %v, want an analysis answering as the first run:\n%+v\n%+v", hit, rebuilt, first)
	}
	if again, hit := cachedRun(t, dir, env, "-format=json", "./..."); !hit || again != rebuilt {
		t.Fatalf("rerun after the rebuild: hit %v, differs: %v", hit, again != first)
	}
	// clean empties it.
	if o := runOutcome(t, dir, env, "cache", "clean"); o.code != exitClean || !strings.Contains(o.stdout, "removed") {
		t.Fatalf("cache clean: exit %d\n%s%s", o.code, o.stdout, o.stderr)
	}
	if left := cacheEntries(t, cache); len(left) != 0 {
		t.Fatalf("clean left %v", left)
	}
}

// The cap on the cache's size is not an input of the analysis: changing
// it replays.
func TestCacheMaxSizeNotInKey(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	cache := t.TempDir()
	first, _ := cachedRun(t, dir, []string{"JOBEFFECTS_CACHE_DIR=" + cache}, "./...")
	again, hit := cachedRun(t, dir, []string{"JOBEFFECTS_CACHE_DIR=" + cache, cacheMaxSizeEnv + "=10G"}, "./...")
	if !hit || again != first {
		t.Errorf("a run with %s set: hit %v, same %v", cacheMaxSizeEnv, hit, again == first)
	}
}

func TestSizeText(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 1536: "1.5 KiB", 5 << 30: "5.0 GiB", 13 << 30: "13.0 GiB"} {
		if got := sizeText(n); got != want {
			t.Errorf("sizeText(%d) = %q, want %q", n, got, want)
		}
	}
}
