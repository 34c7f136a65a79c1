package wholeprogram

import (
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// testSupport returns the packages that only tests import (an
// internal/testutil with in-memory fakes of the repositories, mocks):
// packages of the program none of whose importers is production code,
// directly or through other such packages. Their stores of fakes into the
// services' fields (testutil.Setup(): Params{Store: NewInMemoryStore()})
// are test wiring, and, taken as roots, would make the production
// handlers' interface calls resolve to the fakes. Packages nothing imports
// (commands, the module's own entry points) are not test support, nor are
// packages only their own tests import (ownTest).
func testSupport(pkgs []*packages.Package) map[string]bool {
	importers := map[string][]*packages.Package{}
	var candidates []string
	seen := map[string]bool{}
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			importers[imp.PkgPath] = append(importers[imp.PkgPath], p)
		}
		if !testVariant(p) && p.Name != "main" && !seen[p.PkgPath] {
			seen[p.PkgPath] = true
			candidates = append(candidates, p.PkgPath)
		}
	}
	sort.Strings(candidates)
	support := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, path := range candidates {
			if support[path] || len(importers[path]) == 0 {
				continue
			}
			onlyTests, others := true, false
			for _, imp := range importers[path] {
				if ownTest(imp, path) {
					continue
				}
				others = true
				if !testVariant(imp) && !support[imp.PkgPath] {
					onlyTests = false
					break
				}
			}
			if onlyTests && others {
				support[path] = true
				changed = true
			}
		}
	}
	return support
}

// ownTest reports whether imp is a test build of the package at path
// itself: its test main (path.test, which imports the package's test
// variant, whose PkgPath is path), its external test package (path_test)
// or its test variant. A package's own tests do not make it test support:
// goalert's app, asked for beside the engine packages, was left out of
// the roots for its in-package tests (its importer, cmd/goalert, not
// loaded), and with it the error hook its NewApp adds to the logger.
func ownTest(imp *packages.Package, path string) bool {
	return imp.PkgPath == path+".test" || imp.PkgPath == path+"_test" || strings.HasSuffix(imp.ID, " ["+path+".test]")
}

// testVariant reports whether p is a test build of a package (p [p.test],
// p_test [p.test]) or a test main (p.test).
func testVariant(p *packages.Package) bool {
	return strings.Contains(p.ID, " [") || strings.HasSuffix(p.PkgPath, ".test")
}
