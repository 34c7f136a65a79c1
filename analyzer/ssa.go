package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/illtyped"
)

// buildSSA builds SSA for the package being analysed (imports are created
// from types only, without bodies) and lists its functions: declared ones,
// their closures, and the package initialiser's closures. The syntax and
// types are the package's without its ill-typed bodies (illtyped.Strip),
// which are returned as body-less functions with the reason; a package
// that still breaks the SSA builder returns nil.
func buildSSA(pass *analysis.Pass) (*ssa.Package, []*ssa.Function, map[*ssa.Function]string) {
	src := illtyped.Strip(pass.Fset, pass.Files, pass.TypesInfo, pass.TypeErrors)
	// Only the packages whose objects this package's code refers to need
	// SSA packages (types only, no bodies): creating the whole transitive
	// import closure in every pass costs more than analysing the package
	// (gRPC and generated API packages behind one modeled import). If SSA
	// still meets a package that was left out, start again with all of them.
	ssapkg, err := buildWith(pass, src, referencedPackages(pass))
	if err != nil {
		all := map[*types.Package]bool{}
		var walk func([]*types.Package)
		walk = func(ps []*types.Package) {
			for _, p := range ps {
				if !all[p] {
					all[p] = true
					walk(p.Imports())
				}
			}
		}
		walk(pass.Pkg.Imports())
		ssapkg, err = buildWith(pass, src, all)
		if err != nil && len(pass.TypeErrors) > 0 {
			return nil, nil, nil
		}
	}
	prog := ssapkg.Prog
	var funcs []*ssa.Function
	var addAnon func(fn *ssa.Function)
	addAnon = func(fn *ssa.Function) {
		for _, a := range fn.AnonFuncs {
			funcs = append(funcs, a)
			addAnon(a)
		}
	}
	for _, f := range src.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			fn := prog.FuncValue(obj)
			if fn == nil || fn.Blocks == nil {
				continue
			}
			funcs = append(funcs, fn)
			addAnon(fn)
		}
	}
	if init := ssapkg.Func("init"); init != nil {
		addAnon(init)
	}
	var ill map[*ssa.Function]string
	for obj, why := range src.Funcs {
		if fn := prog.FuncValue(obj); fn != nil && fn.Blocks == nil {
			if ill == nil {
				ill = map[*ssa.Function]string{}
			}
			ill[fn] = why
		}
	}
	return ssapkg, funcs, ill
}

// buildWith creates SSA for the package with the given packages created
// from types; a panic (a package SSA needed but was not given) is returned
// as an error.
func buildWith(pass *analysis.Pass, src *illtyped.Package, deps map[*types.Package]bool) (pkg *ssa.Package, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ssa: %v", r)
		}
	}()
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	ps := make([]*types.Package, 0, len(deps))
	for p := range deps {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Path() < ps[j].Path() })
	for _, p := range ps {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg = prog.CreatePackage(pass.Pkg, src.Files, src.Info, false)
	pkg.Build()
	return pkg, nil
}

// referencedPackages are the packages declaring the objects and types the
// package's code mentions, the packages of the types those types embed
// (promoted methods), and the package's direct imports — what SSA
// construction can ask for. The package initialiser calls every direct
// import's init, so go/ssa needs each one created even when the code
// mentions nothing of it (a blank import: a database driver, an image
// format, a CPU feature probe); without them such a package fell back to
// creating its whole import closure (flexprice's cmd/migrate: 570
// packages instead of 13, in every run).
func referencedPackages(pass *analysis.Pass) map[*types.Package]bool {
	out := map[*types.Package]bool{}
	seen := map[types.Type]bool{}
	var addType func(t types.Type)
	add := func(p *types.Package) {
		if p != nil && p != pass.Pkg {
			out[p] = true
		}
	}
	for _, p := range pass.Pkg.Imports() {
		add(p)
	}
	addType = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch x := types.Unalias(t).(type) {
		case *types.Named:
			add(x.Obj().Pkg())
			for i := 0; i < x.TypeArgs().Len(); i++ {
				addType(x.TypeArgs().At(i))
			}
			addType(x.Underlying())
		case *types.Pointer:
			addType(x.Elem())
		case *types.Slice:
			addType(x.Elem())
		case *types.Array:
			addType(x.Elem())
		case *types.Map:
			addType(x.Key())
			addType(x.Elem())
		case *types.Chan:
			addType(x.Elem())
		case *types.Struct:
			for i := 0; i < x.NumFields(); i++ {
				f := x.Field(i)
				add(f.Pkg())
				if f.Embedded() {
					addType(f.Type())
				}
			}
		case *types.Interface:
			for i := 0; i < x.NumEmbeddeds(); i++ {
				addType(x.EmbeddedType(i))
			}
			for i := 0; i < x.NumMethods(); i++ {
				add(x.Method(i).Pkg())
			}
		case *types.Signature:
			for i := 0; i < x.Params().Len(); i++ {
				addType(x.Params().At(i).Type())
			}
			for i := 0; i < x.Results().Len(); i++ {
				addType(x.Results().At(i).Type())
			}
		}
	}
	for _, obj := range pass.TypesInfo.Uses {
		add(obj.Pkg())
		addType(obj.Type())
	}
	for _, sel := range pass.TypesInfo.Selections {
		add(sel.Obj().Pkg())
		addType(sel.Recv())
	}
	for _, tv := range pass.TypesInfo.Types {
		addType(tv.Type)
	}
	for _, inst := range pass.TypesInfo.Instances {
		addType(inst.Type)
	}
	return out
}
