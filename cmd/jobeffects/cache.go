package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"time"
)

// The run cache: the command's output is a function of its inputs (the
// packages' files, the module versions, the config, baseline and
// migrations, the flags, the environment and this binary), and it is
// byte-identical for the same inputs. So a run whose inputs hash to a key
// seen before replays what that run printed, wrote and returned, without
// loading anything — a no-change rerun in CI takes as long as `go list`.
//
// The key hashes, besides the arguments and the GO*/CGO_*/JOBEFFECTS_*
// environment: `go env` (the toolchain), this executable's bytes, every
// package of the build (`go list -deps -test`) — files outside the module
// cache and GOROOT by content, the others by module path and version —
// and the main modules' .sql and YAML files (migrations, config,
// baselines) and the -config and -baseline files by content. A change to
// any of them is a new key: the run is done again. Only complete runs are
// kept (exit 0 or 1); -cpuprofile and -memprofile runs, and JOBEFFECTS_CACHE=off,
// are never cached. Entries live under the user cache dir
// (JOBEFFECTS_CACHE_DIR overrides it) and are removed after a week.

// cacheEntry is what a run left: its output streams, the file it wrote
// (inventory -o) and its exit status.
type cacheEntry struct {
	Stdout, Stderr []byte
	Code           int
	File           string `json:",omitempty"` // -o path as given
	FileData       []byte `json:",omitempty"`
}

const cacheMaxAge = 7 * 24 * time.Hour

// cached runs fn, or replays the run with the same inputs.
func cached(args []string, stdout, stderr io.Writer, fn func(stdout, stderr io.Writer) int) int {
	dir := cacheDir()
	if dir == "" || !cacheable(args) {
		return fn(stdout, stderr)
	}
	start := time.Now()
	key, err := runKey(args)
	if err != nil {
		// Inputs that cannot be listed: no cache, the run says what is wrong.
		return fn(stdout, stderr)
	}
	path := filepath.Join(dir, key[:2], key+".json")
	if data, err := os.ReadFile(path); err == nil {
		var e cacheEntry
		if json.Unmarshal(data, &e) == nil && replay(e, stdout, stderr) == nil {
			if flagValue(args, "debug") == "phases" {
				fmt.Fprintf(stderr, "jobeffects: cache hit %s: replayed in %.2fs\n", key[:12], time.Since(start).Seconds())
			}
			return e.Code
		}
	}
	var out, errOut bytes.Buffer
	code := fn(io.MultiWriter(stdout, &out), io.MultiWriter(stderr, &errOut))
	if code != exitClean && code != exitFindings {
		return code
	}
	e := cacheEntry{Stdout: out.Bytes(), Stderr: errOut.Bytes(), Code: code}
	if o := flagValue(args, "o"); o != "" && len(args) > 0 && args[0] == "inventory" {
		data, err := os.ReadFile(o)
		if err != nil {
			return code
		}
		e.File, e.FileData = o, data
	}
	if data, err := json.Marshal(e); err == nil {
		if os.MkdirAll(filepath.Dir(path), 0o755) == nil && writeFile(path, data) == nil {
			trimCache(dir)
		}
	}
	return code
}

func replay(e cacheEntry, stdout, stderr io.Writer) error {
	if e.File != "" {
		if err := writeFile(e.File, e.FileData); err != nil {
			return err
		}
	}
	if _, err := stdout.Write(e.Stdout); err != nil {
		return err
	}
	_, err := stderr.Write(e.Stderr)
	return err
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
		Path, Version, Dir string
		Main               bool
		Replace            *struct{ Path, Version, Dir string }
	}
}

func runKey(args []string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "jobeffects run cache v1\n")
	wd, _ := os.Getwd()
	fmt.Fprintf(h, "wd %s\nargs %q\n", wd, args)
	var env []string
	for _, kv := range os.Environ() {
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
	for _, a := range args {
		if a == "-safe" || a == "--safe" || a == "-safe=true" || a == "--safe=true" {
			cmdEnv = append(os.Environ(), "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GOFLAGS=-mod=readonly")
		}
	}
	goenvCmd := exec.Command("go", "env", "GOVERSION", "GOROOT", "GOMODCACHE", "GOOS", "GOARCH", "CGO_ENABLED", "GOFLAGS", "GOEXPERIMENT", "GOWORK", "GOCACHE")
	goenvCmd.Env = cmdEnv
	goenv, err := goenvCmd.Output()
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "goenv %s\n", goenv)
	lines := strings.Split(string(goenv), "\n")
	goroot, modcache, gocache := lines[1], lines[2], lines[9]
	if exe, err := os.Executable(); err == nil {
		if err := hashFile(h, exe); err != nil {
			return "", err
		}
	} else {
		return "", err
	}

	// The packages of the build, tests included (a superset when -test=false).
	patterns := packagePatterns(args)
	list := []string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,Standard,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,EmbedFiles,CFiles,HFiles,Module"}
	if tags := flagValue(args, "tags"); tags != "" {
		list = append(list, "-tags="+tags)
	}
	cmd := exec.Command("go", append(append(list, "--"), patterns...)...)
	cmd.Env = cmdEnv
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list: %v: %s", err, stderr.Bytes())
	}
	mainDirs := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "pkg %s %s\n", p.ImportPath, p.Dir)
		if p.Standard || under(p.Dir, goroot) {
			continue // the toolchain's, in goenv
		}
		if m := p.Module; m != nil {
			if m.Main {
				mainDirs[m.Dir] = true
			}
			if under(p.Dir, modcache) {
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
				if under(f, gocache) {
					continue // generated (a test main) from the files hashed here
				}
				if err := hashFile(h, f); err != nil {
					return "", err
				}
			}
		}
	}

	// Migrations, configs and baselines of the main modules, and the files
	// the flags name; the inventory being written is an output, not an input.
	skip := ""
	if o := flagValue(args, "o"); o != "" && o != flagValue(args, "baseline") {
		skip, _ = filepath.Abs(o)
	}
	for _, f := range []string{flagValue(args, "config"), flagValue(args, "baseline")} {
		if f != "" {
			if err := hashFile(h, f); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return "", err
			}
		}
	}
	dirs := make([]string, 0, len(mainDirs))
	for d := range mainDirs {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		if err := hashModuleInputs(h, d, skip, false); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashModuleInputs hashes a main module's .sql and YAML files under dir
// (migrations, config, baselines), leaving out skip (the inventory being
// written) and .git and node_modules; with strict an unreadable
// directory is an error, else it is passed over.
func hashModuleInputs(h hash.Hash, dir, skip string, strict bool) error {
	return filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err != nil {
			if strict {
				return err
			}
			return nil
		}
		if de.IsDir() {
			if n := de.Name(); path != dir && (n == ".git" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".sql", ".yaml", ".yml":
			if path == skip {
				return nil
			}
			return hashFile(h, path)
		}
		return nil
	})
}

// packagePatterns are the package arguments: everything that is not a flag
// or a flag's value.
func packagePatterns(args []string) []string {
	if len(args) > 0 && args[0] == "inventory" {
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

func under(path, dir string) bool {
	return dir != "" && (path == dir || strings.HasPrefix(path, dir+string(filepath.Separator)))
}

// trimCache removes entries older than a week.
func trimCache(dir string) {
	cutoff := time.Now().Add(-cacheMaxAge)
	_ = filepath.WalkDir(dir, func(path string, de fs.DirEntry, err error) error {
		if err != nil || de.IsDir() {
			return nil
		}
		if info, err := de.Info(); err == nil && info.ModTime().Before(cutoff) {
			os.Remove(path)
		}
		return nil
	})
}
