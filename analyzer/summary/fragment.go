package summary

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// fragment decides whether an ORM update assigns an incrementing SQL
// expression: gorm Update("n", gorm.Expr("n + ?", 1)), or
// Updates(map[string]any{"n": gorm.Expr("n + ?", 1)}).
func fragmentIncrements(f *models.Fragment, args []ssa.Value) (increment, found bool) {
	if f.Arg >= len(args) {
		return false, false
	}
	check := func(col string, v ssa.Value) {
		expr := exprSQL(v)
		if expr == "" {
			return
		}
		found = true
		if sqlclass.ClassifyFragment(expr, col) == sqlclass.UpdateIncrement {
			increment = true
		}
	}
	if f.Attrs {
		// Update("n", gorm.Expr("n + ?", 1)) or Update(map[string]any{…}).
		elems := ssavalue.SliceElems(args[f.Arg])
		switch len(elems) {
		case 1:
			return fragmentIncrements(&models.Fragment{Arg: 0}, elems)
		case 2:
			column := 0
			return fragmentIncrements(&models.Fragment{Arg: 1, ColumnArg: &column}, elems)
		}
		return false, false
	}
	v := normalize(args[f.Arg])
	if mm, ok := v.(*ssa.MakeMap); ok {
		for _, r := range ssavalue.Referrers(mm) {
			if up, ok := r.(*ssa.MapUpdate); ok {
				if texts := stringValues(normalize(up.Key)); len(texts) == 1 {
					check(texts[0], normalize(up.Value))
				}
			}
		}
		return increment, found
	}
	col := ""
	if f.ColumnArg != nil && *f.ColumnArg < len(args) {
		if texts := stringValues(normalize(args[*f.ColumnArg])); len(texts) == 1 {
			col = texts[0]
		}
	}
	check(col, v)
	return increment, found
}

// exprSQL returns the SQL of a gorm.Expr / clause.Expr value, or "".
func exprSQL(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Call:
		if callee := x.Call.StaticCallee(); callee != nil && callee.Object() != nil && callee.Object().Name() == "Expr" && len(x.Call.Args) > 0 {
			if texts := stringValues(x.Call.Args[0]); len(texts) == 1 {
				return texts[0]
			}
		}
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok {
			for _, st := range ssavalue.FieldStores(a, "SQL") {
				if texts := stringValues(st.Val); len(texts) == 1 {
					return texts[0]
				}
			}
		}
	}
	return ""
}
