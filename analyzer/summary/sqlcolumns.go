package summary

import (
	"path/filepath"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// mergeByColumnType makes a set of an increment whose every accumulation
// is a "||" the text could not type (attrs = attrs || $1) when the
// migrations declare each of those columns jsonb: "||" on jsonb objects
// merges keys, and merging the same keys twice gives the same object.
func mergeByColumnType(set *triggers.Set, st sqlclass.Stmt) (sqlclass.Stmt, bool) {
	if st.Concat == "" || st.Table == "" || (st.Op != sqlclass.UpdateIncrement && st.Op != sqlclass.UpsertIncrement) {
		return st, false
	}
	var why []string
	for _, col := range strings.Split(st.Concat, ",") {
		c, ok := set.ColumnType(st.Table, col)
		if !ok || c.Type != "jsonb" {
			return st, false
		}
		file, _, _ := effect.SplitPos(c.Pos)
		why = append(why, st.Table+"."+col+" is jsonb in "+filepath.Base(file))
	}
	if st.Op == sqlclass.UpdateIncrement {
		st.Op = sqlclass.UpdateSet
	} else {
		st.Op = sqlclass.UpsertSet
	}
	st.Detail = "|| merges jsonb objects: " + strings.Join(why, ", ")
	st.Concat = ""
	return st, true
}
