package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/internal/atomicfile"
	"github.com/jobeffects/jobeffects/internal/cachetrim"
	"github.com/jobeffects/jobeffects/internal/filehash"
)

// The run cache: an analysis is a function of its inputs (the packages'
// files, the module versions, the config, baseline and migrations, the
// flags that change what is analysed, the environment and this binary),
// and it is the same for the same inputs. So an analysis whose inputs hash
// to a key seen before is replayed (analysiscache.go: the results, which
// every output format renders), without loading anything — a no-change
// rerun in CI takes as long as `go list`, and a second format of the same
// run is a replay.
//
// The key hashes, besides the analysis's arguments and the
// GO*/CGO_*/JOBEFFECTS_* environment: `go env` (the toolchain), this
// executable (its Go build ID, else its bytes: exeid.go) and every
// package of the build (`go list -deps -test`) — files outside the module cache and GOROOT by content, the
// others by module path and version —, the go.mod of every module outside
// the module cache (its go line is the language version the files are
// type-checked with) and the errors go list reports for each package (a
// module the proxy refuses, a replace to a missing directory: a package
// without files, whose error is all there is to hash). What the analysis
// read besides code — the config, the baseline, the migrations, wherever
// they are and whatever their names — is what package settings resolved
// during the run: the entry keeps those resolutions with the digest of
// what each read (or that it could not be read), and a replay resolves
// them again first. A file edited, added to a glob or removed is a miss:
// the analysis is done again.
//
// Every analysis is kept, those with errors too: a package that does not
// parse or type-check, a package go list cannot load, a config that is
// not valid, a package whose analysis failed — each comes from inputs the
// key or the entry's settings cover, so the same inputs print the same
// errors, the same incomplete packages, and exit 2 again; exit 1
// (findings) and 0 are decided from the replayed results. Not kept: a run
// that made no analysis (go list could not run, no package matched, -safe
// refused the module: fn's status is not 0; they fail before loading
// anything, so there is nothing to save), and a run whose go list errors
// or printed errors say the network or the machine failed rather than the
// inputs (a connection refused, a timeout, a proxy's 5xx, too many open
// files: transient) — the next run may not fail, and must find out. A run
// killed (an interrupt, the kernel's OOM killer) writes no entry; what a
// run writes after the analysis (-o, -format FORMAT=FILE, stdout) is not
// in the entry, and is written again by every replay.
//
// An entry is sealed with the SHA-256 of its key and content: one edited
// (a shared JOBEFFECTS_CACHE_DIR, a CI cache restored from another job)
// is a miss, not a result. An entry holds results, never a path: what a
// run writes (-o, -format FORMAT=FILE) is the current command line's.
// -cpuprofile and -memprofile runs, and JOBEFFECTS_CACHE=off, are never
// cached; -debug=phases says when a run was replayed, and why a run is
// not cached. Entries (mode 0600) live under the user cache dir
// (JOBEFFECTS_CACHE_DIR overrides it); a hit marks its entry used, and
// the directory is trimmed once a day (cachetrim.go: entries unused for
// five days go, then the least recently used above a size cap).

// cacheEntry is what an analysis left: its output streams (stdout: the
// encoded results, stderr: the errors and warnings it printed), fn's
// status (0: an analysis was made, whatever the run's exit code), and the
// settings it read.
type cacheEntry struct {
	Stdout, Stderr []byte
	Code           int
	Settings       []settings.Record `json:",omitempty"`
}

// sealedEntry is an entry as stored: Sum is the SHA-256 of the key and
// the entry's bytes.
type sealedEntry struct {
	Sum   string
	Entry json.RawMessage
}

// cached runs fn, or replays the run with the same inputs. fn returns
// its status (exitClean when it made something to keep, whatever it
// printed) and the settings resolutions it made (what it read besides
// code, settings.Session.Resolved).
func cached(args []string, stdout, stderr io.Writer, fn func(stdout, stderr io.Writer) (int, []settings.Record)) int {
	return cachedFresh(args, false, nil, stdout, stderr, func(stdout, stderr io.Writer) (int, []settings.Record, *cacheEntry) {
		code, read := fn(stdout, stderr)
		return code, read, nil
	})
}

// cachedFresh is cached; fresh: never replayed, only kept (a run that must
// do the work for more than its output: perpackage.go). twin, when not
// nil, are the arguments of another run whose analysis fn may make on the
// way (a -whole=false run's, perpackage.go): the entry fn returns for it
// (nil: none) is kept under twin's key, computed with this run's from the
// same listing of the inputs — the key a run of twin computes. twin must
// differ from args only in flags that change neither the packages listed
// nor how (packagePatterns, -tags, -safe).
func cachedFresh(args []string, fresh bool, twin []string, stdout, stderr io.Writer, fn func(stdout, stderr io.Writer) (int, []settings.Record, *cacheEntry)) int {
	dir := cacheDir()
	if dir == "" || !cacheable(args) {
		code, _, _ := fn(stdout, stderr)
		return code
	}
	start := time.Now()
	debug := flagValue(args, "debug") == "phases" || flagValue(args, "debug") == "mem"
	keyArgs := [][]string{args}
	if twin != nil && cacheable(twin) && sameListing(args, twin) {
		keyArgs = append(keyArgs, twin)
	}
	keys, modcache, err := runKeys(keyArgs...)
	if err != nil {
		// Inputs that cannot be listed, or a network failure listing
		// them: no cache, the run says what is wrong.
		if debug {
			fmt.Fprintf(stderr, "jobeffects: run not cached: %s\n", firstLine(err.Error()))
		}
		code, _, _ := fn(stdout, stderr)
		return code
	}
	key := keys[0]
	path := entryPath(dir, key)
	if e, ok := readEntry(path, key); ok && !fresh && replay(e, stdout, stderr) == nil {
		if debug {
			fmt.Fprintf(stderr, "jobeffects: cache hit %s: replayed in %.2fs\n", key[:12], time.Since(start).Seconds())
		}
		return e.Code
	}
	var out, errOut bytes.Buffer
	code, read, twinEntry := fn(io.MultiWriter(stdout, &out), io.MultiWriter(stderr, &errOut))
	if code != exitClean {
		return code // nothing to keep
	}
	if msg := transient(errOut.String()); msg != "" {
		// The network or the machine failed during the run (perhaps
		// after the key's go list succeeded): not a function of the key.
		if debug {
			fmt.Fprintf(stderr, "jobeffects: run not cached: a transient error: %s\n", msg)
		}
		return code
	}
	e := cacheEntry{Stdout: out.Bytes(), Stderr: errOut.Bytes(), Code: code, Settings: mutableRecords(read, modcache)}
	if writeEntry(path, key, e) != nil {
		return code
	}
	if len(keys) == 2 && twinEntry != nil && twinEntry.Code == exitClean {
		// The twin's analysis read what this one read: the same records.
		t := *twinEntry
		t.Settings = e.Settings
		_ = writeEntry(entryPath(dir, keys[1]), keys[1], t)
	}
	return code
}

// entryPath is where the entry of key lives under dir.
func entryPath(dir, key string) string { return filepath.Join(dir, key[:2], key+".json") }

// sameListing says whether runs of a and b list the same packages the same
// way for their keys (runKeys lists once for both).
func sameListing(a, b []string) bool {
	return slices.Equal(packagePatterns(a), packagePatterns(b)) && flagValue(a, "tags") == flagValue(b, "tags") && safeRun(a) == safeRun(b)
}

// safeRun says whether args ask for -safe (the key's go commands then run
// as the analysis does).
func safeRun(args []string) bool {
	for _, a := range args {
		if a == "-safe" || a == "--safe" || a == "-safe=true" || a == "--safe=true" {
			return true
		}
	}
	return false
}

// seal is the checksum of an entry stored under key.
func seal(key string, entry []byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "jobeffects run cache entry\n%s\n", key)
	h.Write(entry)
	return hex.EncodeToString(h.Sum(nil))
}

func writeEntry(path, key string, e cacheEntry) error {
	entry, err := json.Marshal(e)
	if err != nil {
		return err
	}
	data, err := json.Marshal(sealedEntry{Sum: seal(key, entry), Entry: entry})
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, 0o700)
}

// readEntry returns the entry under key if it is intact, is a complete
// analysis, and the settings it read are unchanged.
func readEntry(path, key string) (cacheEntry, bool) {
	var e cacheEntry
	data, err := os.ReadFile(path)
	if err != nil {
		return e, false
	}
	var s sealedEntry
	if json.Unmarshal(data, &s) != nil || s.Sum != seal(key, s.Entry) || json.Unmarshal(s.Entry, &e) != nil {
		return e, false
	}
	if !plausible(e) || !settings.Verify(e.Settings) {
		return e, false
	}
	// Used: the daily trim keeps it (at most one write an hour).
	cachetrim.Used(path, time.Now())
	return e, true
}

// plausible checks the entry's status: only runs that made an analysis
// (status 0, whatever exit code the run then had) are kept.
func plausible(e cacheEntry) bool { return e.Code == exitClean }

// replay prints what the analysis printed: its encoded results on stdout
// (for analyseCached to decode) and its warnings on stderr.
func replay(e cacheEntry, stdout, stderr io.Writer) error {
	if _, err := stdout.Write(e.Stdout); err != nil {
		return err
	}
	_, err := stderr.Write(e.Stderr)
	return err
}

// mutableRecords leaves out the resolutions of modules in the module
// cache made without -config or -baseline: every file they read is
// addressed by the module's version, already in the key.
func mutableRecords(recs []settings.Record, modcache string) []settings.Record {
	var out []settings.Record
	for _, r := range recs {
		q := r.Request
		if modcache != "" && q.Config == "" && q.Baseline == "" && filehash.Under(q.Dir, modcache) && filehash.Under(q.Root, modcache) && allUnder(r.Inputs, modcache) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func allUnder(in []settings.Input, dir string) bool {
	for _, x := range in {
		if !filehash.Under(x.Path, dir) {
			return false
		}
	}
	return true
}

func cacheDir() string {
	if v := os.Getenv("JOBEFFECTS_CACHE"); v == "off" || v == "0" {
		return ""
	}
	if d := os.Getenv("JOBEFFECTS_CACHE_DIR"); d != "" {
		return d
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "jobeffects", "runs")
}

// cacheable: runs that do more than print (profiles) are never replayed.
func cacheable(args []string) bool {
	for _, f := range []string{"cpuprofile", "memprofile", "explain"} {
		if flagValue(args, f) != "" {
			return false
		}
	}
	if flagValue(args, "debug") == "mem" {
		return false // the heap of a real run
	}
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			return false
		}
	}
	return true
}

// flagValue is the value of -name (or --name) in args, "" when absent.
func flagValue(args []string, name string) string {
	for i, a := range args {
		t := strings.TrimLeft(a, "-")
		if t == a {
			continue
		}
		if t == name && i+1 < len(args) {
			return args[i+1]
		}
		if v, ok := strings.CutPrefix(t, name+"="); ok {
			return v
		}
	}
	return ""
}

// listed is the part of `go list -json` the key reads.
type listed struct {
	ImportPath                                               string
	Dir                                                      string
	Standard                                                 bool
	GoFiles, CgoFiles, TestGoFiles, XTestGoFiles, EmbedFiles []string
	CFiles, HFiles                                           []string
	Module                                                   *struct {
		Path, Version, Dir, GoMod string
		Main                      bool
		Replace                   *struct{ Path, Version, Dir string }
	}
	// The package's error and its dependencies' (a module the proxy
	// refused, a missing replacement directory, a file that does not
	// parse): inputs like its files.
	Error      *listError
	DepsErrors []*listError
}

type listError struct{ Pos, Err string }

// runKeys are the keys of runs of each of argsList, which list the same
// packages (sameListing): the inputs are listed and hashed once, with the
// first's -tags and -safe, and each key hashes its arguments with them.
func runKeys(argsList ...[]string) (keys []string, modcache string, err error) {
	wd, _ := os.Getwd()
	inputs, modcache, err := inputsDigest(argsList[0])
	if err != nil {
		return nil, "", err
	}
	for _, args := range argsList {
		h := sha256.New()
		fmt.Fprintf(h, "jobeffects run cache v2\n")
		fmt.Fprintf(h, "wd %s\nargs %q\ninputs %s\n", wd, args, inputs)
		keys = append(keys, hex.EncodeToString(h.Sum(nil)))
	}
	return keys, modcache, nil
}

// inputsDigest hashes what a run of args reads besides its arguments and
// working directory: the environment, the toolchain, this executable and
// the packages of the build.
func inputsDigest(args []string) (digest, modcache string, err error) {
	h := sha256.New()
	var env []string
	for _, kv := range os.Environ() {
		// JOBEFFECTS_DEBUG_PERPACKAGE names a file the run also writes
		// the per-package answer to (perpackage.go): an output, like -o,
		// not an input. Left in the key, the whole answer such a run
		// keeps (its temporary file's name in the key) was never replayed.
		if strings.HasPrefix(kv, perPackageEnv+"=") {
			continue
		}
		// The cache's size cap decides what is kept, not what a run
		// concludes (cachetrim.go).
		if strings.HasPrefix(kv, cacheMaxSizeEnv+"=") {
			continue
		}
		if strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "CGO_") || strings.HasPrefix(kv, "JOBEFFECTS_") {
			env = append(env, kv)
		}
	}
	sort.Strings(env)
	fmt.Fprintf(h, "env %q\n", env)
	// The soft memory limit (a container's) is printed by -summary.
	fmt.Fprintf(h, "memlimit %d\n", debug.SetMemoryLimit(-1))
	// Under -safe the key's go commands run as the analysis does: no
	// toolchain download, no cgo, go.mod read-only.
	var cmdEnv []string
	if safeRun(args) {
		cmdEnv = append(os.Environ(), "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly")
	}
	goenvCmd := exec.Command("go", "env", "GOVERSION", "GOROOT", "GOMODCACHE", "GOOS", "GOARCH", "CGO_ENABLED", "GOFLAGS", "GOEXPERIMENT", "GOWORK", "GOCACHE")
	goenvCmd.Env = cmdEnv
	goenv, err := goenvCmd.Output()
	if err != nil {
		return "", "", err
	}
	fmt.Fprintf(h, "goenv %s\n", goenv)
	lines := strings.Split(string(goenv), "\n")
	goroot, gocache := lines[1], lines[9]
	modcache = lines[2]
	// This build: its Go build ID (the linked content's hash, read from
	// the ELF note in microseconds), not a hash of the 36 MB file — a
	// sixth of a replay's CPU (exeid.go; a binary without one is hashed).
	id, err := exeIdentity()
	if err != nil {
		return "", "", err
	}
	fmt.Fprintf(h, "exe %s\n", id)

	// The packages of the build, tests included (a superset when -test=false).
	patterns := packagePatterns(args)
	list := []string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,Standard,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,EmbedFiles,CFiles,HFiles,Module,Error,DepsErrors"}
	if tags := flagValue(args, "tags"); tags != "" {
		list = append(list, "-tags="+tags)
	}
	cmd := exec.Command("go", append(append(list, "--"), patterns...)...)
	cmd.Env = cmdEnv
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("go list: %v: %s", err, stderr.Bytes())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	gomods := map[string]bool{}
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", "", err
		}
		fmt.Fprintf(h, "pkg %s %s\n", p.ImportPath, p.Dir)
		// Sorted: go list gives DepsErrors in the order its loads finished.
		var errs []string
		for _, e := range append([]*listError{p.Error}, p.DepsErrors...) {
			if e == nil {
				continue
			}
			if msg := transient(e.Err); msg != "" {
				return "", "", fmt.Errorf("go list: %s: %s", p.ImportPath, msg)
			}
			errs = append(errs, fmt.Sprintf("error %q %q\n", e.Pos, e.Err))
		}
		sort.Strings(errs)
		for _, e := range errs {
			io.WriteString(h, e)
		}
		if m := p.Module; m != nil && m.GoMod != "" && !gomods[m.GoMod] && !filehash.Under(m.GoMod, modcache) {
			// A local module's go.mod: its go line is the language
			// version its files are type-checked with.
			gomods[m.GoMod] = true
			if err := filehash.File(h, m.GoMod); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return "", "", err
			}
		}
		if p.Standard || filehash.Under(p.Dir, goroot) {
			continue // the toolchain's, in goenv
		}
		if m := p.Module; m != nil {
			if filehash.Under(p.Dir, modcache) {
				// The module cache is read-only and addressed by version.
				fmt.Fprintf(h, "module %s %s\n", m.Path, m.Version)
				if m.Replace != nil {
					fmt.Fprintf(h, "replace %s %s\n", m.Replace.Path, m.Replace.Version)
				}
				continue
			}
		}
		for _, group := range [][]string{p.GoFiles, p.CgoFiles, p.TestGoFiles, p.XTestGoFiles, p.EmbedFiles, p.CFiles, p.HFiles} {
			for _, f := range group {
				if !filepath.IsAbs(f) {
					f = filepath.Join(p.Dir, f)
				}
				if filehash.Under(f, gocache) {
					continue // generated (a test main) from the files hashed here
				}
				if err := filehash.File(h, f); err != nil {
					return "", "", err
				}
			}
		}
	}

	// The config, baseline and migrations are not in the key: the entry
	// keeps what the run resolved and a replay checks it (readEntry).
	return hex.EncodeToString(h.Sum(nil)), modcache, nil
}

// transientMarks are what the go command and the OS say when the network
// or the machine fails, not the inputs: a run that printed one is not a
// function of its key. A proxy's 404 or 410 (a module it refuses), a
// missing go.sum entry or replacement directory are the inputs' answers,
// and kept.
var transientMarks = []string{
	"dial tcp", "dial udp", "i/o timeout", "connection refused", "connection reset",
	"no such host", "network is unreachable", "temporary failure in name resolution",
	"TLS handshake timeout", "timeout awaiting response headers", "context deadline exceeded",
	"unexpected EOF", "500 Internal Server Error", "502 Bad Gateway", "503 Service Unavailable",
	"504 Gateway Timeout", "429 Too Many Requests", "too many open files",
	"cannot allocate memory", "no space left on device", "input/output error",
	"resource temporarily unavailable", "signal: killed",
}

// transient returns the first line of text that says the network or the
// machine failed, "" when none does.
func transient(text string) string {
	for _, line := range strings.Split(text, "\n") {
		for _, m := range transientMarks {
			if strings.Contains(line, m) {
				return strings.TrimSpace(line)
			}
		}
	}
	return ""
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// packagePatterns are the package arguments: everything that is not a flag
// or a flag's value (analysisArgs: the words after "analysis" and the
// flags).
func packagePatterns(args []string) []string {
	if len(args) > 0 && (args[0] == "inventory" || args[0] == "analysis") {
		args = args[1:]
	}
	valued := map[string]bool{"tags": true, "config": true, "baseline": true, "rules": true, "debug": true, "o": true, "format": true, "fail-on": true, "min-confidence": true}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			out = append(out, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		if !strings.Contains(name, "=") && valued[name] {
			i++
		}
	}
	return out
}
