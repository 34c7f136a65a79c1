package cachetrim

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

const day = 24 * time.Hour

// key is a 64-digit hex key made of n.
func key(n int) string { return fmt.Sprintf("%064x", n) }

// put writes an entry of size bytes at dir/rel, last used at t.
func put(t *testing.T, dir, rel string, size int, at time.Time) string {
	t.Helper()
	path := filepath.Join(dir, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, bytes.Repeat([]byte{'x'}, size), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
	return path
}

// files lists the regular files under dir, relative, sorted.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err == nil && de.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, path)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func clock(t time.Time) func() time.Time { return func() time.Time { return t } }

// The layout of every cache under the directory: entries unused for more
// than five days go, whichever cache and whichever build wrote them; fresh
// ones, files the caches did not write and trim.txt stay.
func TestTrimRemovesUnused(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().Truncate(time.Second)
	k := key
	old, fresh := now.Add(-6*day), now.Add(-4*day)
	put(t, dir, "ab/"+k(1)+".json", 10, old)                  // a run entry of an old build
	put(t, dir, "ab/"+k(2)+".json", 20, fresh)                // a run entry used four days ago
	put(t, dir, "facts/cd/"+k(3), 30, old)                    // facts
	put(t, dir, "facts/cd/"+k(4), 40, now)                    // facts
	put(t, dir, "catalog/"+k(5)+".gob", 50, old)              // the catalog's parse
	put(t, dir, "vetx/ef/"+k(6), 60, old)                     // a standard vet unit
	put(t, dir, "facts/cd/tmp-123", 7, now.Add(-2*time.Hour)) // a killed writer's
	put(t, dir, "facts/cd/tmp-456", 8, now)                   // a write under way
	put(t, dir, "notes.txt", 9, old)                          // not the cache's
	put(t, dir, "ab/ab12.json", 9, old)                       // not a key
	r := Trim(dir, Options{Now: clock(now)})
	want := []string{"ab/" + k(2) + ".json", "ab/ab12.json", "facts/cd/" + k(4), "facts/cd/tmp-456", "notes.txt", "trim.txt"}
	if got := files(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("left\n%v\nwant\n%v", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !r.Ran || r.Before != (Stats{8, 225}) || r.Aged != (Stats{5, 157}) || r.Evicted != (Stats{}) || r.After() != (Stats{3, 68}) {
		t.Errorf("report %+v, after %+v", r, r.After())
	}
}

// Trimming runs at most once a day per directory: entries that age
// between two runs of the same day wait for the next day's.
func TestTrimOncePerDay(t *testing.T) {
	dir := t.TempDir()
	t0 := time.Now().Truncate(time.Second)
	a := put(t, dir, "ab/"+key(1)+".json", 1, t0.Add(-4*day))
	if r := Trim(dir, Options{Now: clock(t0)}); !r.Ran || r.Aged.Entries != 0 {
		t.Fatalf("first trim: %+v", r)
	}
	// Two days later by the entry, 23 hours by the stamp: not again.
	if r := Trim(dir, Options{Now: clock(t0.Add(23 * time.Hour)), MaxAge: day}); r.Ran {
		t.Fatalf("trimmed twice in a day: %+v", r)
	}
	if _, err := os.Stat(a); err != nil {
		t.Fatal("removed by a trim that should not have run")
	}
	if r := Trim(dir, Options{Now: clock(t0.Add(25 * time.Hour))}); !r.Ran || r.Aged.Entries != 1 {
		t.Fatalf("next day's trim: %+v", r)
	}
	if _, err := os.Stat(a); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("the aged entry was kept")
	}
	// A stamp in the future (a clock set back) does not stop a trim; a
	// stamp that does not parse neither.
	os.WriteFile(filepath.Join(dir, "trim.txt"), []byte(fmt.Sprint(t0.Add(3*day).Unix())), 0o600)
	if r := Trim(dir, Options{Now: clock(t0.Add(26 * time.Hour))}); !r.Ran {
		t.Fatal("a stamp in the future stopped the trim")
	}
	os.WriteFile(filepath.Join(dir, "trim.txt"), []byte("garbage"), 0o600)
	if r := Trim(dir, Options{Now: clock(t0.Add(26 * time.Hour))}); !r.Ran {
		t.Fatal("a stamp that does not parse stopped the trim")
	}
}

// A hit refreshes the entry's time at most once an hour, and an entry
// used recently is kept however old it is.
func TestUsedKeepsEntries(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().Truncate(time.Second)
	hot := put(t, dir, "ab/"+key(1)+".json", 1, now.Add(-30*day))
	warm := put(t, dir, "ab/"+key(2)+".json", 1, now.Add(-30*time.Minute))
	Used(hot, now)
	Used(warm, now)
	Used(filepath.Join(dir, "ab", "missing"), now) // removed meanwhile: nothing to do
	if info, _ := os.Stat(hot); !info.ModTime().Equal(now) {
		t.Errorf("a hit did not refresh an entry unused for 30 days: %v", info.ModTime())
	}
	if info, _ := os.Stat(warm); !info.ModTime().Equal(now.Add(-30 * time.Minute)) {
		t.Errorf("a hit refreshed an entry used 30 minutes ago: %v", info.ModTime())
	}
	if r := Trim(dir, Options{Now: clock(now.Add(4 * day))}); r.Aged.Entries != 0 {
		t.Errorf("entries used four days ago removed: %+v", r)
	}
}

// Over the cap, the least recently used go first, until the rest fits.
func TestTrimSizeCap(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().Truncate(time.Second)
	for i := 0; i < 10; i++ {
		put(t, dir, fmt.Sprintf("%02x/%s", i, key(i)), 100, now.Add(-time.Duration(i)*time.Hour))
	}
	r := Trim(dir, Options{Now: clock(now), MaxBytes: 450})
	if r.Evicted != (Stats{6, 600}) || r.After() != (Stats{4, 400}) {
		t.Errorf("report %+v", r)
	}
	var want []string
	for i := 0; i < 4; i++ { // the four most recently used
		want = append(want, fmt.Sprintf("%02x/%s", i, key(i)))
	}
	want = append(want, "trim.txt")
	if got := files(t, dir); !reflect.DeepEqual(got, want) {
		t.Errorf("left %v", got)
	}
	// No cap.
	dir = t.TempDir()
	put(t, dir, "ab/"+key(1), 1000, now)
	if r := Trim(dir, Options{Now: clock(now), MaxBytes: -1}); r.Evicted.Entries != 0 {
		t.Errorf("evicted without a cap: %+v", r)
	}
}

// Runs sharing the directory: trims at once, and readers during them. A
// reader gets a whole entry or none; fresh entries all stay; no trim
// fails or panics.
func TestTrimConcurrent(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().Truncate(time.Second)
	content := bytes.Repeat([]byte("entry "), 1000)
	var old, fresh []string
	for i := 0; i < 200; i++ {
		at, list := now.Add(-10*day), &old
		if i%2 == 0 {
			at, list = now, &fresh
		}
		p := put(t, dir, fmt.Sprintf("%02x/%s", i%16, key(i)), 0, at)
		os.WriteFile(p, content, 0o600)
		os.Chtimes(p, at, at)
		*list = append(*list, p)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	aged := 0
	for g := 0; g < 8; g++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			r := Trim(dir, Options{Now: clock(now), Interval: -1})
			mu.Lock()
			aged += r.Aged.Entries
			mu.Unlock()
		}()
		go func() {
			defer wg.Done()
			for _, p := range append(append([]string{}, old...), fresh...) {
				data, err := os.ReadFile(p)
				if err == nil && !bytes.Equal(data, content) || err != nil && !errors.Is(err, fs.ErrNotExist) {
					mu.Lock()
					bad = append(bad, fmt.Sprintf("%s: %d bytes, %v", p, len(data), err))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if len(bad) > 0 {
		t.Errorf("readers saw part of an entry:\n%s", strings.Join(bad, "\n"))
	}
	if aged != len(old) {
		t.Errorf("the trims removed %d entries between them, want each old one once (%d)", aged, len(old))
	}
	for _, p := range fresh {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("fresh entry removed: %v", err)
		}
	}
}

// No directory, a file instead of one, an unreadable one: nothing to
// do, nothing created, no panic.
func TestTrimNeverFails(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "cache")
	if r := Trim(missing, Options{}); r.Ran {
		t.Errorf("trimmed a missing directory: %+v", r)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("Trim created the cache directory")
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o600)
	if r := Trim(file, Options{}); r.Ran {
		t.Errorf("trimmed a file: %+v", r)
	}
	if os.Getuid() != 0 { // root reads anything
		dir := t.TempDir()
		now := time.Now()
		p := put(t, dir, "ab/"+key(1), 1, now.Add(-10*day))
		os.Chmod(filepath.Join(dir, "ab"), 0o500) // entries cannot be removed
		defer os.Chmod(filepath.Join(dir, "ab"), 0o700)
		if r := Trim(dir, Options{Now: clock(now)}); !r.Ran || r.Aged.Entries != 0 {
			t.Errorf("report %+v", r)
		}
		if _, err := os.Stat(p); err != nil {
			t.Error(err)
		}
	}
}

func TestClean(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	put(t, dir, "ab/"+key(1)+".json", 10, now)
	put(t, dir, "facts/cd/"+key(2), 20, now)
	put(t, dir, "notes.txt", 5, now)
	Trim(dir, Options{Now: clock(now)})
	if s := Scan(dir); s != (Stats{2, 30}) {
		t.Errorf("scan %+v", s)
	}
	removed, left := Clean(dir)
	if removed != (Stats{2, 30}) || left != (Stats{}) {
		t.Errorf("removed %+v, left %+v", removed, left)
	}
	if got := files(t, dir); !reflect.DeepEqual(got, []string{"notes.txt"}) {
		t.Errorf("left %v", got)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1024": 1024, "2K": 2048, "5G": 5 << 30, "5GiB": 5 << 30, "5gb": 5 << 30, "300M": 300 << 20, "1T": 1 << 40, "off": -1} {
		if got, ok := ParseSize(in); !ok || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "0", "-1", "G", "1X", "1.5G", "99999999999T"} {
		if got, ok := ParseSize(in); ok {
			t.Errorf("ParseSize(%q) = %d, want an error", in, got)
		}
	}
}
