package sqlclass

import "testing"

// TestInsertColumnParams: the parameter each inserted column is given,
// from a VALUES row or from a SELECT list that reads no table (filled by
// position, as the mailat campaign's insert … select $1, $2, (select id
// from domains …) is); a SELECT from a table, a set operation, a VALUES
// list of several rows or a count that differs from the columns' give
// none.
func TestInsertColumnParams(t *testing.T) {
	for _, c := range []struct{ sql, want string }{
		{`insert into mails (message_id, body) values ($1, $2)`, "message_id=1,body=2"},
		{`insert into mails (message_id, body) select $1, $2`, "message_id=1,body=2"},
		{`insert into mails (message_id, domain_id, body) select $1::text, (select id from domains where name = $3 limit 1), $2`, "message_id=1,body=2"},
		{`insert into mails (message_id, body) select $1, $2 where not exists (select 1 from mails where message_id = $1)`, "message_id=1,body=2"},
		{`insert into mails (message_id, body) select message_id, $1 from outbox`, ""},
		{`insert into mails (message_id, body) select $1, $2 from outbox`, ""},
		{`insert into mails (message_id, body) select $1, $2 union all select $3, $4`, ""},
		{`insert into mails (message_id, body) values ($1, $2), ($3, $4)`, ""},
		{`insert into mails select $1, $2`, ""},
	} {
		sts := Classify(c.sql)
		if len(sts) == 0 {
			t.Errorf("%s: not classified", c.sql)
			continue
		}
		if got := sts[0].ColumnParams; got != c.want {
			t.Errorf("%s: ColumnParams %q, want %q", c.sql, got, c.want)
		}
	}
}
