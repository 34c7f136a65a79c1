package fixtureload

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// Load loads fixture packages of testdata/src (GOPATH mode) with their
// dependencies, the standard library's from source.
func Load(testdata string, patterns ...string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
			packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps | packages.NeedModule,
		Dir: filepath.Join(testdata, "src"),
		Env: append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOFLAGS=-mod=mod"),
	}
	return packages.Load(cfg, patterns...)
}

// Set is one shared load of a list of fixture patterns, made the first
// time a test asks for some of them.
type Set struct {
	Testdata string
	Patterns []string
	// Prepare, if set, is applied to the load's roots once, before any
	// test reads them.
	Prepare func([]*packages.Package)

	once  sync.Once
	roots []*packages.Package
	err   error
}

// Holds reports whether every pattern is one of the set's.
func (s *Set) Holds(patterns ...string) bool {
	for _, p := range patterns {
		if !slices.Contains(s.Patterns, p) {
			return false
		}
	}
	return true
}

// Roots are the root packages the patterns (all of them the set's) name,
// as a load of the patterns alone returns them (see Roots).
func (s *Set) Roots(patterns ...string) ([]*packages.Package, error) {
	s.once.Do(func() {
		s.roots, s.err = Load(s.Testdata, s.Patterns...)
		if s.err == nil && s.Prepare != nil {
			s.Prepare(s.roots)
		}
	})
	if s.err != nil {
		return nil, s.err
	}
	return Roots(s.roots, patterns...), nil
}

// Roots are the loaded roots the patterns ("x" or "x/...", each a pattern
// of the load) name, in the order a load of the patterns alone returns
// them: go list's, each pattern's packages in the order of its directory
// walk, then every package after its imports (go list -deps, whose roots
// go/packages keeps in its output's order).
func Roots(loaded []*packages.Package, patterns ...string) []*packages.Package {
	var named []*packages.Package
	isRoot := map[*packages.Package]bool{}
	for _, pat := range patterns {
		var matched []*packages.Package
		for _, p := range loaded {
			if Matches(pat, p.PkgPath) {
				matched = append(matched, p)
			}
		}
		sort.Slice(matched, func(i, j int) bool { return walkLess(matched[i].PkgPath, matched[j].PkgPath) })
		for _, p := range matched {
			if !isRoot[p] {
				isRoot[p] = true
				named = append(named, p)
			}
		}
	}
	var out []*packages.Package
	seen := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			visit(p.Imports[path])
		}
		if isRoot[p] {
			out = append(out, p)
		}
	}
	for _, p := range named {
		visit(p)
	}
	return out
}

// Matches reports whether a GOPATH pattern ("x" or "x/...") names the
// package path.
func Matches(pattern, path string) bool {
	if root, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == root || strings.HasPrefix(path, root+"/")
	}
	return path == pattern
}

// walkLess orders package paths as a directory walk meets them: by their
// elements, a directory before what it holds.
func walkLess(a, b string) bool {
	return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/")) < 0
}
