package sqlclass

import "testing"

// TestColumnValuesAndCallArgs: what an insert of one VALUES row gives its
// columns and what a call passes, when a string constant (through casts)
// or a bare name (a PL/pgSQL parameter); a qualified reference, an
// expression, several rows or a named argument give none.
func TestColumnValuesAndCallArgs(t *testing.T) {
	for _, c := range []struct{ sql, values, args string }{
		{`insert into river_job (queue, kind, args) values (queue_name, kind, $1)`, "queue=queue_name\nkind=kind", ""},
		{`insert into river_job (kind, args) values ('sync'::text, jsonb_build_object('ID', new.id))`, "kind='sync", ""},
		{`insert into river_job (kind) values ('a'), ('b')`, "", ""},
		{`insert into river_job (kind) values (new.kind)`, "", ""},
		{`select enqueue('jobs'::text, 'shift-advance', id::text, 1 + 2)`, "", "'jobs\n'shift-advance\nid\n"},
		{`select enqueue(kind => 'x')`, "", ""},
	} {
		sts := Classify(c.sql)
		if len(sts) == 0 {
			t.Errorf("%s: not classified", c.sql)
			continue
		}
		st := sts[0]
		for _, s := range sts {
			if s.Op == Call {
				st = s
			}
		}
		if st.ColumnValues != c.values || st.CallArgs != c.args {
			t.Errorf("%s: ColumnValues %q CallArgs %q, want %q %q", c.sql, st.ColumnValues, st.CallArgs, c.values, c.args)
		}
	}
	if st := Classify(`insert into river_job (queue, kind) values ('q', k)`)[0]; st.ColumnValue("KIND") != "k" || st.ColumnValue("queue") != "'q" || st.ColumnValue("args") != "" {
		t.Errorf("ColumnValue: %q", st.ColumnValues)
	}
	if st := Classify(`select f('a', x)`)[0]; st.CallArg(0) != "'a" || st.CallArg(1) != "x" || st.CallArg(2) != "" || st.CallArg(-1) != "" {
		t.Errorf("CallArg: %q", st.CallArgs)
	}
}
