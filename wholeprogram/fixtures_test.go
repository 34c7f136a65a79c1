package wholeprogram_test

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The whole-program tests' fixtures are loaded together, once per test
// binary: a load parses and type-checks the standard library from source,
// 1–2 CPU seconds whatever the fixture, and a load per test made this
// package's tests pass go test's 10-minute timeout on a busy 2-core
// machine. A test's analysis and resolution still start from its own root
// packages, in the order a load of its patterns alone gives them
// (loaderOrder); only the loaded syntax and types are shared, which no
// run changes (each builds its own SSA program, and releasing unreached
// bodies drops blocks of that program only). A pattern outside its group
// is loaded alone, as before: correct, but a load's CPU more.

// fixtureGroups are the fixture patterns each shared load holds, by the
// module path loadFixtures marks as a versioned dependency's in it
// (versioned): the packages of a load are marked for all of its tests.
var fixtureGroups = map[string][]string{
	"": {
		"afterduptx", "asmwhole/...", "chanalias/app", "chanalias/broker", "chanalias/service", "checkactwhole",
		"claimcbwhole/app", "claimcbwhole/idem", "claimgate", "claimiface", "completions", "condwhole/...",
		"deepdynfix", "dispatchfix", "duperrwhole", "ecomongo", "entidwhole", "fieldregfix", "fieldregfix/basew",
		"fmtlogloud", "fmtlogwhole", "fwdcbwhole/app", "fwdcbwhole/cache", "fwdregfix", "fxwhole", "genericcfg",
		"genericworker", "genreg", "genreg/jobs", "globalifacewhole/jobs", "globalifacewhole/worker",
		"gozerowhole/jobs", "gozerowhole/model", "hookgate/app", "hookgate/poolapp", "hookgate/store",
		"ifacecloudevent", "ifacegate", "ifacejobs/...", "ifacemethod", "ifacetoken", "inferwhole/cmd",
		"inferwhole/jobs", "inmemwhole", "lockerrfix", "lockerrwhole", "memwhole", "msgloop/...", "natkeynest",
		"natkeynest/store", "natkeywhole", "neverset", "nilcall/...", "nilhookfix", "openapifix",
		"openapifix/apiclient", "optsiface", "paramfieldwhole", "perregfix", "queuefix", "reflectwhole",
		"registryfix", "riveruniquewp", "routefix", "routers", "statuswhole", "txcallback", "widefoldfix",
		"wpboundary", "xpkgobj", "xpkgobj/files",
	},
	"example.org/mdconv": {"wpplugins/pure", "wpplugins/audited", "wpplugins/outside"},
}

// sharedLoad is one group's load.
type sharedLoad struct {
	once  sync.Once
	roots []*packages.Package // the load's roots, every group pattern's packages
	err   error
}

var sharedLoads = map[string]*sharedLoad{}

func init() {
	for v := range fixtureGroups {
		sharedLoads[v] = &sharedLoad{}
	}
}

// loadFixtures loads fixture packages of testdata/src (GOPATH mode) with
// their dependencies, the standard library's from source, and returns the
// root packages the patterns name: from the shared load of their group
// when it holds them all (see above), else from a load of their own.
func loadFixtures(t *testing.T, patterns ...string) []*packages.Package {
	t.Helper()
	group, ok := fixtureGroups[versioned]
	for _, p := range patterns {
		ok = ok && slices.Contains(group, p)
	}
	if !ok {
		t.Logf("fixtures %v are loaded alone: add them to fixtureGroups (fixtures_test.go)", patterns)
		pkgs, err := load(versioned, patterns)
		if err != nil {
			t.Fatal(err)
		}
		return pkgs
	}
	sl := sharedLoads[versioned]
	v := versioned
	sl.once.Do(func() { sl.roots, sl.err = load(v, group) })
	if sl.err != nil {
		t.Fatal(sl.err)
	}
	return loaderOrder(sl.roots, patterns)
}

// load is one packages.Load of fixture patterns; the packages of the
// module path versioned, if set, are marked a versioned dependency's.
func load(versioned string, patterns []string) ([]*packages.Package, error) {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedTypesSizes |
			packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps | packages.NeedModule,
		Dir: filepath.Join(testdata, "src"),
		Env: append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOFLAGS=-mod=mod"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if versioned != "" {
		// GOPATH mode loads no module versions: the packages of this
		// one are a versioned dependency's, summarised as such.
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if p.PkgPath == versioned || strings.HasPrefix(p.PkgPath, versioned+"/") {
				p.Module = &packages.Module{Path: versioned, Version: "v1.0.0"}
			}
		})
	}
	return pkgs, nil
}

// loaderOrder are the roots the patterns name in the order a load of the
// patterns alone returns them: go list's, each pattern's packages in the
// order of its directory walk, then every package after its imports
// (go list -deps, whose roots go/packages keeps in its output's order).
func loaderOrder(roots []*packages.Package, patterns []string) []*packages.Package {
	var named []*packages.Package
	isRoot := map[*packages.Package]bool{}
	for _, pat := range patterns {
		matched := fixtureRoots(roots, pat)
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

// walkLess orders package paths as a directory walk meets them: by their
// elements, a directory before what it holds.
func walkLess(a, b string) bool {
	return slices.Compare(strings.Split(a, "/"), strings.Split(b, "/")) < 0
}
