package summary

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"

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
// run time). Anything else keeps the load dynamic. Numeric variables
// under the same rules (var defaultDelay = 10 * time.Second) are read
// through globalNumber, for a duration proven non-zero (keylasts.go).

// globalInit returns the value the package initialiser stores into g when
// g is read as a constant (see above), else nil.
func (p *Package) globalInit(g *ssa.Global) ssa.Value {
	if p == nil || g == nil || g.Pkg != p.pkg {
		return nil
	}
	if p.globalStrs == nil {
		p.globalStrs = p.indexGlobalStrings()
	}
	if !isStringOrList(g.Type().(*types.Pointer).Elem()) {
		return nil
	}
	return p.globalStrs[g]
}

// globalNumber is globalInit for a numeric variable (a time.Duration
// default): the value its declaration alone stores, else nil.
func (p *Package) globalNumber(g *ssa.Global) ssa.Value {
	if p == nil || g == nil || g.Pkg != p.pkg {
		return nil
	}
	if p.globalStrs == nil {
		p.globalStrs = p.indexGlobalStrings()
	}
	if !isNumber(g.Type().(*types.Pointer).Elem()) {
		return nil
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
		if !isStringOrList(ptr.Elem()) && !isNumber(ptr.Elem()) {
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
	// Variables nothing stores into but a //go:embed directive fills: the
	// embedded file's text (embeddedText).
	for _, m := range p.pkg.Members {
		g, ok := m.(*ssa.Global)
		if !ok || candidate(g) == nil || bad[g] {
			continue
		}
		if _, stored := inits[g]; stored {
			continue
		}
		if b, ok := g.Type().(*types.Pointer).Elem().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			continue
		}
		if text, ok := p.embeddedText(g); ok {
			inits[g] = ssa.NewConst(constant.MakeString(text), g.Type().(*types.Pointer).Elem())
		}
	}
	return inits
}

// maxEmbedded caps the size of an embedded file read as SQL text.
const maxEmbedded = 1 << 20

// embeddedText reads the file a `//go:embed name` directive puts into the
// string variable g: one literal file name (a glob, several patterns or an
// embed.FS may select other files than a reviewer would check, and are
// left unread), relative to the Go file's directory, inside it after
// symbolic links are resolved, at most maxEmbedded bytes. The files are
// read from the package directory: a vet configuration (unitchecker) does
// not list embedded files, and the directory is the one the compiler
// embeds from.
func (p *Package) embeddedText(g *ssa.Global) (string, bool) {
	if p.env == nil || p.env.Fset == nil || !g.Pos().IsValid() {
		return "", false
	}
	var doc []*ast.CommentGroup
	for _, f := range p.env.Files {
		if f.Pos() > g.Pos() || g.Pos() > f.End() {
			continue
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR || g.Pos() < gd.Pos() || g.Pos() > gd.End() {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for _, n := range vs.Names {
					if n.Pos() == g.Pos() {
						if len(vs.Names) != 1 || len(vs.Values) != 0 {
							return "", false
						}
						doc = append(doc, vs.Doc)
						if len(gd.Specs) == 1 {
							doc = append(doc, gd.Doc)
						}
					}
				}
			}
		}
	}
	var patterns []string
	for _, cg := range doc {
		if cg == nil {
			continue
		}
		for _, c := range cg.List {
			if rest, ok := strings.CutPrefix(c.Text, "//go:embed"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
				patterns = append(patterns, strings.Fields(rest)...)
			}
		}
	}
	if len(patterns) != 1 {
		return "", false
	}
	name := patterns[0]
	if strings.ContainsAny(name, "*?[\\\"`") || strings.HasPrefix(name, "all:") || filepath.IsAbs(name) {
		return "", false
	}
	dir := filepath.Dir(p.env.Fset.Position(g.Pos()).Filename)
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", false
	}
	real, err := filepath.EvalSymlinks(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil || !strings.HasPrefix(real, realDir+string(filepath.Separator)) {
		return "", false
	}
	fi, err := os.Stat(real)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxEmbedded {
		return "", false
	}
	data, err := os.ReadFile(real)
	if err != nil || len(data) > maxEmbedded {
		return "", false
	}
	return string(data), true
}

// isStringOrList: a string, or a []string (goctl's fieldNames list that a
// strings.Join reads, sqltext.go).
func isNumber(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}

func isStringOrList(t types.Type) bool {
	if sl, ok := t.Underlying().(*types.Slice); ok {
		t = sl.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
