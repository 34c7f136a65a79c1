package summary

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Query tables: a package-level struct value whose fields hold the SQL of
// an entity, each set by the declaration from a constant or an embedded
// file (mint-app's sqlqueries):
//
//	//go:embed SQL/analyzed_audit/create.sql
//	var analyzedAuditCreate string
//	var AnalyzedAudit = analyzedAuditScripts{Create: analyzedAuditCreate, …}
//
// and read by other packages (db.PrepareNamed(sqlqueries.AnalyzedAudit.Create)).
// A reviewer reads the field as the file's text. A field is read so only
// when the variable's type is a struct of string fields alone (a table of
// texts, not a configuration that code fills), the package initialiser
// stores the field exactly once, and nothing else stores into the
// variable or into that field, or takes the address of either (a load is
// the only other use), neither in the declaring package nor in the package
// that reads it (a third package assigning the field of a query table is
// the one case left out). The declaring package publishes the texts as a
// fact on the variable (Package.GlobalFieldTexts); an exported query
// table is read too, unlike an exported string variable (globalstr.go):
// the texts are what the package exists to hold.

// globalFieldsIndex is what a package's code does with the query tables
// it declares or reads.
type globalFieldsIndex struct {
	// stored are the values the initialiser stores into the fields of
	// the package's own tables.
	stored map[*ssa.Global]map[int]ssa.Value
	// bad are the variables (the package's or imported) a store outside
	// the initialiser, a second store or an escaping address disqualifies;
	// badField the fields a store or an escaping address of their own
	// does.
	bad      map[*ssa.Global]bool
	badField map[globalFieldKey]bool
	// texts memoises the texts of the package's own fields; inProgress
	// breaks a table whose field reads itself.
	texts      map[globalFieldKey][]string
	inProgress map[globalFieldKey]bool
}

type globalFieldKey struct {
	g     *ssa.Global
	field int
}

// isQueryTable reports whether g is a package-level struct variable of
// string fields alone.
func isQueryTable(g *ssa.Global) bool {
	ptr, ok := g.Type().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || st.NumFields() == 0 {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		b, ok := st.Field(i).Type().Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsString == 0 {
			return false
		}
	}
	return true
}

// globalFields indexes the uses of query tables in the package's code.
func (p *Package) globalFields() *globalFieldsIndex {
	if p.gFields != nil {
		return p.gFields
	}
	ix := &globalFieldsIndex{
		stored:     map[*ssa.Global]map[int]ssa.Value{},
		bad:        map[*ssa.Global]bool{},
		badField:   map[globalFieldKey]bool{},
		texts:      map[globalFieldKey][]string{},
		inProgress: map[globalFieldKey]bool{},
	}
	p.gFields = ix
	init := p.pkg.Func("init")
	table := func(v ssa.Value) *ssa.Global {
		g, ok := v.(*ssa.Global)
		if !ok || !isQueryTable(g) {
			return nil
		}
		return g
	}
	fns := make([]*ssa.Function, 0, len(p.set)+1)
	for fn := range p.set {
		fns = append(fns, fn)
	}
	if init != nil && !p.set[init] {
		fns = append(fns, init)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	var ops []*ssa.Value
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					g := table(x.X)
					if g == nil {
						break
					}
					ix.fieldUses(g, x, fn == init && g.Pkg == p.pkg)
					continue
				case *ssa.UnOp:
					if x.Op == token.MUL {
						continue // a load
					}
				case *ssa.Store:
					// var T = t{…}: the initialiser builds the literal in a
					// local and copies it.
					if g := table(x.Addr); g != nil && fn == init && g.Pkg == p.pkg {
						ix.initStore(g, x.Val)
						continue
					}
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil {
						continue
					}
					if g := table(*op); g != nil {
						ix.bad[g] = true // stored into whole, or its address escapes
					}
				}
			}
		}
	}
	return ix
}

// initStore reads the initialiser's store of a whole value into g: a
// composite literal built in a local, whose field stores are g's.
func (ix *globalFieldsIndex) initStore(g *ssa.Global, val ssa.Value) {
	load, ok := val.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		ix.bad[g] = true
		return
	}
	lit, ok := load.X.(*ssa.Alloc)
	if !ok {
		ix.bad[g] = true
		return
	}
	if _, twice := ix.stored[g]; twice {
		ix.bad[g] = true
		return
	}
	m := map[int]ssa.Value{}
	ix.stored[g] = m
	for _, st := range ssavalue.StructStores(lit) {
		fa := st.Addr.(*ssa.FieldAddr)
		if _, twice := m[fa.Field]; twice {
			ix.badField[globalFieldKey{g, fa.Field}] = true
		}
		m[fa.Field] = st.Val
	}
}

// fieldUses reads the uses of &g.field: loads, and the one store of the
// initialiser (inInit) into a table of the package.
func (ix *globalFieldsIndex) fieldUses(g *ssa.Global, fa *ssa.FieldAddr, inInit bool) {
	refs := fa.Referrers()
	if refs == nil {
		return
	}
	k := globalFieldKey{g, fa.Field}
	for _, r := range *refs {
		switch u := r.(type) {
		case *ssa.UnOp:
			if u.Op == token.MUL {
				continue
			}
		case *ssa.Store:
			if u.Addr == fa && u.Val != fa {
				if !inInit {
					ix.badField[k] = true
					continue
				}
				m := ix.stored[g]
				if m == nil {
					m = map[int]ssa.Value{}
					ix.stored[g] = m
				}
				if _, twice := m[fa.Field]; twice {
					ix.badField[k] = true
				}
				m[fa.Field] = u.Val
				continue
			}
		}
		ix.badField[k] = true // the field's address escapes
	}
}

// globalFieldTexts returns the texts of field i of the query table g, of
// this package or (by a fact) of the package declaring it; nil when g is
// not read as one.
func (p *Package) globalFieldTexts(g *ssa.Global, i int) []string {
	if p == nil || g == nil || !isQueryTable(g) {
		return nil
	}
	ix := p.globalFields()
	if ix.bad[g] || ix.badField[globalFieldKey{g, i}] {
		return nil
	}
	if g.Pkg != p.pkg {
		v, ok := g.Object().(*types.Var)
		if !ok || p.env == nil || p.env.GlobalFields == nil {
			return nil
		}
		st := g.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
		if i < 0 || i >= st.NumFields() {
			return nil
		}
		return p.env.GlobalFields(v)[st.Field(i).Name()]
	}
	k := globalFieldKey{g, i}
	if texts, ok := ix.texts[k]; ok {
		return texts
	}
	if ix.inProgress[k] {
		return nil
	}
	val, ok := ix.stored[g][i]
	if !ok {
		return nil // left empty, or set only at run time
	}
	ix.inProgress[k] = true
	texts := stringValuesIn(p, val)
	delete(ix.inProgress, k)
	ix.texts[k] = texts
	return texts
}

// GlobalFieldTexts returns the package's query tables and the texts of
// their fields by name, for facts.
func (p *Package) GlobalFieldTexts() map[*types.Var]map[string][]string {
	ix := p.globalFields()
	out := map[*types.Var]map[string][]string{}
	for g, fields := range ix.stored {
		if ix.bad[g] || g.Pkg != p.pkg {
			continue
		}
		v, ok := g.Object().(*types.Var)
		if !ok {
			continue
		}
		st := g.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
		for i := range fields {
			if texts := p.globalFieldTexts(g, i); len(texts) > 0 {
				if out[v] == nil {
					out[v] = map[string][]string{}
				}
				out[v][st.Field(i).Name()] = texts
			}
		}
	}
	return out
}
