package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/build"
	"hash"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/internal/atomicfile"
	"github.com/jobeffects/jobeffects/internal/cachetrim"
	"github.com/jobeffects/jobeffects/internal/filehash"
)

// The standard library's vet units, kept across version lines. go vet
// keys a package's result with the tool's version line, which hashes the
// module's config, baseline and migrations (vetversion.go): a module with
// its own config, or an edit of it, makes go vet run the tool again on
// every package the module imports — the two hundred or so standard
// packages among them, each a process that parses and type-checks the
// package to export its types for its importers. Yet the analysis never
// reads the settings for a standard package (analyzer.runPass returns
// before loading them: the standard library is modelled, not analysed),
// so what such a unit writes — its vetx file (types and facts) — is a
// function of the tool's build, its flags, the package's files and its
// imports' vetx files, whatever the config. Those are the key here; a
// unit seen before under any version line copies its vetx file from the
// entry instead of type-checking again. Every other package (the module
// cache's included: the config's models may name their functions) is
// left to go vet's own cache, keyed by the full version line.
//
// Only facts-only units (VetxOnly: a dependency of what is vetted) are
// kept: they print nothing. On a miss the unit runs in a child process
// (unitchecker exits when done) and its vetx file is stored if it
// succeeded and printed nothing. Entries live in the run cache's
// directory under vetx/ (JOBEFFECTS_VETX_CACHE_DIR overrides it;
// JOBEFFECTS_CACHE=off turns both off), where the daily trim
// (cacheclean.go) removes those unused for five days (a hit marks its
// entry used).

// stdVetxChild marks the child process that runs a missed unit.
const stdVetxChild = "JOBEFFECTS_STD_VETX_CHILD"

// vetUnit is what stdVetx reads of go vet's unit config
// (unitchecker.Config).
type vetUnit struct {
	ImportPath   string
	GoVersion    string
	GoFiles      []string
	NonGoFiles   []string
	IgnoredFiles []string
	ImportMap    map[string]string
	PackageVetx  map[string]string
	VetxOnly     bool
	VetxOutput   string
	Stdout       string
	FixArchive   string
}

// stdVetx serves the unit config cfgFile from the cache if it is a
// standard package's facts-only unit; ok is false when it is not one (or
// the cache is off), and the caller runs it as usual.
func stdVetx(args []string, cfgFile string) (code int, ok bool) {
	if os.Getenv(stdVetxChild) != "" {
		return 0, false
	}
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return 0, false
	}
	var u vetUnit
	if json.Unmarshal(data, &u) != nil || !u.VetxOnly || u.VetxOutput == "" || u.FixArchive != "" || !models.IsStandard(u.ImportPath) {
		return 0, false
	}
	dir := vetxCacheDir()
	if dir == "" {
		return 0, false
	}
	key, err := stdVetxKey(args[:len(args)-1], &u)
	if err != nil {
		return 0, false
	}
	path := filepath.Join(dir, key[:2], key)
	if vetx, err := os.ReadFile(path); err == nil && writeUnitOutputs(&u, vetx) == nil {
		cachetrim.Used(path, timeNow()) // kept by the daily trim (cacheclean.go)
		return 0, true
	}
	// A miss: the unit, in a child (unitchecker.Main exits when done).
	exe, err := os.Executable()
	if err != nil {
		return 0, false
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), stdVetxChild+"=1")
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, &stderr
	err = cmd.Run()
	os.Stderr.Write(stderr.Bytes())
	if err != nil {
		if ee, isExit := err.(*exec.ExitError); isExit && ee.ExitCode() >= 0 {
			return ee.ExitCode(), true
		}
		return 1, true
	}
	if stderr.Len() == 0 && emptyFile(u.Stdout) {
		if vetx, err := os.ReadFile(u.VetxOutput); err == nil {
			_ = atomicfile.Write(path, vetx, 0o700)
		}
	}
	return 0, true
}

// stdVetxKey hashes what a standard unit's vetx file is a function of:
// this build of the tool, the flags that can change it (vetxFlags), the
// platform, the package's files and language version, and its imports'
// vetx files by content.
func stdVetxKey(flags []string, u *vetUnit) (string, error) {
	h := sha256.New()
	id, err := exeIdentity()
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "jobeffects std vetx v2\nexe %s\nflags %q\n%s/%s %s\npkg %s %s\n",
		id, vetxFlags(flags), build.Default.GOOS, build.Default.GOARCH, runtime.Version(), u.ImportPath, u.GoVersion)
	for _, f := range u.GoFiles {
		if err := filehash.File(h, f); err != nil {
			return "", err
		}
	}
	fmt.Fprintf(h, "\nnongo %q\nignored %q\n", u.NonGoFiles, u.IgnoredFiles)
	for _, k := range sortedKeys(u.ImportMap) {
		fmt.Fprintf(h, "import %q %q\n", k, u.ImportMap[k])
	}
	for _, k := range sortedKeys(u.PackageVetx) {
		fmt.Fprintf(h, "vetx %q ", k)
		if err := hashFile(h, u.PackageVetx[k]); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// printFlags are unitchecker's flags that only say how diagnostics are
// printed or fixes applied (analysisflags' JSON, Context, Fix and Diff,
// read by processResults alone), which a facts-only unit never calls: it
// writes its vetx file and exits (unitchecker.Main). The value: whether
// the flag takes one.
var printFlags = map[string]bool{"json": false, "c": true, "fix": false, "diff": false}

// vetxFlags are the flags of a unit's command line that can change the
// vetx file it writes, as given. Left out: printFlags, and the analyzer's
// ReportOnly settings (-jobeffects.rules, -jobeffects.baseline), which
// decide which findings are reported, never what is exported (and for a
// standard package the pass returns before reading any option). A go vet
// -json, or one with another -jobeffects.rules or -jobeffects.baseline,
// then finds the standard units the plain one kept, where each such run
// type-checked the two hundred or so of them again. Every other flag, one
// not known here included, stays in the key: -jobeffects.strict,
// -jobeffects.config and -jobeffects.unresolved change what a package's
// pass exports (summaries, models, the handler facts' decided rules).
func vetxFlags(flags []string) []string {
	var out []string
	for i := 0; i < len(flags); i++ {
		a := flags[i]
		name, _, inline := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name == "" {
			out = append(out, a)
			continue
		}
		valued, drop := printFlags[name] // drop: a print flag
		if s := vetSetting(name); s != nil {
			valued, drop = !s.IsBool(), s.ReportOnly
		}
		next := valued && !inline && i+1 < len(flags) // the value is the next argument
		if !drop {
			out = append(out, a)
			if next {
				out = append(out, flags[i+1])
			}
		}
		if next {
			i++
		}
	}
	return out
}

// vetSetting is the analyzer's setting go vet passes as -jobeffects.NAME.
func vetSetting(flag string) *analyzer.Setting {
	name, ok := strings.CutPrefix(flag, "jobeffects.")
	if !ok {
		return nil
	}
	return analyzer.VetSetting(name)
}

// hashFile adds the SHA-256 of a file's contents.
func hashFile(h hash.Hash, path string) error {
	fh := sha256.New()
	if err := filehash.Content(fh, path); err != nil {
		return err
	}
	fmt.Fprintf(h, "%x\n", fh.Sum(nil))
	return nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// writeUnitOutputs writes what the unit would have: its vetx file and an
// empty stdout file (a facts-only unit prints nothing).
func writeUnitOutputs(u *vetUnit, vetx []byte) error {
	if err := os.WriteFile(u.VetxOutput, vetx, 0o644); err != nil {
		return err
	}
	if u.Stdout != "" {
		return os.WriteFile(u.Stdout, nil, 0o644)
	}
	return nil
}

func emptyFile(path string) bool {
	if path == "" {
		return true
	}
	fi, err := os.Stat(path)
	return err != nil || fi.Size() == 0
}

// vetxCacheDir is where standard units are kept, or "" for none.
func vetxCacheDir() string {
	runs := cacheDir()
	if runs == "" {
		return "" // JOBEFFECTS_CACHE=off, or no cache directory
	}
	if d := os.Getenv("JOBEFFECTS_VETX_CACHE_DIR"); d != "" {
		return d
	}
	return filepath.Join(runs, "vetx")
}
