package summary

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// fieldFuncs returns the values the package's production code (not its
// _test.go files, which wire fakes) stores into func-typed field f, and
// whether they are all there is: f is an unexported field of a struct
// type this package declares, which no other package can name. A field
// nothing stores into holds nil, always.
func (p *Package) fieldFuncs(f *types.Var) ([]ssa.Value, bool) {
	if f == nil {
		return nil, false
	}
	if _, isFunc := f.Type().Underlying().(*types.Signature); !isFunc {
		return nil, false
	}
	return p.storedInField(f)
}

// storedInField returns the values the package's production code stores
// into field f, of any type, and whether they are all there is: f is an
// unexported field of a struct type this package declares (fieldFuncs;
// a *bufio.Writer kept in a field, bufiowrap.go; a *mongo.Collection
// kept in a field, chain.go's fieldTable).
func (p *Package) storedInField(f *types.Var) ([]ssa.Value, bool) {
	if f == nil || f.Exported() || f.Pkg() == nil || p.pkg == nil || f.Pkg() != p.pkg.Pkg {
		return nil, false
	}
	if p.funcFields == nil {
		p.funcFields = map[*types.Var][]ssa.Value{}
		fns := make([]*ssa.Function, 0, len(p.set))
		for fn := range p.set {
			fns = append(fns, fn)
		}
		sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
		for _, fn := range fns {
			if p.testFile(fn) {
				continue
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					fa, ok := st.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					s, ok := ssavalue.Deref(fa.X.Type()).Underlying().(*types.Struct)
					if !ok || fa.Field >= s.NumFields() {
						continue
					}
					v := s.Field(fa.Field).Origin()
					p.funcFields[v] = append(p.funcFields[v], st.Val)
				}
			}
		}
	}
	return p.funcFields[f], true
}

// testFile reports whether fn is declared in a _test.go file.
func (p *Package) testFile(fn *ssa.Function) bool {
	pos := fn.Pos()
	if !pos.IsValid() && fn.Parent() != nil {
		pos = fn.Parent().Pos()
	}
	return pos.IsValid() && strings.HasSuffix(p.env.Fset.Position(pos).Filename, "_test.go")
}
