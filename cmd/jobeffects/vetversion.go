package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/internal/filehash"
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
	// The executable by content, not by path: the same build installed
	// elsewhere (each test binary builds one into a temporary directory)
	// analyses the same way, so go vet keeps one result per package.
	if err := filehash.Content(h, exe); err != nil {
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

// hashInputs adds the files the analysis of the module at dir reads
// besides its sources (settings.VetInputs), each by its content.
func hashInputs(h hash.Hash, dir string, flags map[string]string) {
	for _, in := range settings.VetInputs(dir, settings.Flags{Config: flags["config"], Baseline: flags["baseline"]}) {
		fmt.Fprintf(h, "input %s\n", in)
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
