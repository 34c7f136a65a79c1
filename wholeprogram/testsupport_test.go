package wholeprogram

import (
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestTestSupport: a package only tests import (directly, or through
// another such package) is test support; one production code imports is
// not, nor is a command nothing imports, nor a package only its own tests
// import.
func TestTestSupport(t *testing.T) {
	pkg := func(id, path, name string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{ID: id, PkgPath: path, Name: name, Imports: map[string]*packages.Package{}}
		for _, i := range imports {
			p.Imports[i.PkgPath] = i
		}
		return p
	}
	store := pkg("app/store", "app/store", "store")
	fakes := pkg("app/internal/fakes", "app/internal/fakes", "fakes", store)
	testutil := pkg("app/internal/testutil", "app/internal/testutil", "testutil", store, fakes)
	svc := pkg("app/service", "app/service", "service", store)
	svcTest := pkg("app/service [app/service.test]", "app/service", "service", store, testutil)
	cmd := pkg("app/cmd/worker", "app/cmd/worker", "main", svc)
	unused := pkg("app/tools", "app/tools", "tools")
	// app/wire is asked for without its importer; only its own tests
	// (in-package and external, and their test main) import it.
	wire := pkg("app/wire", "app/wire", "wire", svc)
	wireTest := pkg("app/wire [app/wire.test]", "app/wire", "wire", svc)
	wireXTest := pkg("app/wire_test [app/wire.test]", "app/wire_test", "wire_test", wireTest)
	wireMain := pkg("app/wire.test", "app/wire.test", "main", wireTest, wireXTest)
	pkgs := []*packages.Package{store, fakes, testutil, svc, svcTest, cmd, unused, wire, wireTest, wireXTest, wireMain}
	got := testSupport(pkgs)
	for path, want := range map[string]bool{
		"app/internal/testutil": true, "app/internal/fakes": true,
		"app/store": false, "app/service": false, "app/cmd/worker": false, "app/tools": false, "app/wire": false,
	} {
		if got[path] != want {
			t.Errorf("testSupport[%s] = %v, want %v", path, got[path], want)
		}
	}
	var kept []string
	for _, p := range production(pkgs) {
		kept = append(kept, p.ID)
	}
	if len(kept) != 5 {
		t.Errorf("production = %v, want store, service, cmd/worker, tools, wire", kept)
	}
}
