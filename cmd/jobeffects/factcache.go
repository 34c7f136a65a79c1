package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// factCache returns the cache of packages' facts for this run (beside
// the run cache, under facts/), or nil when caching is off or the run's
// identity cannot be told. What decides a package's facts besides its
// source and its imports goes into the salt: this binary, the Go
// toolchain and build environment, the options. A dependency in the module
// cache is named by its module version; a main-module package by the
// content of its files and of its module's inputs (every .sql and YAML
// file under the module: migrations, config, baselines; the -baseline
// file), and its result is kept too. A -config file can name migrations
// elsewhere, whose triggers change facts too: with one, nothing is cached.
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
	ident := map[*types.Package]string{}
	local := map[*types.Package]bool{}
	inputs := map[string]string{} // main module dir → hash of its inputs
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types == nil {
			return
		}
		switch m := p.Module; {
		case m == nil:
			if models.IsStandard(p.PkgPath) {
				ident[p.Types] = "std"
			}
		case !m.Main && m.Replace == nil && m.Version != "" && inModCache(p, modcache):
			ident[p.Types] = m.Path + "@" + m.Version
		case m.Main && m.Dir != "" && len(p.Errors) == 0:
			in, ok := inputs[m.Dir]
			if !ok {
				in = moduleInputs(m.Dir, aopts)
				inputs[m.Dir] = in
			}
			if id := localIdent(p, in, aopts); id != "" && in != "" {
				ident[p.Types] = id
				local[p.Types] = true
			}
		}
	})
	return &analyzer.FactCache{
		Dir:   filepath.Join(runs, "facts"),
		Salt:  hex.EncodeToString(h.Sum(nil)),
		Ident: func(p *types.Package) string { return ident[p] },
		Local: func(p *types.Package) bool { return local[p] },
	}
}

// localIdent names a main-module package (or one of its test variants:
// they share a path, not files) by its files' content, its module's
// inputs and the options that decide its findings; "" if a file cannot
// be read.
func localIdent(p *packages.Package, inputs string, aopts analyzer.Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "local %s %s\ninputs %s\nrules %q baseline %q\n", p.ID, p.PkgPath, inputs, aopts.Rules, aopts.Baseline)
	for _, group := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.EmbedFiles} {
		fmt.Fprintf(h, "group %d\n", len(group))
		for _, f := range group {
			if hashFile(h, f) != nil {
				return ""
			}
		}
	}
	return "local " + hex.EncodeToString(h.Sum(nil))
}

// moduleInputs hashes what the analysis of a main-module package reads
// besides its files: the module's .sql and YAML files (migrations, the
// config, a baseline) and the -baseline file; "" if one cannot be read.
func moduleInputs(dir string, aopts analyzer.Options) string {
	h := sha256.New()
	if aopts.Baseline != "" {
		if err := hashFile(h, aopts.Baseline); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return ""
		}
	}
	err := hashModuleInputs(h, dir, "", true)
	if err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
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
