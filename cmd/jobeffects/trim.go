package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"sync"
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
	// deps are the files of packages outside the main modules (the
	// standard library's included): their constant tables are dropped
	// (dropTables), by package in tables.
	deps    map[string]string // file → its package's path
	tables  sync.Map          // package path → true: a table was dropped
	dropped atomic.Int64      // constant tables dropped
}

// newTrimmer picks the modelled packages of the load (its metadata); nil
// when the models cannot be read (everything is then parsed whole).
func newTrimmer(pkgs []*packages.Package) *trimmer {
	ix, err := models.Builtin()
	if err != nil {
		return nil
	}
	t := &trimmer{names: map[string]string{}, files: map[string]bool{}, pkgs: map[string]bool{}, deps: map[string]string{}}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		t.names[p.PkgPath] = p.Name
		// A package of another module than the main ones (the load asks
		// for modules) loses its constant tables as the standard
		// library's do: on flexprice one dependency's tables
		// (go-textseg's) were 113,000 instructions of SSA package
		// initialiser, kept live through the call graphs. A package
		// without module information (GOPATH, a file list) keeps them.
		if models.IsStandard(p.PkgPath) || p.Module != nil && !p.Module.Main {
			for _, f := range p.GoFiles {
				t.deps[f] = p.PkgPath
			}
		}
		// Module is read here as the trimmer's own go list gave it before
		// the load was metadata only: nil. So a main-module package with
		// a modelled path is trimmed: what every output was made with.
		// Using the modules here is a change of its own.
		mod := (*packages.Module)(nil)
		// Built-in models only: a config can add models, not remove them,
		// so these packages are modelled whatever config applies.
		if !ix.ModeledPath(p.PkgPath) || mod != nil && mod.Main {
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
		f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		if err == nil && f != nil {
			t.dropTablesOf(filename, f)
		}
		return f, err
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
	dropBodies(f)
	resolved := false
	if hasFuncLit(f) {
		// A function literal left (a variable's initialiser) declares
		// parameters and locals, which may be spelled like an import
		// whose only uses were in the bodies removed: parse again with
		// go/ast's object resolution, so that blankUnused can tell a
		// local's selector (fs.Open, fs a parameter) from the import's.
		g, err := parser.ParseFile(fset, filename, src, parser.AllErrors)
		if err != nil || g == nil {
			return g, err
		}
		f, resolved = g, true
		dropBodies(f)
	}
	t.dropTablesOf(filename, f) // once per file: it counts the tables
	t.blankUnused(f, resolved)
	return f, nil
}

// dropBodies removes the bodies of the file's functions, leaving the ones
// go/types requires a stub that type-checks under any signature.
func dropBodies(f *ast.File) {
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
}

// hasFuncLit reports whether the file, its bodies dropped, still holds a
// function literal: the only syntax left in it that declares locals.
func hasFuncLit(f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			found = true
		}
		return !found
	})
	return found
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
// blank imports. With resolved (the file parsed with go/ast's object
// resolution), a selector whose operand resolves to an object of the file
// (a parameter, a local, a package-level name declared there) is not a use
// of an import: go/parser never resolves an identifier to an import, and
// Go forbids a package-level name spelled like one of the file's imports.
// Without it, every selector's operand counts: an import kept unused, or
// one blanked that is used, is a type error, and the loader parses the package again whole (trimmed).
func (t *trimmer) blankUnused(f *ast.File, resolved bool) {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && (!resolved || id.Obj == nil) {
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

// trimmed reports whether the package's files were parsed with something
// left out (bodies, a constant table): the loader (runner.Loader) parses
// such a package again whole when it has errors (a file this does not
// understand must not cost the user a type error). It is asked after the
// package's files are parsed.
func (t *trimmer) trimmed(pkgPath string) bool {
	_, tables := t.tables.Load(pkgPath)
	return t.pkgs[pkgPath] || tables
}

// Constant tables. Dependencies declare lookup tables as package
// variables initialised by composite literals of numbers (Unicode and
// IDNA tables, compression codes, old-style protocol buffer descriptors):
// on a 1,100-package program more than half a million numbers, each an
// expression in the syntax, an entry in the type information and three
// instructions of the SSA package initialiser — about a tenth of the live
// heap. No analysis reads a number out of such a table: loads from a
// package variable are not constants to SSA, and what the analysis reads
// of package initialisers is strings (SQL, names), function values,
// durations and counts (retry settings), none a table of hundreds of
// bare numbers. So in packages outside the main module (the user's own
// code is kept whole), a composite literal of at least tableLeaves
// numbers and nothing else (nested literals without a type, numeric keys)
// loses its elements: its type, and so the variable's, is unchanged
// ([...]T gets its length written out). A table that a type error would
// have been reported in makes the loader parse its package again without this (trimmed).

// tableLeaves is the least number of numbers a literal must hold to be
// dropped as a table.
const tableLeaves = 256

// dropTablesOf drops the constant tables of a file outside the main
// module.
func (t *trimmer) dropTablesOf(filename string, f *ast.File) {
	pkg, ok := t.deps[filename]
	if !ok {
		return
	}
	if n := dropTables(f); n > 0 {
		t.tables.Store(pkg, true)
		t.dropped.Add(int64(n))
	}
}

// dropTables empties the constant tables among the initialisers of the
// file's package variables and returns how many.
func dropTables(f *ast.File) int {
	n := 0
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			vs, ok := s.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for _, v := range vs.Values {
				ast.Inspect(v, func(node ast.Node) bool {
					lit, ok := node.(*ast.CompositeLit)
					if !ok || lit.Type == nil {
						return true
					}
					leaves, ok := numberLeaves(lit)
					if !ok || leaves < tableLeaves {
						return true
					}
					if at, ok := lit.Type.(*ast.ArrayType); ok {
						if _, ok := at.Len.(*ast.Ellipsis); ok {
							if keyed(lit) {
								return false // its length depends on the keys
							}
							at.Len = &ast.BasicLit{ValuePos: at.Len.Pos(), Kind: token.INT, Value: strconv.Itoa(len(lit.Elts))}
						}
					}
					lit.Elts = nil
					n++
					return false
				})
			}
		}
	}
	return n
}

// numberLeaves counts the numbers of a literal made of numbers only
// (nested literals without a type, numeric keys); false if it holds
// anything else. Also numbers only: an element of an array, slice or map
// literal spelled with the literal's own element type, and a name as a
// key — a field's of the element struct, or a constant's (an index, a
// map key). So a typed table of structs such as go-textseg's
// []unicode.Range16{unicode.Range16{Lo: 0xd, Hi: 0xd, Stride: 0x1}, …}
// is one. An element of another type than the element type's spelling
// is not (a conversion to an interface: its type's methods are runtime
// types the call graph reads), nor is the struct literal around such a
// table (&unicode.RangeTable{R16: …}: whether a field is an interface
// is not known here), whose tables are emptied one by one instead.
func numberLeaves(lit *ast.CompositeLit) (int, bool) {
	var elem ast.Expr // the element type as written, if lit's type says it
	switch t := lit.Type.(type) {
	case *ast.ArrayType:
		elem = t.Elt
	case *ast.MapType:
		elem = t.Value
	}
	n := 0
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if _, name := kv.Key.(*ast.Ident); !name && !isNumber(kv.Key) {
				return 0, false
			}
			e = kv.Value
		}
		if inner, ok := e.(*ast.CompositeLit); ok && (inner.Type == nil || sameType(inner.Type, elem)) {
			m, ok := numberLeaves(inner)
			if !ok {
				return 0, false
			}
			n += m
			continue
		}
		if !isNumber(e) {
			return 0, false
		}
		n++
	}
	return n, true
}

// sameType reports whether two type expressions are spelled the same
// (nil: not known, never the same).
func sameType(a, b ast.Expr) bool {
	return a != nil && b != nil && types.ExprString(a) == types.ExprString(b)
}

// isNumber reports whether e is a numeric or character literal, or one
// with a sign.
func isNumber(e ast.Expr) bool {
	if u, ok := e.(*ast.UnaryExpr); ok && (u.Op == token.SUB || u.Op == token.ADD) {
		e = u.X
	}
	b, ok := e.(*ast.BasicLit)
	return ok && b.Kind != token.STRING
}

// keyed reports whether a literal has keyed elements.
func keyed(lit *ast.CompositeLit) bool {
	for _, e := range lit.Elts {
		if _, ok := e.(*ast.KeyValueExpr); ok {
			return true
		}
	}
	return false
}
