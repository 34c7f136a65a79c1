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
// (commands, the module's own entry points) are not test support.
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
			onlyTests := true
			for _, imp := range importers[path] {
				if !testVariant(imp) && !support[imp.PkgPath] {
					onlyTests = false
					break
				}
			}
			if onlyTests {
				support[path] = true
				changed = true
			}
		}
	}
	return support
}

// testVariant reports whether p is a test build of a package (p [p.test],
// p_test [p.test]) or a test main (p.test).
func testVariant(p *packages.Package) bool {
	return strings.Contains(p.ID, " [") || strings.HasSuffix(p.PkgPath, ".test")
}
