package summary

import (
	"fmt"
	"go/constant"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// What a claim table's lifecycle needs from the SQL a function runs (issue
// 29): whether the migrations back a claim with a unique key, read when
// the claim's SQL is classified (claimConstraint), and how long a pruning
// DELETE keeps rows (retention.go).

// claimConstraint checks an inserting claim against the migrations'
// unique keys (triggers.Set.Claim).
func claimConstraint(set *triggers.Set, st sqlclass.Stmt) (state, text string) {
	return set.Claim(st.Table, split(st.Conflict), st.ConflictConstraint, split(st.Columns))
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.ToLower(s), ",")
}

// clears says how a DELETE by no time bounds its table, as the
// prune's text (effect.NotByAge…), or "" when it does not: a DELETE that
// fixes a whole unique key releases that key (one row: a failed job's
// claim given back, never a retention), and one on a table no migration
// creates cannot be told either way. A DELETE of a part of the key (a
// scope: ghsync's sweep restart clears the seen keys of its scope in a
// CTE) or of every row clears the rows a pass claimed: the table does not
// grow forever, though nothing ties the clear to the retry horizon.
func clears(set *triggers.Set, st sqlclass.Stmt) string {
	if st.Matches == "" || !set.Table(st.Table) {
		return ""
	}
	if st.Matches == "*" {
		return effect.NotByAge + "every row deleted"
	}
	cols := strings.Split(st.Matches, ",")
	us := set.Uniques(st.Table)
	if len(us) == 0 {
		return ""
	}
	for _, u := range us {
		if !u.Partial && subsetOf(u.Columns, cols) {
			return "" // a whole key: a release
		}
	}
	return effect.NotByAge + "the rows matching (" + strings.Join(cols, ", ") + ") deleted"
}

// subsetOf reports whether every one of a is in b.
func subsetOf(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// retention reads how long a pruning DELETE keeps rows: its constant
// interval, or the constant its parameter is given (a time.Duration, a
// number of units, a cutoff time.Now().Add(-d) / AddDate(0, 0, -n)). It
// returns the retention as a Go duration string ("" when not constant)
// and as the code writes it; both "" when the DELETE prunes by no time.
// When the value is a parameter of the function running the DELETE,
// param is that parameter (1-based): each call of the function reads it
// from its argument (resolveRetention).
func retention(st sqlclass.Stmt, params []ssa.Value) (dur, text string, param int) {
	if st.Retention != "" {
		text = "interval '" + st.Retention + "'"
		if d, ok := parseInterval(st.Retention); ok {
			return d.String(), text, 0
		}
		return "", text, 0
	}
	n := st.RetentionParam
	if n == 0 {
		return "", "", 0
	}
	var v ssa.Value
	if n <= len(params) {
		v = params[n-1]
	}
	return retentionValue(st.RetentionUnit, "$"+strconv.Itoa(n), v)
}

// resolveRetention reads a callee's pruning DELETE's retention from the
// argument this call gives the parameter it depends on.
func (w *walker) resolveRetention(ci ssa.CallInstruction, e *effect.Effect, args, bindings []ssa.Value) {
	v := pick(e.RetentionParam-1, args, bindings)
	e.RetentionParam = 0
	if v == nil {
		return
	}
	e.RetentionAt = PosString(w.p.env.Fset, ci.Pos())
	ref := e.RetentionText
	if i := strings.Index(ref, " ("); i >= 0 {
		ref = ref[:i]
	}
	e.Retention, e.RetentionText, e.RetentionParam = retentionValue(e.RetentionUnit, ref, v)
}

// retentionValue reads the value v a DELETE's time parameter ref is given.
func retentionValue(unit, ref string, v ssa.Value) (dur, text string, param int) {
	if p, ok := v.(*ssa.Parameter); ok {
		for i, q := range p.Parent().Params {
			if q == p {
				return "", ref + " (" + p.Name() + ", given by each caller)", i + 1
			}
		}
	}
	if fv, ok := v.(*ssa.FreeVar); ok {
		for i, q := range fv.Parent().FreeVars {
			if q == fv {
				return "", ref + " (" + fv.Name() + ", given by each caller)", len(fv.Parent().Params) + i + 1
			}
		}
	}
	switch unit {
	case sqlclass.CutoffUnit:
		if v == nil || !isTime(v.Type()) {
			return "", "", 0 // a comparison with something else than a time
		}
		if d, how, ok := cutoff(v); ok {
			return d.String(), ref + " = " + how, 0
		}
		return "", ref + " (a cutoff time not read statically)", 0
	case "":
		if c, ok := v.(*ssa.Const); ok && c.Value != nil && isDuration(c.Type()) {
			d := time.Duration(c.Int64())
			return d.String(), ref + " = " + d.String(), 0
		}
		return "", ref + " (not constant)", 0
	default:
		u, ok := parseInterval(unit)
		if c, isConst := v.(*ssa.Const); isConst && c.Value != nil && ok && c.Value.Kind() == constant.Int {
			d := time.Duration(c.Int64()) * u
			return d.String(), fmt.Sprintf("%s = %d × interval '%s'", ref, c.Int64(), unit), 0
		}
		return "", ref + " × interval '" + unit + "' (not constant)", 0
	}
}

// cutoff reads time.Now().Add(-d) and time.Now().AddDate(y, m, d) with
// constant arguments (months as 30 days, years as 365).
func cutoff(v ssa.Value) (time.Duration, string, bool) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return 0, "", false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" || len(call.Call.Args) < 2 || !isNow(call.Call.Args[0]) {
		return 0, "", false
	}
	var consts []int64
	for _, a := range call.Call.Args[1:] {
		c, ok := a.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
			return 0, "", false
		}
		consts = append(consts, c.Int64())
	}
	switch {
	case callee.Name() == "Add" && len(consts) == 1 && consts[0] <= 0:
		d := time.Duration(-consts[0])
		return d, "time.Now().Add(-" + d.String() + ")", true
	case callee.Name() == "AddDate" && len(consts) == 3:
		days := -(consts[0]*365 + consts[1]*30 + consts[2])
		if days < 0 {
			return 0, "", false
		}
		return time.Duration(days) * 24 * time.Hour, fmt.Sprintf("time.Now().AddDate(%d, %d, %d)", consts[0], consts[1], consts[2]), true
	}
	return 0, "", false
}

// isNow reports whether v is time.Now() (or its UTC()).
func isNow(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "time" {
		return false
	}
	switch callee.Name() {
	case "Now":
		return true
	case "UTC", "Local":
		return len(call.Call.Args) == 1 && isNow(call.Call.Args[0])
	}
	return false
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func isTime(t types.Type) bool     { return isNamed(t, "time", "Time") }
func isDuration(t types.Type) bool { return isNamed(t, "time", "Duration") }

// parseInterval reads a PostgreSQL interval's text: number-unit pairs
// ("14 days", "1 day 12 hours", "2 weeks", "90 min") and hh:mm:ss; a month
// counts 30 days and a year 365, as a retention is compared, not a
// calendar.
func parseInterval(s string) (time.Duration, bool) {
	f := strings.Fields(strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), "@")))
	if len(f) == 0 {
		return 0, false
	}
	var d time.Duration
	for i := 0; i < len(f); i++ {
		if strings.Count(f[i], ":") == 2 {
			t, err := time.Parse("15:04:05", f[i])
			if err != nil {
				return 0, false
			}
			d += time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute + time.Duration(t.Second())*time.Second
			continue
		}
		num, unit := f[i], ""
		// "14days", "14d": the unit glued to the number.
		if j := strings.IndexFunc(num, func(r rune) bool { return (r < '0' || r > '9') && r != '.' }); j > 0 {
			num, unit = num[:j], num[j:]
		} else if i+1 < len(f) {
			unit = f[i+1]
			i++
		}
		n, err := strconv.ParseFloat(num, 64)
		if err != nil {
			return 0, false
		}
		u, ok := intervalUnits[strings.TrimSuffix(unit, "s")]
		if !ok {
			return 0, false
		}
		d += time.Duration(n * float64(u))
	}
	return d, true
}

var intervalUnits = map[string]time.Duration{
	"second": time.Second, "sec": time.Second, "": time.Second,
	"minute": time.Minute, "min": time.Minute, "m": time.Minute,
	"hour": time.Hour, "hr": time.Hour, "h": time.Hour,
	"day": 24 * time.Hour, "d": 24 * time.Hour,
	"week": 7 * 24 * time.Hour, "w": 7 * 24 * time.Hour,
	"month": 30 * 24 * time.Hour, "mon": 30 * 24 * time.Hour,
	"year": 365 * 24 * time.Hour, "y": 365 * 24 * time.Hour,
}
