package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// go vet caches a package's clean result under a key made of the vet
// tool's version line (-V=full), the vet flags and the package's sources.
// The analysis also reads files that are not sources: .jobeffects.yaml,
// the baseline and the migrations' triggers. If they were left out of the
// key, editing them would not rerun the analysis: a new effect model or a
// trigger would go unreported until the code changed. So the build ID the
// tool reports hashes the executable together with those files' contents.
//
// unitchecker registers its own -V flag only when none exists; registering
// this one first replaces it.
func registerVetVersion() {
	if flag.Lookup("V") == nil {
		flag.Var(vetVersion{}, "V", "print version and exit (go vet's protocol)")
	}
}

type vetVersion struct{}

func (vetVersion) IsBoolFlag() bool { return true }
func (vetVersion) Get() any         { return nil }
func (vetVersion) String() string   { return "" }
func (vetVersion) Set(s string) error {
	if s != "full" {
		return fmt.Errorf("unsupported flag value: -V=%s (use -V=full)", s)
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	h := sha256.New()
	if err := hashFile(h, exe); err != nil {
		return err
	}
	cwd, _ := os.Getwd()
	hashInputs(h, cwd, parentVetFlags())
	// The tests' forced failure (analyzer.TestPanicEnv) changes what the
	// analysis writes: a run with it must not reuse results without it.
	fmt.Fprintf(h, "\x00%s=%s", analyzer.TestPanicEnv, os.Getenv(analyzer.TestPanicEnv))
	// The format go vet parses: "$progname version devel ... buildID=$id".
	fmt.Printf("%s version devel jobeffects buildID=%x\n", exe, h.Sum(nil))
	os.Exit(0)
	return nil
}

// hashInputs adds the files the analysis of the module at dir reads besides
// its sources: the config (found from dir, or -jobeffects.config), its
// baseline (or -jobeffects.baseline) and the migration files.
func hashInputs(h hash.Hash, dir string, flags map[string]string) {
	cfgPath := flags["config"]
	if cfgPath == "" {
		cfgPath = config.Find(dir)
	} else if !filepath.IsAbs(cfgPath) {
		cfgPath = filepath.Join(dir, cfgPath)
	}
	root := moduleDir(dir)
	var globs []string
	base := flags["baseline"]
	if base != "" && !filepath.IsAbs(base) {
		base = filepath.Join(dir, base)
	}
	if cfgPath != "" {
		hashFile(h, cfgPath)
		root = filepath.Dir(cfgPath)
		if loaded, err := config.Load(cfgPath); err == nil && loaded.Config != nil {
			globs = loaded.Config.Migrations
			if base == "" && loaded.Config.Baseline != "" {
				base = loaded.Config.Baseline
				if !filepath.IsAbs(base) {
					base = filepath.Join(root, base)
				}
			}
		}
	}
	if base != "" {
		hashFile(h, base)
	}
	if root != "" {
		for _, f := range triggers.Files(root, globs) {
			hashFile(h, f)
		}
	}
}

// hashFile adds a file's name and contents; a missing file adds its name.
func hashFile(h hash.Hash, path string) error {
	fmt.Fprintf(h, "\x00%s\x00", path)
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(h, f)
	return err
}

// moduleDir is the directory of the go.mod above dir, or "".
func moduleDir(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// parentVetFlags reads -jobeffects.config and -jobeffects.baseline from the
// command line of the go vet that asks for the version: go vet passes no
// flags with -V=full, yet the files they name are inputs. Only where the
// parent's command line can be read (Linux); elsewhere, name the baseline
// in .jobeffects.yaml.
func parentVetFlags() map[string]string {
	out := map[string]string{}
	if runtime.GOOS != "linux" {
		return out
	}
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(os.Getppid()), "cmdline"))
	if err != nil {
		return out
	}
	args := strings.Split(strings.TrimRight(string(data), "\x00"), "\x00")
	for i, a := range args {
		for _, name := range []string{"config", "baseline"} {
			for _, prefix := range []string{"-jobeffects." + name, "--jobeffects." + name} {
				switch {
				case strings.HasPrefix(a, prefix+"="):
					out[name] = strings.TrimPrefix(a, prefix+"=")
				case a == prefix && i+1 < len(args):
					out[name] = args[i+1]
				}
			}
		}
	}
	return out
}
