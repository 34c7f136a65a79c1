package guard

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// recordsCheck reports whether the write w into the checked table can be
// the record of the check: whether what a later delivery's check reads
// changes so that it skips. Where both column lists are known (the check's
// read returns plain columns, the write is an update whose SET is told),
// the update must assign one of the columns the check read (returned, or
// tested by its WHERE): a check of a campaign's status followed by
// sent_count = sent_count + n records nothing the check tests, so a later delivery still reads "sending" and
// acts again (no guard, not a race on one). Where the check read one
// column and tests it against a string constant (skip), and the update
// gives that column a literal, the literal must be one the check skips
// on: a check that skips only a 'cancelled' email is not recorded by the
// 'sending' and 'sent' the handler writes. An insert, a delete or an
// upsert makes or removes the row itself, which any read of it sees; a
// write or a read whose columns are not told (an ORM's, select *) and a
// value given by a parameter match, as before.
func recordsCheck(check, w *effect.Effect, skip *skipTest) bool {
	if keysDiffer(check, w) {
		return false
	}
	if check.Selects == "" || w.Assigns == "" || !strings.HasPrefix(w.Op, "update-") {
		return true
	}
	read := map[string]bool{}
	for _, c := range strings.Split(check.Selects+","+check.Filters, ",") {
		read[c] = true
	}
	assigned := false
	for _, c := range strings.Split(w.Assigns, ",") {
		if read[c] {
			assigned = true
		}
	}
	if !assigned {
		return false
	}
	// The literal tells only for the one column returned, which the
	// WHERE does not test (a write moving the row out of the read's
	// WHERE records it, whatever it writes).
	col := check.Selects
	if skip == nil || strings.Contains(col, ",") || hasCol(check.Filters, col) {
		return true
	}
	for _, kv := range strings.Split(w.SetConsts, "\n") {
		col, val, ok := strings.Cut(kv, "=")
		if ok && col == check.Selects {
			return (val == skip.value) == skip.onEqual
		}
	}
	return true // the column given a parameter: not told
}

// skipTest is a check's test of what it read against a string constant
// (status == "cancelled"): the branch that skips as done is taken when
// the value equals it (onEqual) or when it differs.
type skipTest struct {
	value   string
	onEqual bool
}

// skipOf is the test ending ifi when it compares with a string constant,
// seen from its branch Succs[k] (the one that skips); nil otherwise.
func skipOf(ifi *ssa.If, k int) *skipTest {
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return nil
	}
	c, ok := bin.Y.(*ssa.Const)
	if !ok {
		c, ok = bin.X.(*ssa.Const)
	}
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return nil
	}
	return &skipTest{value: constant.StringVal(c.Value), onEqual: (bin.Op == token.EQL) == (k == 0)}
}

// hasCol reports whether the comma-separated list cols holds col.
func hasCol(cols, col string) bool {
	for _, c := range strings.Split(cols, ",") {
		if c == col {
			return true
		}
	}
	return false
}
