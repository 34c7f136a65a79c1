package summary

import (
	"go/types"
	"reflect"
	"strings"
)

// taggedTableName is the table a model type names in the tag of its
// tableName field, as go-pg (`pg:"accounts"`, `pg:"accounts,alias:a"`)
// and bun (`bun:"table:accounts,alias:a"`) read it; "" when it has none.
// Those ORMs take it instead of the plural of the type's name.
func taggedTableName(n *types.Named) string {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return ""
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Embedded() && f.Name() == "BaseModel" && isBunBaseModel(f.Type()) {
			// bun's embedded bun.BaseModel (an alias of
			// schema.BaseModel): `bun:"table:name,alias:a"` or
			// `bun:"name"` (bun@v1.2.18 schema/table.go:442-482).
			if v, ok := reflect.StructTag(st.Tag(i)).Lookup("bun"); ok {
				name := ""
				for j, part := range strings.Split(v, ",") {
					if n, ok := strings.CutPrefix(part, "table:"); ok && n != "" {
						name = n
					} else if j == 0 && part != "" && !strings.Contains(part, ":") && name == "" {
						name = part
					}
				}
				if name != "" {
					return strings.Trim(name, `"`)
				}
			}
			continue
		}
		if st.Field(i).Name() != "tableName" {
			continue
		}
		tag := reflect.StructTag(st.Tag(i))
		if v, ok := tag.Lookup("pg"); ok {
			name, _, _ := strings.Cut(v, ",")
			if name != "" && !strings.Contains(name, ":") {
				return strings.Trim(name, `"`)
			}
		}
		if v, ok := tag.Lookup("bun"); ok {
			for _, part := range strings.Split(v, ",") {
				if name, ok := strings.CutPrefix(part, "table:"); ok && name != "" {
					return name
				}
			}
		}
	}
	return ""
}

// isBunBaseModel reports whether t is bun's BaseModel
// (github.com/uptrace/bun/schema.BaseModel, which bun.BaseModel aliases).
func isBunBaseModel(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	p := n.Obj().Pkg().Path()
	return n.Obj().Name() == "BaseModel" && (p == "github.com/uptrace/bun/schema" || p == "github.com/uptrace/bun")
}
