package wholeprogram

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/illtyped"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// NewProgram creates the SSA program of the loaded packages (leaving out
// the test variants of the roots), not yet built: bodies only for the
// packages jobeffects analyses, not the standard library or modeled
// libraries (their effects come from models). A driver can build each
// package as soon as its analysis is done and free its syntax and types
// then; Resolve builds whatever is left.
func NewProgram(fset *token.FileSet, pkgs []*packages.Package, ix *models.Index) *ssa.Program {
	c := NewCreator(fset, pkgs, ix)
	packages.Visit(production(pkgs), nil, c.Create)
	c.Finish()
	return c.Program
}

// Creator creates the SSA program of NewProgram one package at a time,
// as a driver that type-checks each package only when its pass is about
// to run (runner's loader) gets its types: the packages are not all
// type-checked when the program is made. Which packages it creates, and
// with what, is NewProgram's choice; only the order differs, which SSA's
// creation does not depend on (a package's members are its own).
type Creator struct {
	// Program is the program created so far.
	Program *ssa.Program
	fset    *token.FileSet
	ix      *models.Index
	roots   []*packages.Package        // the production roots
	reach   map[*packages.Package]bool // what Visit from them reaches
	created map[*types.Package]bool
}

// NewCreator makes an empty program for the loaded packages (their
// metadata: no types needed yet).
func NewCreator(fset *token.FileSet, pkgs []*packages.Package, ix *models.Index) *Creator {
	c := &Creator{
		Program: ssa.NewProgram(fset, ssa.InstantiateGenerics),
		fset:    fset,
		ix:      ix,
		roots:   production(pkgs),
		reach:   map[*packages.Package]bool{},
		created: map[*types.Package]bool{},
	}
	packages.Visit(c.roots, nil, func(p *packages.Package) { c.reach[p] = true })
	return c
}

// Create creates p's SSA package once p is type-checked (its imports
// were before it). Not safe for concurrent use, nor while a package of
// the program is built.
func (c *Creator) Create(p *packages.Package) {
	if !c.reach[p] {
		return
	}
	// A package with load or syntax errors gets no bodies; one with
	// only type errors gets those of its well-typed functions
	// (illtyped.Strip, as its analysis does) if SSA can be built
	// from them; its importers (go/packages calls them IllTyped too)
	// type-check and get theirs.
	if p.Types == nil || c.created[p.Types] {
		return
	}
	files, info := p.Syntax, p.TypesInfo
	if len(p.Errors) > 0 {
		if !onlyTypeErrors(p) || c.ix.Modeled(p.Types) {
			return
		}
		src := illtyped.Strip(c.fset, p.Syntax, p.TypesInfo, p.TypeErrors)
		if !buildable(c.fset, p.Types, src) {
			return
		}
		files, info = src.Files, src.Info
	}
	c.created[p.Types] = true
	// An import left out above (load errors: a module the build cannot
	// get) must exist before p is built, or SSA panics on the import: it
	// is created now without bodies, as Finish would.
	for _, i := range p.Types.Imports() {
		c.bodiless(i)
	}
	if c.ix.Modeled(p.Types) || info == nil {
		c.Program.CreatePackage(p.Types, nil, nil, true)
		return
	}
	c.Program.CreatePackage(p.Types, files, info, true)
}

// Finish creates, without bodies, the packages known only through the
// imports of the created ones (imports of ill-typed ones), once every
// package was given to Create.
func (c *Creator) Finish() {
	for _, p := range c.roots {
		if p.Types != nil {
			for _, i := range p.Types.Imports() {
				c.bodiless(i)
			}
		}
	}
}

// bodiless creates t and what it imports without bodies, unless created.
func (c *Creator) bodiless(t *types.Package) {
	if c.created[t] {
		return
	}
	c.created[t] = true
	c.Program.CreatePackage(t, nil, nil, true)
	for _, i := range t.Imports() {
		c.bodiless(i)
	}
}
