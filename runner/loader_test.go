package runner

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// loaderModule writes a module: a package with a type error (bad), its
// importer (user, ill-typed through it), a package with a test file
// (shared: its test variant shares its file), one whose file needs cgo
// and has a fallback without it (cgo).
func loaderModule(t *testing.T) string {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":             "module example.com/m\n\ngo 1.22\n",
		"bad/bad.go":         "package bad\n\nfunc F() int { return \"no\" }\n",
		"user/user.go":       "package user\n\nimport \"example.com/m/bad\"\n\nvar X = bad.F()\n",
		"shared/shared.go":   "package shared\n\nimport \"strings\"\n\nfunc Up(s string) string { return strings.ToUpper(s) }\n",
		"shared/up_test.go":  "package shared\n\nimport \"testing\"\n\nfunc TestUp(t *testing.T) { _ = Up(\"a\") }\n",
		"cgo/c.go":           "//go:build cgo\n\npackage cgo\n\n// int one() { return 1; }\nimport \"C\"\n\nfunc One() int { return int(C.one()) }\n",
		"cgo/nocgo.go":       "//go:build !cgo\n\npackage cgo\n\nfunc One() int { return 1 }\n",
		"trimmed/trimmed.go": "package trimmed\n\nimport \"strings\"\n\nfunc Up(s string) string { return strings.ToUpper(s) }\n",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const metadataMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
	packages.NeedTypesSizes | packages.NeedDeps | packages.NeedModule | packages.NeedEmbedFiles

// checkAll type-checks every package of a metadata load after its
// imports, as the runner does.
func checkAll(l *Loader, pkgs []*packages.Package) {
	packages.Visit(pkgs, nil, l.Check)
}

func errorsOf(pkgs []*packages.Package) map[string]string {
	out := map[string]string{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		var msgs []string
		for _, e := range p.Errors {
			msgs = append(msgs, fmt.Sprintf("%s %d", e, e.Kind))
		}
		out[p.ID] = fmt.Sprintf("%v illtyped=%v types=%d", msgs, p.IllTyped, len(p.TypeErrors))
	})
	return out
}

// TestLoaderAsPackages: the loader's errors, IllTyped and type errors are
// go/packages' for the same module, with cgo on and off, and a file of a
// package and its test variant is parsed once.
func TestLoaderAsPackages(t *testing.T) {
	dir := loaderModule(t)
	for _, cgo := range []string{"1", "0"} {
		t.Run("CGO_ENABLED="+cgo, func(t *testing.T) {
			env := append(os.Environ(), "CGO_ENABLED="+cgo)
			full, err := packages.Load(&packages.Config{Dir: dir, Env: env, Tests: true, Mode: metadataMode |
				packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo}, "./...")
			if err != nil {
				t.Fatal(err)
			}
			meta, err := packages.Load(&packages.Config{Dir: dir, Env: env, Tests: true, Mode: metadataMode}, "./...")
			if err != nil {
				t.Fatal(err)
			}
			l := NewLoader(token.NewFileSet(), meta, nil, nil)
			checkAll(l, meta)
			want, got := errorsOf(full), errorsOf(meta)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("errors differ from go/packages':\ngot  %v\nwant %v", got, want)
			}
			if !strings.Contains(got["example.com/m/bad"], "illtyped=true types=1") || !strings.Contains(got["example.com/m/user"], "illtyped=true") {
				t.Errorf("the type error or its importer's IllTyped is missing: %v", got)
			}
			byID := map[string]*packages.Package{}
			packages.Visit(meta, nil, func(p *packages.Package) { byID[p.ID] = p })
			p, test := byID["example.com/m/shared"], byID["example.com/m/shared [example.com/m/shared.test]"]
			if p == nil || test == nil {
				t.Fatalf("no package or test variant: %v", got)
			}
			if p.Syntax[0] != test.Syntax[0] {
				t.Errorf("shared.go parsed twice: for the package and for its test variant")
			}
			if l.Package(p.Types) != p || p.TypesInfo == nil || len(p.TypesInfo.FileVersions) == 0 {
				t.Errorf("the package's types or info are not recorded")
			}
			if c := byID["example.com/m/cgo"]; c == nil || len(c.Errors) > 0 || c.Types.Scope().Lookup("One") == nil {
				t.Errorf("the cgo package did not type-check: %v", got)
			}
		})
	}
}

// TestLoaderTrimFallback: a package whose trimmed parse does not
// type-check is parsed again whole, without the error.
func TestLoaderTrimFallback(t *testing.T) {
	dir := loaderModule(t)
	meta, err := packages.Load(&packages.Config{Dir: dir, Mode: metadataMode}, "./trimmed")
	if err != nil {
		t.Fatal(err)
	}
	// Bodies dropped, imports kept: "strings" imported and not used.
	trim := func(fset *token.FileSet, name string, src []byte) (*ast.File, error) {
		f, err := parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments)
		if err == nil && strings.Contains(name, "trimmed") {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					fd.Body = nil
				}
			}
		}
		return f, err
	}
	for _, fallback := range []bool{false, true} {
		p := &packages.Package{}
		*p = *meta[0]
		l := NewLoader(token.NewFileSet(), []*packages.Package{p}, trim, func(string) bool { return fallback })
		checkAll(l, []*packages.Package{p})
		if fallback {
			if len(p.Errors) > 0 || p.IllTyped {
				t.Errorf("fallback: errors %v", p.Errors)
			}
			if fd := p.Syntax[0].Decls[1].(*ast.FuncDecl); fd.Body == nil {
				t.Errorf("fallback: the body is still dropped")
			}
		} else if len(p.Errors) != 1 || !strings.Contains(p.Errors[0].Msg, "not used") {
			t.Errorf("no fallback: want the unused import's error, got %v", p.Errors)
		}
	}
}
