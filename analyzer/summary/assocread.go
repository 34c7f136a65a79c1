package summary

import (
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// rowRead applies a model with associations to the rows it reads itself
// (gorm's First(&link, id), Model(&Account{}).Where(…).Scan(&accounts)):
// a read of the table the chain's Table or Model names, else the
// destination's model type. A status of the row tested before a write of
// it is then a check (guard.checkThenAct), as for the same SELECT in
// SQL. A destination that is no named type (a count, a map, a slice of
// ids) names no table, and a chain that built the statement itself
// (Raw(sql).Scan(&dest)) is read by its SQL: no read here.
func (w *walker) rowRead(c *modelCall) {
	ch := w.chain(c.m, c.recv)
	if ch.statement {
		return
	}
	table := ch.table
	if table == "" && ch.model != nil {
		table = tableOf(w.fn.Prog, w.p.env.ConstResult, normalize(ch.model).Type())
	}
	typeArg := 0
	if table == "" && c.m.TargetType != nil {
		if dest := c.arg(c.m.TargetType); dest != nil {
			table = tableOf(w.fn.Prog, w.p.env.ConstResult, normalize(dest).Type())
			if table == "" {
				typeArg = w.destParam(dest)
			}
		}
	}
	if table == "" && typeArg == 0 {
		return
	}
	exec := c.exec
	if c.m.Exec == nil && ch.root != nil {
		exec = ch.root // the builder's root handle (a *gorm.DB transaction), as for its writes
	}
	e := &effect.Effect{Kind: effect.KindDBRead, Op: string(sqlclass.Select), Target: table, Risk: effect.Safe,
		Path: []effect.Hop{w.hop(c.ci)}, By: c.m.By(), TableTypeArg: typeArg}
	w.addSite(e, c.ci, exec, true)
}

// destParam is, for a read's destination of an interface type that is a
// parameter of the function (out in find(db, out any, id)), its 1-based
// index (effect.Effect.TableTypeArg): each caller's value names the
// table. 0 for any other destination.
func (w *walker) destParam(dest ssa.Value) int {
	v := normalize(dest)
	if _, ok := v.Type().Underlying().(*types.Interface); !ok {
		return 0
	}
	if i := w.execIndex(v); i != effect.NoExec {
		return i + 1
	}
	return 0
}

// resolveTableType gives a read whose table its caller's value names
// (effect.Effect.TableTypeArg) the table of the value this call passes,
// or hands it to this function's own callers when that value is again an
// interface parameter; false when neither names one (the read is of no
// table this analysis can name, as a read into an any it makes itself).
func (w *walker) resolveTableType(e *effect.Effect, args, bindings []ssa.Value) bool {
	v := pick(e.TableTypeArg-1, args, bindings)
	e.TableTypeArg = 0
	if v == nil {
		return false
	}
	if table := tableOf(w.fn.Prog, w.p.env.ConstResult, normalize(v).Type()); table != "" {
		e.Target = table
		return true
	}
	e.TableTypeArg = w.destParam(v)
	return e.TableTypeArg > 0
}

// associationReads applies a model with associations (gorm's First,
// Find: Preload("TextClasses").First(&article, id)): one read of each
// association the chain loads, in the association's table (the parent's
// own is rowRead's). A test of the loaded association (if
// len(article.TextClasses) > 0 { skip }) before a create of its rows is a
// check a handler makes of work it records there, which
// guard.checkThenAct judges. Where the association's table is known and
// no unique key of it holds the column referring to the parent (a plain
// index on article_id), the read says so (RepeatsPerParent): a second
// delivery's create adds a second set of rows. A has-one's unique
// article_id, or a (article_id, label_id) key, turns it away instead.
func (w *walker) associationReads(c *modelCall) {
	if c.m.TargetType == nil {
		return
	}
	dest := c.arg(c.m.TargetType)
	if dest == nil {
		return
	}
	parent, ok := types.Unalias(modelTypeOf(dest)).(*types.Named)
	if !ok {
		return
	}
	st, ok := parent.Underlying().(*types.Struct)
	if !ok {
		return
	}
	ch := w.chain(c.m, c.recv)
	seen := map[string]bool{}
	// The chain lists the nearest call first; the reads follow the
	// source's order.
	for i := len(ch.associations) - 1; i >= 0; i-- {
		name, _, _ := strings.Cut(ch.associations[i], ".") // "Items.Product": the first hop's table
		f, tag, ok := structField(st, name)
		if !ok || seen[name] {
			continue
		}
		seen[name] = true
		table := tableOf(w.fn.Prog, w.p.env.ConstResult, f.Type())
		if table == "" {
			continue
		}
		e := &effect.Effect{Kind: effect.KindDBRead, Op: string(sqlclass.Select), Target: table, Risk: effect.Safe,
			Detail: "loads the association " + name + " of " + parent.Obj().Name() + " with it",
			Path:   []effect.Hop{w.hop(c.ci)}, By: c.m.By()}
		e.RepeatsPerParent = w.repeatsPerParent(parent, f, tag, table)
		w.addSite(e, c.ci, c.exec, true)
	}
}

// structField is the exported field name of st, or of a struct st
// embeds, with its tag.
func structField(st *types.Struct, name string) (*types.Var, reflect.StructTag, bool) {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() == name && f.Exported() {
			return f, reflect.StructTag(st.Tag(i)), true
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		if inner, ok := f.Type().Underlying().(*types.Struct); ok {
			if v, tag, ok := structField(inner, name); ok {
				return v, tag, true
			}
		}
	}
	return nil, "", false
}

// repeatsPerParent reports whether the association's table is known and
// no unique key of it holds its column referring to the parent: the
// association model's field the parent's tag names
// (gorm:"foreignKey:ArticleRef"), else the parent's type name followed by
// ID (ArticleID, gorm's default for a has-one or has-many). A belongs-to
// association (the parent holds the reference) has no such field: false,
// as for a table not known.
func (w *walker) repeatsPerParent(parent *types.Named, f *types.Var, tag reflect.StructTag, table string) bool {
	tr := w.p.env.Triggers
	if tr == nil || !tr.Table(table) {
		return false
	}
	assoc, ok := types.Unalias(elemType(f.Type())).(*types.Named)
	if !ok {
		return false
	}
	ast, ok := assoc.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	fk := parent.Obj().Name() + "ID"
	for _, part := range strings.Split(tag.Get("gorm"), ";") {
		if k, v, ok := strings.Cut(part, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "foreignKey") {
			fk = strings.TrimSpace(v)
		}
	}
	ff, ftag, ok := structField(ast, fk)
	if !ok {
		return false
	}
	// The reference's own tag first: any unique or primary key it joins
	// (a named group with the rows' other columns included, which the
	// schema read from tags leaves out next to an embedded struct).
	for _, t := range []string{ftag.Get("gorm"), ftag.Get("bun")} {
		t = strings.ToLower(t)
		if strings.Contains(t, "unique") || strings.Contains(t, "primarykey") || strings.Contains(t, "primary_key") || strings.Contains(t, "pk") {
			return false
		}
	}
	col := triggers.ModelColumn(ff.Name(), ftag)
	for _, u := range tr.Uniques(table) {
		if slices.Contains(u.Columns, col) {
			// A partial key too: the rows it covers are turned away.
			return false
		}
	}
	return true
}
