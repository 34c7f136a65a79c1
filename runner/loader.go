package runner

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"log"
	"os"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// Loading on demand. go/packages, asked for syntax and types, parses and
// type-checks every package of the load before returning, and the
// analysis then starts with the syntax and types of all of them live: on
// a large program that was most of the run's peak (go/types and syntax
// were two thirds of it while the first passes built their SSA). The
// passes free a package's syntax and types.Info once its pass and SSA are
// done (whole.go), so if a package is parsed and type-checked only when
// its pass is about to run, what the packages not yet analysed would hold
// never coexists. The command therefore loads metadata only (go list)
// and a Loader does, one package at a time, what go/packages'
// loadPackage does (x/tools v0.52.0, go/packages/packages.go): the same
// files, the same types.Config, the same errors in the same order and
// form.

// Loader parses and type-checks the packages of a metadata-only load one
// at a time (Check), after their imports.
type Loader struct {
	fset  *token.FileSet
	parse func(*token.FileSet, string, []byte) (*ast.File, error)
	// trimmed reports whether parse left something out of a package's
	// files; such a package with errors is parsed again whole.
	trimmed func(pkgPath string) bool
	// files are the packages' files (CompiledGoFiles as go list gave
	// them: -safe's load does not keep them on the packages).
	files map[*packages.Package][]string

	mu sync.Mutex
	// parsed shares a file's syntax between the packages that list it
	// (a package and its test variant), as go/packages does; an entry
	// goes once its last user took it.
	parsed  map[string]*parsedFile
	byTypes map[*types.Package]*packages.Package
}

type parsedFile struct {
	users int
	ready chan struct{}
	f     *ast.File
	err   error
}

// NewLoader prepares the type-checking of pkgs and their dependencies,
// loaded with metadata only (names, files, imports, module, sizes). parse
// is go/packages' Config.ParseFile (nil: its default); trimmed, if set,
// says which packages parse trimmed (cmd/jobeffects' trimmer). Every
// package gets fset.
func NewLoader(fset *token.FileSet, pkgs []*packages.Package, parse func(*token.FileSet, string, []byte) (*ast.File, error), trimmed func(string) bool) *Loader {
	if parse == nil {
		parse = parseWhole
	}
	l := &Loader{fset: fset, parse: parse, trimmed: trimmed, files: map[*packages.Package][]string{},
		parsed: map[string]*parsedFile{}, byTypes: map[*types.Package]*packages.Package{}}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		p.Fset = fset
		l.files[p] = p.CompiledGoFiles
		for _, f := range p.CompiledGoFiles {
			pf := l.parsed[f]
			if pf == nil {
				pf = &parsedFile{}
				l.parsed[f] = pf
			}
			pf.users++
		}
	})
	return l
}

// parseWhole is go/packages' default ParseFile.
func parseWhole(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
}

// Package is the loaded package whose types are t (nil before its Check).
func (l *Loader) Package(t *types.Package) *packages.Package {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.byTypes[t]
}

// Check parses and type-checks p, whose imports are checked: it sets
// Types, Syntax, TypesInfo, TypeErrors, IllTyped and adds its parse and
// type errors to Errors, as go/packages would have.
func (l *Loader) Check(p *packages.Package) {
	listed := p.Errors
	l.check(p, l.parseFiles(l.files[p]))
	if l.trimmed != nil && len(p.Errors) > 0 && l.trimmed(p.PkgPath) {
		// Something in a trimmed file needed what was left out: the
		// package whole (its importers are checked after it).
		p.Errors, p.TypeErrors = listed, nil
		var files []parseResult
		for _, name := range l.files[p] {
			files = append(files, readParse(l.fset, name, parseWhole))
		}
		l.check(p, files)
	}
	l.mu.Lock()
	l.byTypes[p.Types] = p
	l.mu.Unlock()
}

// adopt makes t, read from export data (exportdata.go), p's types in place
// of a Check: p gets no syntax and no TypesInfo, and its files are
// released from the parses it would have shared.
func (l *Loader) adopt(p *packages.Package, t *types.Package) {
	p.Types, p.Syntax, p.TypesInfo, p.TypeErrors = t, nil, nil, nil
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		p.IllTyped = p.IllTyped || imp.IllTyped
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, name := range l.files[p] {
		if pf := l.parsed[name]; pf != nil {
			if pf.users--; pf.users <= 0 {
				delete(l.parsed, name)
			}
		}
	}
	l.byTypes[t] = p
}

type parseResult struct {
	f   *ast.File
	err error
}

// parseFiles parses the files, sharing each with the other packages that
// list it.
func (l *Loader) parseFiles(names []string) []parseResult {
	out := make([]parseResult, len(names))
	for i, name := range names {
		l.mu.Lock()
		pf := l.parsed[name]
		if pf == nil { // not counted (a file listed twice)
			pf = &parsedFile{users: 1}
		}
		first := pf.ready == nil
		if first {
			pf.ready = make(chan struct{})
		}
		if pf.users--; pf.users <= 0 {
			delete(l.parsed, name)
		}
		l.mu.Unlock()
		if first {
			r := readParse(l.fset, name, l.parse)
			pf.f, pf.err = r.f, r.err
			close(pf.ready)
		}
		<-pf.ready
		out[i] = parseResult{pf.f, pf.err}
	}
	return out
}

// readParse reads and parses one file (go/packages' parseFile).
func readParse(fset *token.FileSet, name string, parse func(*token.FileSet, string, []byte) (*ast.File, error)) parseResult {
	src, err := os.ReadFile(name)
	if err != nil {
		return parseResult{nil, err}
	}
	f, err := parse(fset, name, src)
	return parseResult{f, err}
}

// check is go/packages' loadPackage from the parse on (the load mode
// NeedSyntax|NeedTypes|NeedTypesInfo|NeedDeps: bodies checked
// everywhere, no cgo type-checking mode, no export data).
func (l *Loader) check(p *packages.Package, parsed []parseResult) {
	if p.PkgPath == "unsafe" {
		p.Types = types.Unsafe
		p.Syntax = []*ast.File{}
		p.TypesInfo = newTypesInfo()
		return
	}
	// Named explicitly, as go/packages does: no skew between go list
	// and the files' package clauses.
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	appendError := func(err error) {
		var errs []packages.Error
		switch err := err.(type) {
		case packages.Error:
			errs = append(errs, err)
		case *os.PathError:
			errs = append(errs, packages.Error{Pos: err.Path + ":1", Msg: err.Err.Error(), Kind: packages.ParseError})
		case scanner.ErrorList:
			for _, err := range err {
				errs = append(errs, packages.Error{Pos: err.Pos.String(), Msg: err.Msg, Kind: packages.ParseError})
			}
		case types.Error:
			p.TypeErrors = append(p.TypeErrors, err)
			errs = append(errs, packages.Error{Pos: err.Fset.Position(err.Pos).String(), Msg: err.Msg, Kind: packages.TypeError})
		default:
			errs = append(errs, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
			log.Printf("internal error: error %q (%T) without position", err, err)
		}
		p.Errors = append(p.Errors, errs...)
	}
	// Files that could be at least partly parsed, in order; then the
	// errors, in order (go/packages' parseFiles).
	var files []*ast.File
	for _, r := range parsed {
		if r.f != nil {
			files = append(files, r.f)
		}
	}
	for _, r := range parsed {
		if r.err != nil {
			appendError(r.err)
		}
	}
	p.Syntax = files
	p.TypesInfo = sizedTypesInfo(files)
	importer := importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		ipkg := p.Imports[path]
		if ipkg == nil {
			if path == "C" {
				// Without cgo go list lists "C" but no package for it.
				return nil, fmt.Errorf("missing package: %q", path)
			}
			return nil, fmt.Errorf("no metadata for %s", path)
		}
		if ipkg.Types != nil && ipkg.Types.Complete() {
			return ipkg.Types, nil
		}
		return nil, fmt.Errorf("internal error: %s imported before it was type-checked", path)
	})
	tc := &types.Config{Importer: importer, Error: appendError, Sizes: p.TypesSizes}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	typErr := types.NewChecker(tc, l.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if typErr != nil && len(p.Errors) == 0 && len(p.Syntax) > 0 {
		if msg := typErr.Error(); strings.HasPrefix(msg, "package requires newer Go version") {
			appendError(types.Error{Fset: l.fset, Pos: p.Syntax[0].Package, Msg: msg})
		}
	}
	// (go/packages' FakeImportC check: never set in this mode.)
	if typErr != nil && len(p.Errors) == 0 {
		appendError(typErr)
	}
	ill := len(p.Errors) > 0
	if !ill {
		for _, imp := range p.Imports {
			if imp.IllTyped {
				ill = true
				break
			}
		}
	}
	p.IllTyped = ill
}

func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
}

// sizedTypesInfo is newTypesInfo with its largest maps made at about the
// size the type-check will fill them to, from a count of the files'
// syntax. Grown from empty, the maps rehash as they double: on a rerun of
// a 1,000-package program, where every package is type-checked again to
// replay its cached facts, that growth was about a quarter of the
// type-checker's CPU. The sizes are hints only: what the maps hold is
// unchanged. The ratios were measured on centrifugo's packages (entries
// per node over the whole program: Types 0.70 of the expressions, Uses
// 0.82 and Defs 0.19 of the identifiers, Selections 0.71 of the selector
// expressions); each hint is a little above its ratio, so that most maps
// are made once and few much larger than they fill.
func sizedTypesInfo(files []*ast.File) *types.Info {
	n := countSyntax(files)
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, n.exprs*3/4),
		Defs:         make(map[*ast.Ident]types.Object, n.idents/5),
		Uses:         make(map[*ast.Ident]types.Object, n.idents*5/6),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope, n.scopes),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, n.selectors*3/4),
		FileVersions: make(map[*ast.File]string, len(files)),
	}
}

// syntaxCounts are the nodes of a package's files the Info maps grow with.
type syntaxCounts struct {
	exprs, idents, selectors, scopes int
}

func countSyntax(files []*ast.File) syntaxCounts {
	var n syntaxCounts
	for _, f := range files {
		ast.Inspect(f, func(node ast.Node) bool {
			switch node.(type) {
			case *ast.Ident:
				n.idents++
				n.exprs++
			case *ast.SelectorExpr:
				n.selectors++
				n.exprs++
			case ast.Expr:
				n.exprs++
			case *ast.File, *ast.BlockStmt, *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt,
				*ast.TypeSwitchStmt, *ast.CaseClause, *ast.CommClause:
				n.scopes++ // go/types records a scope for each (and for each FuncType, an Expr)
			}
			return true
		})
	}
	return n
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
