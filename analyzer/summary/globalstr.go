package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Package-level string variables read as constants: SQL kept in
// `var selectSQL = "select …" + fmt.Sprintf("%d", stateJoin)` (a var
// because of the Sprintf) is as fixed as a const when nothing but its
// declaration assigns it. A variable is read through its initialiser
// only when it is unexported (no other package can assign it), of string
// type (or []string, whose elements an index store could still change:
// goctl never does), stored exactly once, by the package initialiser, and never used
// but by loads: no other function of the package stores into it, and its
// address is not taken (flag.StringVar(&selectSQL, …) may change it at
// run time). Anything else keeps the load dynamic.

// globalInit returns the value the package initialiser stores into g when
// g is read as a constant (see above), else nil.
func (p *Package) globalInit(g *ssa.Global) ssa.Value {
	if p == nil || g == nil || g.Pkg != p.pkg {
		return nil
	}
	if p.globalStrs == nil {
		p.globalStrs = p.indexGlobalStrings()
	}
	return p.globalStrs[g]
}

// indexGlobalStrings scans the package's functions (and its initialiser)
// for the stores into, and other uses of, its unexported string variables.
func (p *Package) indexGlobalStrings() map[*ssa.Global]ssa.Value {
	init := p.pkg.Func("init")
	inits := map[*ssa.Global]ssa.Value{}
	bad := map[*ssa.Global]bool{}
	candidate := func(v ssa.Value) *ssa.Global {
		g, ok := v.(*ssa.Global)
		if !ok || g.Pkg != p.pkg || token.IsExported(g.Name()) {
			return nil
		}
		ptr, ok := g.Type().(*types.Pointer)
		if !ok {
			return nil
		}
		if !isStringOrList(ptr.Elem()) {
			return nil
		}
		return g
	}
	scan := func(fn *ssa.Function) {
		var ops []*ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if g := candidate(st.Addr); g != nil {
						if _, seen := inits[g]; seen || fn != init {
							bad[g] = true
						} else {
							inits[g] = st.Val
						}
						if h := candidate(st.Val); h != nil {
							bad[h] = true
						}
						continue
					}
				}
				if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.MUL {
					continue // a load
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil {
						continue
					}
					if g := candidate(*op); g != nil {
						bad[g] = true // its address escapes
					}
				}
			}
		}
	}
	if init != nil {
		scan(init)
	}
	for fn := range p.set {
		if fn != init {
			scan(fn)
		}
	}
	for g := range bad {
		delete(inits, g)
	}
	return inits
}

// isStringOrList: a string, or a []string (goctl's fieldNames list that a
// strings.Join reads, sqltext.go).
func isStringOrList(t types.Type) bool {
	if sl, ok := t.Underlying().(*types.Slice); ok {
		t = sl.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
