package summary

import (
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// riverJobTable is River's job table: an insert into it enqueues a job of
// the kind its kind column holds (River's own enqueues, in the catalog,
// target it too). Migrations' triggers insert into it directly to enqueue
// a job when a row changes.
const riverJobTable = "river_job"

// jobKind records on e, an effect of insert st, the job kind it enqueues
// when st inserts into River's job table and its kind column is a string
// constant, in the statement or bound to the parameter it names (bind:
// the parameters of the function whose body st is in, to the constants
// its call passed). A kind not known stays "": nothing is decided by it.
func jobKind(e *effect.Effect, st sqlclass.Stmt, bind map[string]string) {
	if st.Op != sqlclass.Insert || !strings.EqualFold(lastPart(st.Table), riverJobTable) {
		return
	}
	v := st.ColumnValue("kind")
	if !strings.HasPrefix(v, "'") {
		v = bind[v]
	}
	if k, ok := strings.CutPrefix(v, "'"); ok && k != "" {
		e.JobKind = k
		e.JobScheduled = hasColumn(st.Columns, "scheduled_at")
	}
}

// callBindings binds the parameters of f to the constants call passes
// them: a constant argument, or a name the caller's own bindings (outer)
// hold a constant for (a parameter passed on).
func callBindings(f *triggers.Function, call sqlclass.Stmt, outer map[string]string) map[string]string {
	var bind map[string]string
	for i, p := range f.Params {
		v := call.CallArg(i)
		if v != "" && !strings.HasPrefix(v, "'") {
			v = outer[v]
		}
		if p == "" || v == "" {
			continue
		}
		if bind == nil {
			bind = map[string]string{}
		}
		bind[p] = v
	}
	return bind
}

func lastPart(name string) string {
	return name[strings.LastIndexByte(name, '.')+1:]
}

// hasColumn reports whether the comma-separated columns list col.
func hasColumn(cols, col string) bool {
	for _, c := range strings.Split(cols, ",") {
		if strings.EqualFold(c, col) {
			return true
		}
	}
	return false
}
