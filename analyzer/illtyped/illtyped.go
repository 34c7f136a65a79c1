// Package illtyped lets a package that does not type-check be analysed
// for the rest: go/packages and the analysis checker hand over the
// package's partial types (every expression the checker could type), and
// SSA can be built from the functions whose bodies are well typed. The
// functions whose body holds a type error, or uses a value or a
// declaration whose type does not check (an undefined type of another
// package, a call of a function whose signature names one), keep no body:
// each gets the reason (the type error's file:line) that their callers
// read as an unknown effect, so only what really depends on the ill-typed
// code is unknown.
package illtyped

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
)

// Package is a package's syntax and types with the ill-typed functions'
// bodies removed.
type Package struct {
	// Files are copies of the package's files whose ill-typed function
	// declarations have no body (the originals are untouched).
	Files []*ast.File
	// Info is a copy of the types whose InitOrder leaves out the
	// package-level initialisers that do not type-check.
	Info *types.Info
	// Funcs are the ill-typed functions, with the reason: the first type
	// error in the function ("file:line:col: message"), else the first
	// use of something whose type does not check.
	Funcs map[*types.Func]string
	// Vars are the package-level variables whose initialiser was left
	// out, with the reason.
	Vars map[*types.Var]string
}

// Strip returns the package without its ill-typed bodies. With no type
// errors it returns the files and types as they are and no functions.
func Strip(fset *token.FileSet, files []*ast.File, info *types.Info, errs []types.Error) *Package {
	out := &Package{Files: files, Info: info}
	if len(errs) == 0 || info == nil {
		return out
	}
	sorted := append([]types.Error(nil), errs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Pos < sorted[j].Pos })
	s := &scanner{fset: fset, info: info, errs: sorted, invalid: map[types.Type]bool{}}
	out.Funcs = map[*types.Func]string{}
	out.Vars = map[*types.Var]string{}
	out.Files = make([]*ast.File, len(files))
	for i, f := range files {
		nf := *f
		nf.Decls = make([]ast.Decl, len(f.Decls))
		for j, d := range f.Decls {
			nf.Decls[j] = d
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := info.Defs[fd.Name].(*types.Func)
			why := s.reason(fd, fd.Pos(), fd.End())
			if why == "" && obj != nil && s.hasInvalid(obj.Type()) {
				why = s.at(fd.Name.Pos(), "its signature names a type that does not check")
			}
			if why == "" {
				continue
			}
			if obj != nil {
				out.Funcs[obj] = why
			}
			nd := *fd
			nd.Body = nil
			nf.Decls[j] = &nd
		}
		out.Files[i] = &nf
	}
	ni := *info
	ni.InitOrder = nil
	for _, in := range info.InitOrder {
		why := s.reason(in.Rhs, in.Rhs.Pos(), in.Rhs.End())
		for _, v := range in.Lhs {
			if why == "" && s.hasInvalid(v.Type()) {
				why = s.at(v.Pos(), "its type does not check")
			}
		}
		if why == "" {
			ni.InitOrder = append(ni.InitOrder, in)
			continue
		}
		for _, v := range in.Lhs {
			out.Vars[v] = why
		}
	}
	out.Info = &ni
	return out
}

type scanner struct {
	fset    *token.FileSet
	info    *types.Info
	errs    []types.Error // by position
	invalid map[types.Type]bool
}

// at formats a reason at a position.
func (s *scanner) at(pos token.Pos, msg string) string {
	p := s.fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d: %s", p.Filename, p.Line, p.Column, msg)
}

// reason says why the syntax between from and to does not type-check, or
// "" when it does: a type error inside, else the first expression or
// identifier whose type contains an invalid one.
func (s *scanner) reason(n ast.Node, from, to token.Pos) string {
	i := sort.Search(len(s.errs), func(i int) bool { return s.errs[i].Pos >= from })
	if i < len(s.errs) && s.errs[i].Pos < to {
		return s.at(s.errs[i].Pos, s.errs[i].Msg)
	}
	why := ""
	ast.Inspect(n, func(n ast.Node) bool {
		if why != "" {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if tv, ok := s.info.Types[e]; ok && !tv.IsBuiltin() && tv.Type != nil && s.hasInvalid(tv.Type) {
			why = s.at(e.Pos(), fmt.Sprintf("%s has a type that does not check", types.ExprString(e)))
			return false
		}
		if id, ok := e.(*ast.Ident); ok {
			if obj := s.info.ObjectOf(id); obj != nil && obj.Type() != nil && s.hasInvalid(obj.Type()) {
				switch obj.(type) {
				case *types.PkgName, *types.Builtin, *types.Label:
					// Objects without a type (their Type is invalid).
				default:
					why = s.at(id.Pos(), fmt.Sprintf("%s has a type that does not check", id.Name))
				}
			}
		}
		return true
	})
	return why
}

// hasInvalid reports whether t is or holds the invalid type (through
// pointers, containers, signatures, struct fields, named types'
// underlying types).
func (s *scanner) hasInvalid(t types.Type) bool {
	if t == nil {
		return false
	}
	if v, ok := s.invalid[t]; ok {
		return v
	}
	s.invalid[t] = false // a cycle through a named type is not invalid by itself
	v := s.compute(t)
	s.invalid[t] = v
	return v
}

func (s *scanner) compute(t types.Type) bool {
	switch t := t.(type) {
	case *types.Basic:
		return t.Kind() == types.Invalid
	case *types.Alias:
		return s.hasInvalid(types.Unalias(t))
	case *types.Named:
		if ta := t.TypeArgs(); ta != nil {
			for i := 0; i < ta.Len(); i++ {
				if s.hasInvalid(ta.At(i)) {
					return true
				}
			}
		}
		return s.hasInvalid(t.Underlying())
	case *types.Pointer:
		return s.hasInvalid(t.Elem())
	case *types.Slice:
		return s.hasInvalid(t.Elem())
	case *types.Array:
		return s.hasInvalid(t.Elem())
	case *types.Chan:
		return s.hasInvalid(t.Elem())
	case *types.Map:
		return s.hasInvalid(t.Key()) || s.hasInvalid(t.Elem())
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if s.hasInvalid(t.At(i).Type()) {
				return true
			}
		}
	case *types.Signature:
		return s.hasInvalid(t.Params()) || s.hasInvalid(t.Results())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if s.hasInvalid(t.Field(i).Type()) {
				return true
			}
		}
	case *types.Interface:
		for i := 0; i < t.NumExplicitMethods(); i++ {
			if s.hasInvalid(t.ExplicitMethod(i).Type()) {
				return true
			}
		}
		for i := 0; i < t.NumEmbeddeds(); i++ {
			if s.hasInvalid(t.EmbeddedType(i)) {
				return true
			}
		}
	}
	return false
}
