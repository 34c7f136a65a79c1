package analyzer

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer/illtyped"
)

// A blank import is mentioned by nothing in the code, but the package
// initialiser calls its init, so go/ssa needs it created: referencedPackages
// lists it and the build with the referenced packages succeeds, without
// buildSSA's fallback to the whole import closure.
func TestReferencedPackagesBlankImport(t *testing.T) {
	const src = `package p

import (
	"strings"

	_ "image/png"
)

func Upper(s string) string { return strings.ToUpper(s) }
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{},
		Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances: map[*ast.Ident]types.Instance{}, Implicits: map[ast.Node]types.Object{},
		Scopes: map[ast.Node]*types.Scope{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{file}, Pkg: pkg, TypesInfo: info}
	refs := referencedPackages(pass)
	var paths []string
	for p := range refs {
		paths = append(paths, p.Path())
	}
	found := false
	for _, p := range paths {
		found = found || p == "image/png"
	}
	if !found {
		t.Errorf("referencedPackages = %v, want image/png among them", paths)
	}
	src2 := illtyped.Strip(fset, pass.Files, info, nil)
	ssapkg, err := buildWith(pass, src2, refs)
	if err != nil {
		t.Fatalf("buildWith with the referenced packages: %v", err)
	}
	if n := len(ssapkg.Prog.AllPackages()); n != len(refs)+1 {
		t.Errorf("program holds %d packages, want the %d referenced and p", n, len(refs))
	}
}
