package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// factCache returns the cache of dependency modules' facts for this run
// (beside the run cache, under facts/), or nil when caching is off or the
// run's identity cannot be told. What decides a dependency's facts besides
// its module version and its imports goes into the salt: this binary, the
// Go toolchain and build environment, the options, and the config given
// by -config. A -config file can name migrations elsewhere, whose triggers
// change dependencies' facts too: with one, nothing is cached.
func factCache(aopts analyzer.Options, cfg *packages.Config, pkgs []*packages.Package) *analyzer.FactCache {
	runs := cacheDir()
	if runs == "" || aopts.Config != "" {
		return nil
	}
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil || hashFile(h, exe) != nil {
		return nil
	}
	goenv := exec.Command("go", "env", "GOVERSION", "GOROOT", "GOMODCACHE", "GOOS", "GOARCH", "CGO_ENABLED", "GOFLAGS", "GOEXPERIMENT")
	goenv.Env = cfg.Env
	out, err := goenv.Output()
	if err != nil {
		return nil
	}
	fmt.Fprintf(h, "goenv %s\nbuild %q\noptions strict=%v untrusted=%v paths=%v whole=%v\n",
		out, cfg.BuildFlags, aopts.Strict, aopts.Untrusted, aopts.KeepPaths, aopts.Whole)
	// A module's files are read-only and addressed by version only in the
	// module cache (not vendored, where they can be edited).
	lines := strings.Split(string(out), "\n")
	if len(lines) < 3 || lines[2] == "" {
		return nil
	}
	modcache := lines[2]
	ident := map[string]string{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		switch m := p.Module; {
		case m == nil:
			if models.IsStandard(p.PkgPath) {
				ident[p.PkgPath] = "std"
			}
		case !m.Main && m.Replace == nil && m.Version != "" && inModCache(p, modcache):
			ident[p.PkgPath] = m.Path + "@" + m.Version
		}
	})
	return &analyzer.FactCache{
		Dir:   filepath.Join(runs, "facts"),
		Salt:  hex.EncodeToString(h.Sum(nil)),
		Ident: func(path string) string { return ident[path] },
	}
}

// inModCache reports whether all of a package's files are in the module cache.
func inModCache(p *packages.Package, modcache string) bool {
	if len(p.GoFiles) == 0 {
		return false
	}
	for _, f := range p.GoFiles {
		if !under(f, modcache) {
			return false
		}
	}
	return true
}
