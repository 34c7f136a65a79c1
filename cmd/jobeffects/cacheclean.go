package main

import (
	"fmt"
	"io"
	"os"

	"github.com/jobeffects/jobeffects/internal/cachetrim"
	"github.com/jobeffects/jobeffects/internal/filehash"
)

// Keeping the cache directory bounded (issue 31: at stop 65 it held 13 GB
// of entries from old builds and helped fill a disk). Every run — the
// command, and each process go vet starts — trims the directory at most
// once a day, as the go command trims its build cache
// (internal/cachetrim): the entries of every cache under it (runs, facts,
// catalog, schema, vetx) unused for five days go, those of other builds of
// jobeffects with them (their keys hash the executable: never hit again),
// then, above the size cap, the least recently used. A hit marks its entry
// used (at most one write an hour). Deciding whether to trim reads one
// small file (trim.txt); the trim itself walks the directory.
//
// `jobeffects cache` prints where the cache is and its size; `jobeffects
// cache trim` trims now, `jobeffects cache clean` removes every entry (go
// clean -cache, golangci-lint cache clean).

// cacheMaxSizeEnv caps the directory's size after the age limit: bytes
// with an optional K, M, G or T suffix, or "off"; cachetrim's default
// (5 GiB) when unset. It is not in the run cache's key.
const cacheMaxSizeEnv = "JOBEFFECTS_CACHE_MAXSIZE"

// trimOptions are the limits of this process's trims; an invalid cap is
// the default (`jobeffects cache` says so: a run never fails on it).
func trimOptions() (cachetrim.Options, error) {
	var o cachetrim.Options
	if v := os.Getenv(cacheMaxSizeEnv); v != "" {
		n, ok := cachetrim.ParseSize(v)
		if !ok {
			return o, fmt.Errorf("%s=%q is not a size (bytes, with K, M, G or T, or off): %s used", cacheMaxSizeEnv, v, sizeText(cachetrim.DefaultMaxBytes))
		}
		o.MaxBytes = n
	}
	return o, nil
}

// cacheDirs are the directories to trim: the cache directory and the
// standard vet units' when JOBEFFECTS_VETX_CACHE_DIR puts them elsewhere.
func cacheDirs() []string {
	dir := cacheDir()
	if dir == "" {
		return nil
	}
	dirs := []string{dir}
	if v := vetxCacheDir(); v != "" && !filehash.Under(v, dir) {
		dirs = append(dirs, v)
	}
	return dirs
}

// trimDaily trims the cache directories if a day has passed since their
// last trim. Never fails.
func trimDaily() {
	o, _ := trimOptions()
	for _, d := range cacheDirs() {
		cachetrim.Trim(d, o)
	}
}

const cacheUsage = `usage: jobeffects cache [status|trim|clean]

  status  where the cache is, how many entries and bytes it holds (the default)
  trim    trim it now: remove entries unused for 5 days, then the least
          recently used above the size cap (JOBEFFECTS_CACHE_MAXSIZE, 5G by
          default; "off" for none). Every run does this once a day.
  clean   remove every entry (as go clean -cache does)
`

// runCacheCmd is `jobeffects cache`.
func runCacheCmd(args []string, stdout, stderr io.Writer) int {
	verb := "status"
	if len(args) > 0 {
		verb = args[0]
	}
	if len(args) > 1 || verb != "status" && verb != "trim" && verb != "clean" {
		if verb == "-h" || verb == "-help" || verb == "--help" || verb == "help" {
			fmt.Fprint(stdout, cacheUsage)
			return exitClean
		}
		fmt.Fprint(stderr, cacheUsage)
		return exitError
	}
	dirs := cacheDirs()
	if len(dirs) == 0 {
		fmt.Fprintln(stdout, "jobeffects: the cache is off (JOBEFFECTS_CACHE=off, or no user cache directory)")
		return exitClean
	}
	o, err := trimOptions()
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: warning: %v\n", err)
	}
	for _, d := range dirs {
		switch verb {
		case "status":
			s := cachetrim.Scan(d)
			fmt.Fprintf(stdout, "%s: %d entries, %s\n", d, s.Entries, sizeText(s.Bytes))
		case "trim":
			o.Interval = -1
			r := cachetrim.Trim(d, o)
			fmt.Fprintf(stdout, "%s: %d entries, %s before; removed %d unused for 5 days (%s) and %d above the cap (%s); %d entries, %s left\n",
				d, r.Before.Entries, sizeText(r.Before.Bytes), r.Aged.Entries, sizeText(r.Aged.Bytes),
				r.Evicted.Entries, sizeText(r.Evicted.Bytes), r.After().Entries, sizeText(r.After().Bytes))
		case "clean":
			removed, left := cachetrim.Clean(d)
			fmt.Fprintf(stdout, "%s: removed %d entries, %s\n", d, removed.Entries, sizeText(removed.Bytes))
			if left.Entries > 0 {
				fmt.Fprintf(stderr, "jobeffects: %s: %d entries (%s) could not be removed\n", d, left.Entries, sizeText(left.Bytes))
				return exitError
			}
		}
	}
	return exitClean
}

// sizeText prints n bytes as go's tools do (binary units, one decimal).
func sizeText(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
