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
