package triggers

import (
	"strings"
	"testing"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

func pieces(text string) []string {
	var out []string
	for _, s := range Split(text) {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		// An unclosed parenthesis ends with its statement.
		{"select 1;\nselect (;\nselect 3;\n", []string{"select 1", "select (", "select 3"}},
		// A misspelt keyword costs only its statement.
		{"create tabel oops (;\nselect 3;", []string{"create tabel oops (", "select 3"}},
		// Semicolons in strings, dollar quotes and comments do not cut.
		{"select 'a;b'; -- c;d\nselect $$x;y$$; /* ; */ select 2", []string{"select 'a;b'", "select $$x;y$$", "select 2"}},
		// A body in BEGIN ATOMIC … END is one statement.
		{"create function f() returns int language sql begin atomic select 1; select 2; end; select 3;",
			[]string{"create function f() returns int language sql begin atomic select 1; select 2; end", "select 3"}},
		// So are a rule's parenthesised actions.
		{"create rule r as on insert to t do also (insert into a values (1); insert into b values (2)); select 1",
			[]string{"create rule r as on insert to t do also (insert into a values (1); insert into b values (2))", "select 1"}},
		// An unterminated string: the statements before it are kept.
		{"select 1; select 'oops; select 3;", []string{"select 1", "select 'oops; select 3;"}},
		{"  ;; -- only a comment\n", nil},
	} {
		if got := pieces(c.text); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Split(%q) =\n%q\nwant\n%q", c.text, got, c.want)
		}
	}
}

// A statement that does not parse is reported with its file and line; the
// statements after it are still read (the trigger after a broken one).
func TestBadStatementKeepsTheRest(t *testing.T) {
	text := "create table processed (k text primary key);\ncreate tabel oops (;\n" + migration
	trigs, errs := parseFile("m.sql", text, Parse(nil))
	if len(trigs) != 1 || trigs[0].Name != "ledger_audit" || len(trigs[0].Body) == 0 && len(errs) > 1 {
		t.Errorf("triggers %v, want ledger_audit", trigs)
	}
	if len(errs) != 1 || !strings.HasPrefix(errs[0], "m.sql:2: syntax error at or near \"tabel\"") {
		t.Errorf("errors %q, want one at m.sql:2", errs)
	}
	// A broken CREATE TRIGGER is a warning, never silence.
	_, errs = parseFile("t.sql", "select 1;\ncreate trigger t after insert on ledger for each row execute function f(;\n", Parse(nil))
	if len(errs) != 1 || !strings.HasPrefix(errs[0], "t.sql:2: syntax error") {
		t.Errorf("broken trigger: errors %q, want one at t.sql:2", errs)
	}
}

// FuzzSplit: Split never panics, its spans are in order, disjoint and
// inside the text, every token the scanner reads is in a span or a
// semicolon between them, and a text that parses as a whole splits into
// as many statements as the parser finds.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"select 1;\nselect (;\nselect 3;\n",
		migration,
		"create function f() returns int language sql begin atomic select 1; select 2; end; select 3;",
		"create rule r as on insert to t do also (insert into a values (1); insert into b values (2));",
		"select 'a;b'; select $$x;y$$; select E'\\'';",
		"select 1; select 'oops",
		"/* unterminated",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		spans := Split(text)
		end := 0
		for _, s := range spans {
			if s.Start < end || s.End <= s.Start || s.End > len(text) {
				t.Fatalf("span %v after %d in a text of %d bytes", s, end, len(text))
			}
			end = s.End
		}
		res, err := scanSafely(text)
		if err == nil {
			for _, tok := range tokens(res) {
				if tok.kind == pg_query.Token_ASCII_59 {
					continue
				}
				in := false
				for _, s := range spans {
					in = in || (int(tok.start) >= s.Start && int(tok.end) <= s.End)
				}
				if !in {
					t.Fatalf("token %q at %d is in no statement: %v", text[tok.start:tok.end], tok.start, spans)
				}
			}
		}
		if tree, err := parse(text); err == nil && len(tree.Stmts) != len(spans) {
			t.Fatalf("%d statements parsed, %d split: %v", len(tree.Stmts), len(spans), spans)
		}
	})
}
