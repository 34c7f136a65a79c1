package fixtureload

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// Roots gives a pattern's packages in the order of its directory walk and
// every package after the roots it imports, as go list -deps does.
func TestRootsOrder(t *testing.T) {
	pkgs := map[string]*packages.Package{}
	pkg := func(path string, imports ...string) *packages.Package {
		p := &packages.Package{PkgPath: path, Imports: map[string]*packages.Package{}}
		for _, imp := range imports {
			p.Imports[imp] = pkgs[imp]
		}
		pkgs[path] = p
		return p
	}
	fmt := pkg("fmt")
	store := pkg("app/store", "fmt")
	loaded := []*packages.Package{
		pkg("app", "app/store", "fmt"), store, pkg("app/a-b"), pkg("app/a"), pkg("app/a/z", "app/store"),
		pkg("other", "app"), fmt,
	}
	for _, tc := range []struct {
		patterns []string
		want     string
	}{
		{[]string{"app/..."}, "app/store app app/a app/a/z app/a-b"},
		{[]string{"other", "app/store"}, "app/store other"},
		{[]string{"app/a", "app/a/..."}, "app/a app/a/z"},
		{[]string{"fmt"}, "fmt"},
	} {
		var got []string
		for _, p := range Roots(loaded, tc.patterns...) {
			got = append(got, p.PkgPath)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%v: got %s, want %s", tc.patterns, g, tc.want)
		}
	}
}
