package wholeprogram_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/internal/fixtureload"
)

// The whole-program tests' fixtures are loaded together, once per test
// binary (internal/fixtureload): a load per test, each parsing and
// type-checking the standard library, made this package's tests pass go
// test's 10-minute timeout on a busy 2-core machine. A test's analysis
// and resolution still start from its own root packages, in the order a
// load of its patterns alone gives them; releasing unreached bodies drops
// blocks of the run's own SSA program only. A pattern outside the groups
// is loaded alone, as before: correct, but a load's CPU more.

// fixtureGroups are the fixture patterns each shared load holds, by the
// module path whose packages are marked a versioned dependency's in it
// (versioned): the packages of a load are marked for all of its tests.
var fixtureGroups = map[string][]string{
	"": {
		"afterduptx", "asmwhole/...", "bufiowhole", "bufiowholeconn", "chanalias/app", "chanalias/broker", "chanalias/service", "checkactwhole", "connroute/session", "connroute/worker",
		"claimcbwhole/app", "claimcbwhole/idem", "claimgate", "claimiface", "completions", "condwhole/...",
		"deadshape/...", "deepdynfix", "dispatchfix", "duperrwhole", "dynclaimwp/...", "dynmarkwp/...", "ecomongo", "entidwhole", "fieldregfix", "fieldregfix/basew",
		"fmtlogloud", "fmtlogwhole", "fwdcbwhole/app", "fwdcbwhole/cache", "fwdregfix", "fxwhole", "genericcfg",
		"genericworker", "genreg", "genreg/jobs", "globalifacewhole/jobs", "globalifacewhole/worker",
		"gozerowhole/jobs", "gozerowhole/model", "hookgate/app", "hookgate/poolapp", "hookgate/store", "hookslice/...",
		"ifacecloudevent", "ifacegate", "ifacejobs/...", "ifacemethod", "ifacetoken", "inferwhole/cmd",
		"inferwhole/jobs", "inmemwhole", "invokefix/app", "invokefix/external", "invokefix/risky", "invokefix/worker", "lockerrfix", "lockerrwhole", "memwhole", "msgloop/...", "natkeynest",
		"natkeynest/store", "natkeywhole", "savedrowwhole", "savedrowcopy", "loadedkey", "neverset", "unfilledmap/...", "nilcall/...", "nilfieldwhole", "nilhookfix", "openapifix",
		"openapifix/apiclient", "optsiface", "paramfieldwhole", "perregfix", "queuefix", "reflectwhole",
		"registryfix", "riverenqueuer", "riveruniquewp", "routefix", "routers", "serialmarkwp/...", "sqlargiface/...", "statuswhole", "txcallback", "widefoldfix",
		"wpboundary", "xpkgobj", "xpkgobj/files", "xpkgwork/app", "xpkgwork/work",
	},
	"example.org/mdconv": {"wpplugins/pure", "wpplugins/audited", "wpplugins/outside"},
}

// fixtureSets are the groups' shared loads.
var fixtureSets = map[string]*fixtureload.Set{}

func init() {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	for v, patterns := range fixtureGroups {
		fixtureSets[v] = &fixtureload.Set{Testdata: testdata, Patterns: patterns, Prepare: func(pkgs []*packages.Package) { markVersioned(pkgs, v) }}
	}
}

// loadFixtures loads fixture packages of testdata/src (GOPATH mode) with
// their dependencies, the standard library's from source, and returns the
// root packages the patterns name: from the shared load of their group
// when it holds them all, else from a load of their own.
func loadFixtures(t *testing.T, patterns ...string) []*packages.Package {
	t.Helper()
	if set := fixtureSets[versioned]; set != nil && set.Holds(patterns...) {
		pkgs, err := set.Roots(patterns...)
		if err != nil {
			t.Fatal(err)
		}
		return pkgs
	}
	t.Logf("fixtures %v are loaded alone: add them to fixtureGroups (fixtures_test.go)", patterns)
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	pkgs, err := fixtureload.Load(testdata, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	markVersioned(pkgs, versioned)
	return pkgs
}

// markVersioned marks the packages of the module path versioned, if set,
// a versioned dependency's: GOPATH mode loads no module versions.
func markVersioned(pkgs []*packages.Package, versioned string) {
	if versioned == "" {
		return
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.PkgPath == versioned || strings.HasPrefix(p.PkgPath, versioned+"/") {
			p.Module = &packages.Module{Path: versioned, Version: "v1.0.0"}
		}
	})
}
