package settings

import (
	"path/filepath"
	"strings"
	"testing"
)

// A package's positions are relative to its module's directory, to the
// GOPATH's src in a GOPATH layout, else to the go.mod above it.
func TestForPackageRoot(t *testing.T) {
	root := tree(t, map[string]string{"go.mod": "module x\n", "a/b/x.go": "package b\n"})
	sub := filepath.Join(root, "a", "b")
	for _, c := range []struct {
		name, dir, pkg, modPath, modDir, want string
		module                                bool
	}{
		{"module", sub, "x/a/b", "x", root, root, true},
		{"gopath", filepath.Join("/gopath", "src", "a", "b"), "a/b", "", "", filepath.Join("/gopath", "src"), false},
		{"no module info", sub, "other/b", "", "", root, false},
		{"no files", "", "x", "", "", "", false},
	} {
		req := ForPackage(c.dir, c.pkg, c.modPath, c.modDir, Flags{Baseline: "b.yaml"})
		if req.Root != c.want || req.Module != c.module || req.Baseline != "b.yaml" {
			t.Errorf("%s: ForPackage = %+v, want root %q module %v", c.name, req, c.want, c.module)
		}
	}
	if got := ForModule(root, Flags{}); got != (Request{Dir: root, Root: root, Module: true}) {
		t.Errorf("ForModule = %+v", got)
	}
}

// go vet's inputs name the module's files by their module-relative path
// (the same wherever the module is) and other files by theirs.
func TestVetInputs(t *testing.T) {
	root := tree(t, map[string]string{"go.mod": "module x\n", "a/x.go": "package a\n", "migrations/1.sql": trigger})
	elsewhere := tree(t, map[string]string{"cfg.yaml": "effects: []\n"})
	got := VetInputs(filepath.Join(root, "a"), Flags{Config: filepath.Join(elsewhere, "cfg.yaml")})
	if len(got) != 1 || !strings.HasPrefix(got[0], filepath.Join(elsewhere, "cfg.yaml")+" ") {
		t.Errorf("with -config elsewhere: %q", got)
	}
	got = VetInputs(filepath.Join(root, "a"), Flags{})
	if len(got) != 1 || !strings.HasPrefix(got[0], "module:migrations/1.sql ") {
		t.Errorf("the module's migration: %q", got)
	}
}
