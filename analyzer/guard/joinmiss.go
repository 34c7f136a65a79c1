package guard

import (
	"go/constant"
	"go/token"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// joinMissAvoids reports whether the test ifi is a join-miss test of a
// read before it that decides the create c of the outer-joined table:
// the read returns coalesce(state.version, 0) AS state_version for its
// LEFT JOIN of c's table (effect.JoinMisses), the test compares that
// column's field of the row read with the default, and the branch where
// the column differs from it (a row of the table was found) cannot reach
// the create:
//
//	row, err := q.RotationData(ctx, id)   -- … left join rotation_state state …
//	if row.StateVersion == 0 {            -- no state row
//		return q.StartState(ctx, id)      -- insert into rotation_state
//	}
//
// That is the find-or-create of checkedCreates, the lookup a join instead
// of a read of the table itself: a second delivery finds the row the first
// made and does not insert, one at the same time fails on the key.
func (a *analysis) joinMissAvoids(ifi *ssa.If, c *Site) bool {
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) || c.Effect.Target == "" {
		return false
	}
	x, k := bin.X, bin.Y
	if isConstOf(x) {
		x, k = k, x
	}
	kc, ok := k.(*ssa.Const)
	if !ok || kc.Value == nil {
		return false
	}
	names := fieldNames(x)
	if names == nil {
		return false
	}
	for _, r := range a.sites {
		e := r.Effect
		if e.Kind != effect.KindDBRead || e.JoinMisses == "" || r.Instr == nil || r.Instr.Value() == nil || !after(r.Instr, ifi) || !influenced(x, r.Instr.Value(), 0) {
			continue
		}
		for _, line := range strings.Split(e.JoinMisses, "\n") {
			parts := strings.SplitN(line, "=", 3)
			if len(parts) != 3 || parts[1] != c.Effect.Target || !names[foldName(parts[0])] || !sameConst(kc.Value, parts[2]) {
				continue
			}
			// The branch where the column is not the default: a row found.
			found := ifi.Block().Succs[0]
			if bin.Op == token.EQL {
				found = ifi.Block().Succs[1]
			}
			if !reachesAvoiding(found, c.Instr.Block(), ifi.Block()) {
				return true
			}
		}
	}
	return false
}

// fieldNames are the names a struct field read by v answers to, folded
// (foldName): the field's own and its db or json tag's; nil when v reads
// no field.
func fieldNames(v ssa.Value) map[string]bool {
	s, idx := fieldRead(ssavalue.Unconvert(v))
	if s == nil {
		return nil
	}
	out := map[string]bool{foldName(s.Field(idx).Name()): true}
	tag := reflect.StructTag(s.Tag(idx))
	for _, key := range []string{"db", "json"} {
		if name, _, _ := strings.Cut(tag.Get(key), ","); name != "" && name != "-" {
			out[foldName(name)] = true
		}
	}
	return out
}

// foldName folds a column or field name for comparison: state_version,
// StateVersion and stateVersion are one.
func foldName(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "_", ""))
}

// sameConst reports whether the Go constant v is the SQL default text
// (sqlclass.constText: 0, "", true).
func sameConst(v constant.Value, text string) bool {
	switch v.Kind() {
	case constant.Int, constant.Float:
		n, err := strconv.ParseInt(text, 10, 64)
		return err == nil && constant.Compare(v, token.EQL, constant.MakeInt64(n))
	case constant.String:
		s, err := strconv.Unquote(text)
		return err == nil && constant.StringVal(v) == s
	case constant.Bool:
		b, err := strconv.ParseBool(text)
		return err == nil && constant.BoolVal(v) == b
	}
	return false
}
