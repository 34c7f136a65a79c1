package models

import (
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// exampleModules are the modules under testdata whose dependencies are the
// real libraries the catalog describes.
var exampleModules = []string{"example", "ecosystem", "consumers"}

// TestCatalogIsComplete enumerates the exported functions and methods of
// every catalogued library package the example modules depend on, from
// the real modules, and fails on each that is neither modelled nor
// declared inert: a call of it would be an unknown effect, which is honest
// but should be a decision.
func TestCatalogIsComplete(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real libraries")
	}
	ix, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string][]string{} // library package → unclassified keys
	for _, m := range exampleModules {
		dir, _ := filepath.Abs(filepath.Join("..", "..", "testdata", m))
		for _, p := range libraryPackages(t, ix, dir) {
			for _, key := range exported(p) {
				if fn := key.fn; !ix.Classified(fn) {
					missing[p.PkgPath] = append(missing[p.PkgPath], FuncKey(fn))
				}
			}
		}
	}
	var pkgs []string
	for p := range missing {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	total := 0
	var report strings.Builder
	for _, p := range pkgs {
		keys := dedup(missing[p])
		total += len(keys)
		report.WriteString("  " + p + ":\n")
		for _, k := range keys {
			report.WriteString("    - " + k + "\n")
		}
	}
	if out := os.Getenv("JOBEFFECTS_UNCLASSIFIED"); out != "" {
		os.WriteFile(out, []byte(report.String()), 0o644)
	}
	if total > 0 {
		t.Errorf("%d exported calls of catalogued libraries are neither modelled nor declared inert or unknown (add them to the library's functions:, inert: or unknown: in analyzer/catalog):\n%s", total, report.String())
	}
}

type apiFunc struct{ fn *types.Func }

// libraryPackages loads, in module dir, the non-internal packages of the
// catalogued libraries that the module's build list has.
func libraryPackages(t *testing.T, ix *Index, dir string) []*packages.Package {
	t.Helper()
	out, err := exec.Command("go", "list", "-C", dir, "-deps", "-f", "{{.ImportPath}}", "all").Output()
	if err != nil {
		t.Fatalf("go list all in %s: %v", dir, err)
	}
	var patterns []string
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, " ") || strings.Contains(p, "/internal") || strings.HasSuffix(p, "_test") || IsStandard(p) {
			continue
		}
		if ix.ModeledLibrary(types.NewPackage(p, "")) {
			patterns = append(patterns, p)
		}
	}
	if len(patterns) == 0 {
		return nil
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: dir}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// exported lists a package's exported functions and the exported methods
// of its exported types (pointer receivers included, interfaces too).
func exported(p *packages.Package) []apiFunc {
	if p.Types == nil {
		return nil
	}
	var out []apiFunc
	scope := p.Types.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Func:
			out = append(out, apiFunc{o})
		case *types.TypeName:
			t := o.Type()
			if it, ok := t.Underlying().(*types.Interface); ok {
				for i := 0; i < it.NumExplicitMethods(); i++ {
					if m := it.ExplicitMethod(i); m.Exported() {
						out = append(out, apiFunc{m})
					}
				}
				continue
			}
			if n, ok := t.(*types.Named); ok {
				for i := 0; i < n.NumMethods(); i++ {
					if m := n.Method(i); m.Exported() {
						out = append(out, apiFunc{m})
					}
				}
			}
		}
	}
	return out
}

func dedup(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
