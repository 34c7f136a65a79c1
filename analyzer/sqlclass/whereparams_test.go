package sqlclass

import "testing"

// TestWhereParams: the columns a WHERE fixes by equality to a parameter,
// under top-level ANDs only; a range, an OR and a join are not told.
func TestWhereParams(t *testing.T) {
	for _, c := range []struct{ sql, want string }{
		{"update ledger set state = $2 where id = $1 and state = 'reserving'", "id=1"},
		{"select id from surfaces where conversation_id = $1 and provider = $2::text", "conversation_id=1,provider=2"},
		{"select id from surfaces where $1 = conversation_id", "conversation_id=1"},
		{"select id from jobs where locked_at < $1 and id = $2", "id=2"},
		{"select id from jobs where id = $1 or id = $2", ""},
		{"select exists(select 1 from surfaces where conversation_id = $1 and provider = $2)", "conversation_id=1,provider=2"},
		{"select a.id from a join b on a.id = b.id where a.k = $1", ""},
	} {
		sts := Classify(c.sql)
		if len(sts) != 1 {
			t.Fatalf("%s: %d statements", c.sql, len(sts))
		}
		if got := sts[0].WhereParams; got != c.want {
			t.Errorf("%s: WhereParams %q, want %q", c.sql, got, c.want)
		}
	}
}
