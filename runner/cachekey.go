package runner

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/types"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/internal/filehash"
)

// newFactCache returns the cache of packages' facts for this run (in
// c.CacheDir), or nil when the run's identity cannot be told. What decides
// a package's facts besides its source and its imports goes into the
// salt: this binary, the Go toolchain and build environment, the options,
// and with -config what the config reads (it governs every package: its
// models, its baseline and its migrations' triggers). A dependency in the
// module cache is named by its module version (its own config and
// migrations are part of it); a main-module package by the content of its
// files and of what its settings read (package settings: the config, the
// baseline, every migration file, wherever they are), and its result is
// kept too.
// The packages are not type-checked yet: what names a package is decided
// from its metadata, and looked up by its types (pkgOf, the loader's)
// when its pass asks; a main-module package with errors (known then) is
// not cached.
func newFactCache(c Config, cfg *packages.Config, pkgs []*packages.Package, pkgOf func(*types.Package) *packages.Package) *FactCache {
	aopts := c.Options
	flags := aopts.Settings()
	h := sha256.New()
	exe, err := os.Executable()
	if err != nil || filehash.File(h, exe) != nil {
		return nil
	}
	goenv := exec.Command("go", "env", "GOVERSION", "GOROOT", "GOMODCACHE", "GOOS", "GOARCH", "CGO_ENABLED", "GOFLAGS", "GOEXPERIMENT")
	goenv.Env = cfg.Env
	out, err := goenv.Output()
	if err != nil {
		return nil
	}
	fmt.Fprintf(h, "goenv %s\nbuild %q\noptions strict=%v untrusted=%v paths=%v whole=%v\n",
		out, cfg.BuildFlags, aopts.Strict, aopts.Untrusted, c.KeepPaths, c.Whole)
	if flags.Config != "" {
		s, err := c.Settings.Load(settings.ForConfig(flags))
		if err != nil {
			return nil
		}
		fmt.Fprintf(h, "config %s\n", s.Digest)
	}
	// A module's files are read-only and addressed by version only in the
	// module cache (not vendored, where they can be edited).
	lines := strings.Split(string(out), "\n")
	if len(lines) < 3 || lines[2] == "" {
		return nil
	}
	modcache := lines[2]
	ident := map[*packages.Package]string{}
	local := map[*packages.Package]bool{}
	inputs := map[string]string{} // main module dir → digest of its settings' inputs
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		switch m := p.Module; {
		case m == nil:
			if models.IsStandard(p.PkgPath) {
				ident[p] = "std"
			}
		case !m.Main:
			if id := depIdent(p, modcache); id != "" {
				ident[p] = id
			}
		case m.Main && m.Dir != "" && len(p.Errors) == 0:
			in, ok := inputs[m.Dir]
			if !ok {
				// The request the package's pass makes (its directory's
				// module root is m.Dir): the same resolution, read once.
				if s, err := c.Settings.Load(settings.ForModule(m.Dir, flags)); err == nil {
					in = s.Digest
				}
				inputs[m.Dir] = in
			}
			if id := localIdent(p, in, aopts); id != "" && in != "" {
				ident[p] = id
				local[p] = true
			}
		}
	})
	return &FactCache{
		identMeta: func(p *packages.Package) string {
			if local[p] && len(p.Errors) > 0 {
				return ""
			}
			return ident[p]
		},
		localMeta: func(p *packages.Package) bool { return local[p] },
		Dir:       c.CacheDir,
		Salt:      hex.EncodeToString(h.Sum(nil)),
		Ident: func(t *types.Package) string {
			p := pkgOf(t)
			if p == nil || p.Types == nil || local[p] && len(p.Errors) > 0 {
				return ""
			}
			return ident[p]
		},
		Local: func(t *types.Package) bool {
			p := pkgOf(t)
			return p != nil && local[p] && len(p.Errors) == 0
		},
	}
}

// localIdent names a main-module package (or one of its test variants:
// they share a path, not files) by its files' content, the digest of its
// settings' inputs and the options that decide its findings; "" if a
// file cannot be read.
func localIdent(p *packages.Package, inputs string, aopts analyzer.Options) string {
	h := sha256.New()
	fmt.Fprintf(h, "local %s %s\ninputs %s\nrules %q baseline %q no-baseline %t\n", p.ID, p.PkgPath, inputs, aopts.Rules, aopts.Baseline, aopts.NoBaseline)
	for _, group := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.EmbedFiles} {
		fmt.Fprintf(h, "group %d\n", len(group))
		for _, f := range group {
			if filehash.File(h, f) != nil {
				return ""
			}
		}
	}
	return "local " + hex.EncodeToString(h.Sum(nil))
}

// depIdent names a dependency's package by its module version, when its
// files are the module cache's (read-only, addressed by version); "" for
// one that can be edited (vendored, or replaced by a directory).
func depIdent(p *packages.Package, modcache string) string {
	m := p.Module
	switch {
	case m == nil || m.Main || !inModCache(p, modcache):
		return ""
	case m.Replace == nil && m.Version != "":
		return m.Path + "@" + m.Version
	case m.Replace != nil && m.Replace.Version != "":
		// Replaced by another module version (replace x => x v0.3.16,
		// or => fork v1.2.0): named by that version. Left unnamed, it
		// and every package importing it were analysed again on each
		// rerun (goalert: a replace of mergo kept its app package out of
		// the fact cache).
		return m.Path + "=>" + m.Replace.Path + "@" + m.Replace.Version
	}
	return ""
}

// inModCache reports whether all of a package's files are in the module cache.
func inModCache(p *packages.Package, modcache string) bool {
	if len(p.GoFiles) == 0 {
		return false
	}
	for _, f := range p.GoFiles {
		if !filehash.Under(f, modcache) {
			return false
		}
	}
	return true
}
