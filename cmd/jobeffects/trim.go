package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"sync/atomic"

	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer/models"
)

// Loading without bodies. The analysis never reads the code of the
// standard library or of the libraries the catalog models: calls into them
// are matched against models, their packages are not summarised and the
// whole-program SSA has no bodies for them. Yet go/packages parses and
// type-checks every dependency from source, and their syntax and type
// information were most of the live heap (on a 1,000-package program,
// well over half). So their files are parsed without function bodies: the
// type checker then checks declarations only, which is all importers and
// models need.
//
// A body removed can leave an import unused, which go/types reports; such
// imports become blank imports (still imported, no name). Which name an
// import binds is its package's name, known from a first, cheap go list.

// trimmer parses the files of modelled packages without function bodies.
type trimmer struct {
	names  map[string]string // import path → package name
	files  map[string]bool   // the files of modelled packages
	pkgs   map[string]bool   // the modelled packages that have files
	parsed atomic.Int64      // files parsed without bodies
}

// newTrimmer lists the packages of the load (names and files only) and
// picks the modelled ones; nil when that fails (the load then parses
// everything).
func newTrimmer(cfg *packages.Config, patterns []string) *trimmer {
	ix, err := models.Builtin()
	if err != nil {
		return nil
	}
	list := *cfg
	list.Mode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedDeps
	list.ParseFile = nil
	pkgs, err := packages.Load(&list, patterns...)
	if err != nil {
		return nil
	}
	t := &trimmer{names: map[string]string{}, files: map[string]bool{}, pkgs: map[string]bool{}}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		t.names[p.PkgPath] = p.Name
		// Built-in models only: a config can add models, not remove them,
		// so these packages are modelled whatever config applies.
		if !ix.ModeledPath(p.PkgPath) || p.Module != nil && p.Module.Main {
			return
		}
		for _, f := range p.GoFiles {
			t.files[f] = true
			t.pkgs[p.PkgPath] = true
		}
	})
	return t
}

// parse is the loader's ParseFile.
func (t *trimmer) parse(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	if !t.files[filename] {
		// No object resolution (go/ast's Objects and scopes): go/types and
		// the analysis never read them, and they are a tenth of the syntax.
		return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	}
	f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.SkipObjectResolution)
	if err != nil || f == nil {
		return f, err
	}
	for _, spec := range f.Imports {
		if spec.Name != nil && spec.Name.Name == "." {
			// Which names a dot import supplies is not known here: keep
			// the file whole rather than leave the import unused.
			return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
		}
	}
	t.parsed.Add(1)
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			fd.Body = nil
			if mustHaveBody(fd) {
				// go/types requires a body of init and generic functions:
				// one that type-checks under any signature.
				fd.Body = &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
					Fun: ast.NewIdent("panic"), Args: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: `""`}}}}}}
			}
		}
	}
	t.blankUnused(f)
	return f, nil
}

// mustHaveBody reports whether go/types requires fd to have a body: init
// and generic functions and the methods of generic types.
func mustHaveBody(fd *ast.FuncDecl) bool {
	if fd.Recv == nil && fd.Name.Name == "init" || fd.Type.TypeParams != nil {
		return true
	}
	if fd.Recv != nil && len(fd.Recv.List) > 0 {
		t := fd.Recv.List[0].Type
		if st, ok := t.(*ast.StarExpr); ok {
			t = st.X
		}
		switch t.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr:
			return true
		}
	}
	return false
}

// blankUnused turns the imports the remaining declarations do not use into
// blank imports.
func (t *trimmer) blankUnused(f *ast.File) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, spec := range f.Imports {
		path := importPath(spec)
		name, ok := t.names[path]
		if !ok {
			name = t.names["vendor/"+path] // the standard library's vendored packages
		}
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name == "" || name == "_" || name == "." || path == "C" || path == "unsafe" && used["unsafe"] {
			continue
		}
		if !used[name] {
			spec.Name = ast.NewIdent("_")
		}
	}
}

func importPath(spec *ast.ImportSpec) string {
	if len(spec.Path.Value) < 2 {
		return ""
	}
	return spec.Path.Value[1 : len(spec.Path.Value)-1]
}

// failed reports whether a trimmed package has errors: the load is then
// redone with every body (a file this does not understand must not cost
// the user a type error).
func (t *trimmer) failed(pkgs []*packages.Package) bool {
	bad := false
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if t.pkgs[p.PkgPath] && len(p.Errors) > 0 {
			bad = true
		}
	})
	return bad
}
