// Package cachetrim keeps jobeffects' cache directory from growing without
// bound, as the go command's build cache does (cmd/go/internal/cache:
// Trim). Every entry of the caches under the directory (the run cache, the
// fact cache, the catalog's and schemas' parses, the standard vet units)
// is one file named by a hex key and written whole (internal/atomicfile);
// a hit refreshes its modification time, at most once an hour (Used), so
// the time says when it was last used. Trim, at most once a day per
// directory (trim.txt holds when it last ran), removes the entries unused
// for five days — those of other builds of jobeffects among them: their
// keys hash the executable, so they are never hit again and age out like
// any other — and then, if the rest is still larger than a cap, the least
// recently used until it is not.
//
// Sharing: runs that share the directory (go vet's parallel units, CI
// jobs) may trim at once, or read an entry while it is removed. Removing
// is unlinking one file: a reader has the whole entry or none (a miss,
// and the entry is made again), never part of one. Two trims remove the
// same files; the second's removals fail and are ignored. Nothing here
// returns an error: a run never fails because its cache could not be
// trimmed.
//
// Only names the caches write are removed (a hex key, with or without a
// .json or .gob extension, and atomicfile's tmp-* files left by a killed
// writer): a JOBEFFECTS_CACHE_DIR pointed at a directory holding anything
// else loses none of it.
package cachetrim

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jobeffects/jobeffects/internal/atomicfile"
)

// The defaults, go's build cache's where it has one.
const (
	// DefaultMaxAge: an entry unused this long is removed (go: 5 days).
	DefaultMaxAge = 5 * 24 * time.Hour
	// DefaultInterval: a directory is trimmed at most this often (go: a day).
	DefaultInterval = 24 * time.Hour
	// UsedInterval: a hit refreshes an entry's time only when it is older
	// than this (go: an hour), so that a hot entry costs a stat, not a
	// write to its inode, on every hit.
	UsedInterval = time.Hour
	// DefaultMaxBytes caps what is left after the age limit (go has no
	// cap): one build's entries of a large program are a few hundred MB,
	// so 5 GiB holds many programs' and several builds' while a day of
	// new builds cannot fill a disk.
	DefaultMaxBytes = 5 << 30
	// tempAge: atomicfile's temporary file older than this was left by a
	// killed writer (a write takes milliseconds).
	tempAge = time.Hour
	// stampName is the file recording the last trim, in the directory.
	stampName = "trim.txt"
)

// Options are a trim's limits; the zero value is the defaults.
type Options struct {
	MaxAge   time.Duration    // 0: DefaultMaxAge
	Interval time.Duration    // 0: DefaultInterval; < 0: trim whenever asked
	MaxBytes int64            // 0: DefaultMaxBytes; < 0: no cap
	Now      func() time.Time // nil: time.Now (tests pass a fake clock)
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Stats count entries and their bytes.
type Stats struct {
	Entries int
	Bytes   int64
}

// Report is what Trim did.
type Report struct {
	Ran     bool  // false: trimmed less than Interval ago, or no directory
	Before  Stats // the entries found
	Aged    Stats // removed as unused longer than MaxAge (temporary files too)
	Evicted Stats // removed, least recently used first, to fit MaxBytes
}

// After is what is left.
func (r Report) After() Stats {
	return Stats{r.Before.Entries - r.Aged.Entries - r.Evicted.Entries, r.Before.Bytes - r.Aged.Bytes - r.Evicted.Bytes}
}

// Used marks the entry at path as used at now: its modification time is
// set to now if it is more than UsedInterval older. Errors are ignored
// (an entry removed meanwhile is simply not there next time).
func Used(path string, now time.Time) {
	if info, err := os.Stat(path); err == nil && now.Sub(info.ModTime()) > UsedInterval {
		_ = os.Chtimes(path, now, now)
	}
}

// Trim trims dir if it was not trimmed in the last o.Interval (by
// trim.txt; a time in the future by more than an hour, a clock set back,
// does not count).
func Trim(dir string, o Options) Report {
	now := o.now()
	interval := o.Interval
	if interval == 0 {
		interval = DefaultInterval
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return Report{} // no cache yet: nothing to trim, and no trim.txt to write
	}
	stamp := filepath.Join(dir, stampName)
	if interval > 0 {
		if last, ok := lastTrim(stamp); ok {
			if d := now.Sub(last); d < interval && d > -UsedInterval {
				return Report{}
			}
		}
	}
	// Claimed before the walk: a run starting meanwhile sees it and goes
	// on (two trims at once are harmless, only wasted work).
	_ = atomicfile.Write(stamp, []byte(strconv.FormatInt(now.Unix(), 10)+"\n"), 0o700)
	return trim(dir, now, o)
}

// lastTrim reads the time trim.txt records.
func lastTrim(stamp string) (time.Time, bool) {
	data, err := os.ReadFile(stamp)
	if err != nil {
		return time.Time{}, false
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(sec, 0), true
}

type entry struct {
	path string
	size int64
	used time.Time
}

func trim(dir string, now time.Time, o Options) Report {
	maxAge := o.MaxAge
	if maxAge <= 0 {
		maxAge = DefaultMaxAge
	}
	maxBytes := o.MaxBytes
	if maxBytes == 0 {
		maxBytes = DefaultMaxBytes
	}
	r := Report{Ran: true}
	var kept []entry
	var keptBytes int64
	walk(dir, func(e entry, temp bool) {
		r.Before.Entries++
		r.Before.Bytes += e.size
		age := now.Sub(e.used)
		if temp && age > tempAge || !temp && age > maxAge {
			if os.Remove(e.path) == nil {
				r.Aged.Entries++
				r.Aged.Bytes += e.size
			}
			return
		}
		if !temp {
			kept = append(kept, e)
			keptBytes += e.size
		}
	})
	if maxBytes < 0 || keptBytes <= maxBytes {
		return r
	}
	// Least recently used first; the path breaks ties, so that the same
	// directory is trimmed the same way.
	sort.Slice(kept, func(i, j int) bool {
		if !kept[i].used.Equal(kept[j].used) {
			return kept[i].used.Before(kept[j].used)
		}
		return kept[i].path < kept[j].path
	})
	for _, e := range kept {
		if keptBytes <= maxBytes {
			break
		}
		if os.Remove(e.path) == nil {
			r.Evicted.Entries++
			r.Evicted.Bytes += e.size
			keptBytes -= e.size
		}
	}
	return r
}

// walk calls f for each cache file under dir (regular files with a name
// the caches write), temp telling atomicfile's temporary files. Symbolic
// links are not followed; unreadable parts are skipped.
func walk(dir string, f func(e entry, temp bool)) {
	_ = filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err != nil || !de.Type().IsRegular() {
			return nil
		}
		name := de.Name()
		temp := strings.HasPrefix(name, "tmp-")
		if !temp && !isKey(name) {
			return nil
		}
		info, err := de.Info()
		if err != nil {
			return nil
		}
		f(entry{path, info.Size(), info.ModTime()}, temp)
		return nil
	})
}

// isKey says whether name is an entry's: a hex key (SHA-256s: at least
// 32 digits), with or without .json or .gob.
func isKey(name string) bool {
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".json"), ".gob")
	if len(name) < 32 {
		return false
	}
	for _, c := range name {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Scan counts the entries under dir.
func Scan(dir string) Stats {
	var s Stats
	walk(dir, func(e entry, _ bool) {
		s.Entries++
		s.Bytes += e.size
	})
	return s
}

// Clean removes every entry under dir (and trim.txt), as go clean -cache
// does; what it could not remove is left and counted in the second Stats.
func Clean(dir string) (removed, left Stats) {
	walk(dir, func(e entry, _ bool) {
		if err := os.Remove(e.path); err != nil && !os.IsNotExist(err) {
			left.Entries++
			left.Bytes += e.size
			return
		}
		removed.Entries++
		removed.Bytes += e.size
	})
	_ = os.Remove(filepath.Join(dir, stampName))
	return removed, left
}

// ParseSize reads a size for MaxBytes: a number of bytes with an optional
// K, M, G or T suffix (binary: 1K = 1024; a trailing B or iB is allowed),
// or "off" (no cap, -1).
func ParseSize(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return -1, true
	}
	u := strings.ToUpper(s)
	u = strings.TrimSuffix(strings.TrimSuffix(u, "IB"), "B")
	shift := 0
	if n := len(u); n > 0 {
		switch u[n-1] {
		case 'K':
			shift = 10
		case 'M':
			shift = 20
		case 'G':
			shift = 30
		case 'T':
			shift = 40
		}
		if shift > 0 {
			u = u[:n-1]
		}
	}
	v, err := strconv.ParseInt(strings.TrimSpace(u), 10, 64)
	if err != nil || v <= 0 || v > (1<<62)>>shift {
		return 0, false
	}
	return v << shift, true
}
