package runner

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestDepIdent: a dependency in the module cache is named by its module
// version, and one replaced by another module version by that version
// (it was left unnamed, so it and all its importers were analysed again
// on every rerun); one replaced by a directory, or whose files are not
// the module cache's, is not named.
func TestDepIdent(t *testing.T) {
	modcache := filepath.Join(t.TempDir(), "mod")
	in := func(mod string) []string { return []string{filepath.Join(modcache, mod, "x.go")} }
	cases := []struct {
		name  string
		files []string
		mod   *packages.Module
		want  string
	}{
		{"plain", in("a@v1.0.0"), &packages.Module{Path: "a", Version: "v1.0.0"}, "a@v1.0.0"},
		{"replaced by a version", in("a@v0.3.16"), &packages.Module{Path: "a", Version: "v1.0.2", Replace: &packages.Module{Path: "a", Version: "v0.3.16"}}, "a=>a@v0.3.16"},
		{"replaced by a fork", in("fork@v1.2.0"), &packages.Module{Path: "a", Version: "v1.0.2", Replace: &packages.Module{Path: "fork", Version: "v1.2.0"}}, "a=>fork@v1.2.0"},
		{"replaced by a directory", []string{"/src/a/x.go"}, &packages.Module{Path: "a", Version: "v1.0.2", Replace: &packages.Module{Path: "../a"}}, ""},
		{"vendored", []string{"/app/vendor/a/x.go"}, &packages.Module{Path: "a", Version: "v1.0.0"}, ""},
		{"main", in("m@v1.0.0"), &packages.Module{Path: "m", Main: true}, ""},
	}
	for _, c := range cases {
		p := &packages.Package{PkgPath: "a", GoFiles: c.files, Module: c.mod}
		if got := depIdent(p, modcache); got != c.want {
			t.Errorf("%s: depIdent = %q, want %q", c.name, got, c.want)
		}
	}
}
