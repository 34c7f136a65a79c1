package runner

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/wholeprogram"
)

// whole is the whole-program phase's state, made before the analysis so
// that each package's SSA is created once it is type-checked (loaded) and
// built as soon as its pass is done (afterPass).
type whole struct {
	cfg     *config.Loaded
	err     error                 // the config's, printed once when resolving
	creator *wholeprogram.Creator // nil when the config failed
	prog    *ssa.Program          // the creator's
	fset    *token.FileSet
	// progMu orders the creation of packages (loaded, which writes the
	// program's tables) after the builds under way (afterPass, which read
	// them), and guards pkgs.
	progMu sync.RWMutex
	pkgs   map[*types.Package]*packages.Package
	// users counts the packages whose passes have yet to finish, per
	// file: a file is parsed once for a package and its test variant
	// (Loader), so its bodies go only when both are done.
	users map[string]*atomic.Int32
	// generic are the packages declaring generic code whose passes are
	// done, waiting for pruneGenericInfo at a moment no other package is
	// built (pruneWhenIdle).
	mu      sync.Mutex
	generic []*packages.Package
	// pending counts the entries of the waiting packages' Info.Types: a
	// large package (an ORM's generated client, a cloud SDK's service,
	// hundreds of thousands of entries) is pruned right after its pass
	// instead of holding its syntax and types until fifteen more generic
	// packages are done.
	pending int
	pruning sync.Mutex
}

// newWhole loads the config that governs the run and makes the program's
// SSA, empty: each package is created when it is type-checked (loaded).
// The packages are loaded with metadata only.
func newWhole(pkgs []*packages.Package, opts analyzer.Options, sess *settings.Session) *whole {
	w := &whole{pkgs: map[*types.Package]*packages.Package{}, users: map[string]*atomic.Int32{}}
	s, err := sess.LoadConfig(settings.ForRun(opts.Settings()))
	if err != nil {
		w.err = err
		return w
	}
	w.cfg = s.Config
	if len(pkgs) == 0 {
		return w
	}
	w.fset = pkgs[0].Fset
	w.creator = wholeprogram.NewCreator(w.fset, pkgs, w.cfg.Index)
	w.prog = w.creator.Program
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, f := range p.CompiledGoFiles {
			n := w.users[f]
			if n == nil {
				n = new(atomic.Int32)
				w.users[f] = n
			}
			n.Add(1)
		}
	})
	return w
}

// loaded creates the SSA package of p, just type-checked (its imports
// were before it).
func (w *whole) loaded(p *packages.Package) {
	if w.prog == nil {
		return
	}
	w.progMu.Lock()
	defer w.progMu.Unlock()
	if p.Types != nil {
		w.pkgs[p.Types] = p
	}
	w.creator.Create(p)
}

// afterPass builds a package's SSA once its analysis is done and frees
// its type information and function bodies: they were most of the heap
// while the remaining packages were analysed, and no other package's pass
// reads them. The SSA takes less than what it replaces.
func (w *whole) afterPass(pkg *types.Package) {
	if w.prog == nil {
		return
	}
	w.progMu.RLock()
	if sp := w.prog.Package(pkg); sp != nil {
		sp.Build()
	}
	p := w.pkgs[pkg]
	w.progMu.RUnlock()
	if p == nil {
		return
	}
	releaseTypesInfo(p)
	if p.TypesInfo != nil && declaresGenerics(pkg) {
		w.mu.Lock()
		w.generic = append(w.generic, p)
		w.pending += len(p.TypesInfo.Types)
		w.mu.Unlock()
	}
	for _, f := range p.Syntax {
		if n := w.users[w.fset.File(f.FileStart).Name()]; n != nil && n.Add(-1) == 0 {
			releaseBodies(f)
		}
	}
}

// pruneEntries is how many entries of Info.Types the waiting generic
// packages hold before they are pruned whatever their number (about
// 10 MB of type information and the syntax it keeps).
const pruneEntries = 1 << 15

// pruneWhenIdle prunes the type information of the generic packages
// whose passes are done (pruneGenericInfo) once enough of them wait
// (sixteen, or pruneEntries of type information):
// it takes every one of the running passes' slots first, so that no
// package's SSA is being built (and instantiating their generic code)
// meanwhile. The caller holds no slot; one pruner runs at a time.
func (w *whole) pruneWhenIdle(slots chan struct{}) {
	w.mu.Lock()
	n, pending := len(w.generic), w.pending
	w.mu.Unlock()
	if (n < 16 && pending < pruneEntries) || !w.pruning.TryLock() {
		return
	}
	defer w.pruning.Unlock()
	for i := 0; i < cap(slots); i++ {
		slots <- struct{}{}
	}
	w.mu.Lock()
	todo := w.generic
	w.generic, w.pending = nil, 0
	w.mu.Unlock()
	for _, p := range todo {
		pruneGenericInfo(p)
	}
	for i := 0; i < cap(slots); i++ {
		<-slots
	}
}

// resolve resolves dynamic calls over the loaded program and returns the
// results with the findings that follow from it, and how many errors it
// printed: the phase's steps that panicked (what they could not decide
// keeps its per-package answer, its dynamic calls unknown).
func (w *whole) resolve(graph *checker.Graph, facts *FactStore, pkgs []*packages.Package, report func(*result.Result) *report.Context, keepPaths bool, phase func(name, what string), results []*result.Result, stderr io.Writer) ([]*result.Result, int) {
	if len(pkgs) == 0 || len(results) == 0 {
		return results, 0
	}
	if w.err != nil {
		// The per-package pass failed on it too and said so: no results
		// to resolve reach here for the packages it governs.
		fmt.Fprintf(stderr, "jobeffects: %v\n", w.err)
		return results, 0
	}
	loaded := w.cfg
	w.creator.Finish() // every package is type-checked
	out, stats := wholeprogram.Resolve(wholeprogram.Input{
		Fset:      pkgs[0].Fset,
		Packages:  pkgs,
		Program:   w.prog,
		Graph:     graph,
		Summaries: facts.Summaries,
		Results:   results,
		Index:     loaded.Index,
		Report:    report,
		KeepPaths: keepPaths,
		Phase:     phase,
		Release: func() {
			// Every pass is done: what afterPass left (a failed package's).
			packages.Visit(pkgs, nil, func(p *packages.Package) {
				releaseTypesInfo(p)
				pruneGenericInfo(p)
				for _, f := range p.Syntax {
					releaseBodies(f)
				}
			})
		},
	})
	cwd, _ := os.Getwd()
	for _, f := range stats.Failures {
		if cwd != "" {
			f = strings.ReplaceAll(f, cwd+string(filepath.Separator), "") // relative, as the other errors
		}
		fmt.Fprintf(stderr, "jobeffects: %s; the handlers it concerns keep their per-package answers (their interface and func-value calls unresolved). Please report this with the module's version\n", f)
	}
	return out, len(stats.Failures)
}

// releaseTypesInfo empties the packages' type information (the maps from
// syntax to types and objects) once the whole program's SSA is built: no
// phase after it reads them, and on a large program they are a third of
// the live heap when the call graphs are computed. The checker's passes
// share the same Info values, so emptying them (not just dropping the
// packages' pointers) is what frees them.
//
// Packages that declare generic functions or types keep theirs: SSA
// builds the bodies of generic instances on demand (method sets in the
// call graphs, and while other packages are built, concurrently), from the
// generic code's syntax and types. Once every package is built,
// pruneGenericInfo keeps only what those instances read.
func releaseTypesInfo(p *packages.Package) {
	if info := p.TypesInfo; info != nil && p.Types != nil && !declaresGenerics(p.Types) {
		*info = types.Info{}
	}
}

// pruneGenericInfo keeps, of a package that declares generic functions or
// types, the type information of those declarations only: the rest of the
// package (its other functions, its variables' initialisers) is built
// already. It is called once no other package is being built: SSA reads
// the maps of the package whose generic function it instantiates.
func pruneGenericInfo(p *packages.Package) {
	info := p.TypesInfo
	if info == nil || p.Types == nil || !declaresGenerics(p.Types) {
		return
	}
	var spans [][2]token.Pos
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if genericDecl(d) {
					spans = append(spans, [2]token.Pos{d.Pos(), d.End()})
				}
			case *ast.GenDecl:
				if d.Tok == token.TYPE {
					// A generic type's declaration (its fields' and
					// methods' types): the instances' method sets.
					spans = append(spans, [2]token.Pos{d.Pos(), d.End()})
				}
			}
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	in := func(pos token.Pos) bool {
		i := sort.Search(len(spans), func(i int) bool { return spans[i][1] >= pos })
		return i < len(spans) && spans[i][0] <= pos
	}
	// New maps, not deletions: a map keeps its storage when its entries
	// are deleted.
	info.Types = keep(info.Types, in)
	info.Instances = keep(info.Instances, in)
	info.Defs = keep(info.Defs, in)
	info.Uses = keep(info.Uses, in)
	info.Implicits = keep(info.Implicits, in)
	info.Selections = keep(info.Selections, in)
	info.Scopes = keep(info.Scopes, in)
}

// keep is m's entries whose node lies inside the spans.
func keep[K interface {
	comparable
	Pos() token.Pos
}, V any](m map[K]V, in func(token.Pos) bool) map[K]V {
	if m == nil {
		return nil
	}
	out := map[K]V{}
	for k, v := range m {
		if in(k.Pos()) {
			out[k] = v
		}
	}
	return out
}

// releaseBodies drops the statements of every function once the whole
// program's SSA is built from them. SSA keeps each function's syntax node
// (for Syntax()), so without this the bodies of a thousand packages stay
// live through the call graphs although nothing reads them again.
// Generic functions and methods keep theirs: instances are built from them
// on demand. Declarations, positions and comments stay. The package
// variables' initialisers go too: the package's init function is built
// from them, and nothing reads them after (protocol buffers' descriptors
// and generated tables are most of a large program's declarations).
func releaseBodies(f *ast.File) {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil && !genericDecl(d) {
				dropBody(d.Body)
				d.Body = nil
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					vs.Values = nil
				}
			}
		}
	}
}

// dropBody empties the bodies of the function literals in body: the SSA
// of a closure keeps its literal, as a function keeps its declaration.
func dropBody(body *ast.BlockStmt) {
	var lits []*ast.FuncLit
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok {
			lits = append(lits, l)
		}
		return true
	})
	for _, l := range lits {
		l.Body = nil // after the walk: Inspect does not expect nil bodies
	}
	body.List = nil
}

// genericDecl reports whether fd declares a generic function or a method
// of a generic type.
func genericDecl(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// declaresGenerics reports whether pkg declares a generic function or type.
func declaresGenerics(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			if o.Signature().TypeParams().Len() > 0 {
				return true
			}
		case *types.TypeName:
			if n, ok := o.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
				return true
			}
		}
	}
	return false
}
