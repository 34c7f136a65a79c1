package triggers

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const migration = `-- 002: audit every ledger write
create table audit_log (id bigserial primary key, tbl text, row_id bigint);

create or replace function audit_ledger() returns trigger language plpgsql as $$
begin
  insert into audit_log(tbl, row_id) values ('ledger', new.id);
  perform pg_notify('ledger_changed', new.id::text);
  if new.amount > 1000 then
    execute format('update %I set n = n + 1', 'stats');
  end if;
  return new;
end $$;

create trigger ledger_audit after insert or update on ledger
  for each row execute function audit_ledger();
`

func TestLoadFindsTriggersAndBodies(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "db", "migrations"), 0o755)
	os.WriteFile(filepath.Join(root, "db", "migrations", "002_audit.sql"), []byte(migration), 0o644)
	os.WriteFile(filepath.Join(root, "notes.sql"), []byte("create trigger x after insert on y execute function z();"), 0o644)
	s := load(t, root)
	if s.Len() != 1 {
		t.Fatalf("%d triggers, want 1 (notes.sql is not a migration)", s.Len())
	}
	ts := s.On("ledger", "insert")
	if len(ts) != 1 || len(s.On("ledger", "delete")) != 0 {
		t.Fatalf("On(ledger, insert) = %v", ts)
	}
	tr := ts[0]
	if tr.Name != "ledger_audit" || tr.Function != "audit_ledger" || !strings.HasSuffix(tr.Pos, "002_audit.sql:14") {
		t.Errorf("trigger %+v", tr)
	}
	var got []string
	for _, st := range tr.Body {
		_, line, _ := strings.Cut(st.Pos, "002_audit.sql:")
		got = append(got, line+" "+st.SQL)
		if st.Dynamic {
			got[len(got)-1] += "(dynamic)"
		}
	}
	want := []string{
		"6 insert into audit_log(tbl, row_id) values ('ledger', new.id)",
		"7 SELECT pg_notify('ledger_changed', new.id::text)",
		"8 select new.amount > 1000",
		"9 (dynamic)",
		"11 select new",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("body:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// load parses the migrations under root, as the settings package does.
func load(t *testing.T, root string) *Set {
	t.Helper()
	var files []File
	for _, p := range Files(root, nil) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, File{Path: p, Data: data})
	}
	return Parse(files)
}

func TestMatch(t *testing.T) {
	for _, c := range []struct {
		glob, p string
		ok      bool
	}{
		{"**/migrations/*.sql", "migrations/001.sql", true},
		{"**/migrations/*.sql", "db/migrations/001.sql", true},
		{"**/migrations/*.sql", "db/migrations/x/001.sql", false},
		{"**/*.up.sql", "a/b/0001_init.up.sql", true},
		{"**/*.up.sql", "0001_init.down.sql", false},
	} {
		if got := match(c.glob, c.p); got != c.ok {
			t.Errorf("match(%q, %q) = %v", c.glob, c.p, got)
		}
	}
}

// A statement that does not parse costs only itself, and is reported with
// its file and line.
func TestBadStatementCostsOnlyItself(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "migrations")
	os.MkdirAll(dir, 0o755)
	bad := "create tabel oops (id int);\n\n" + migration
	path := filepath.Join(dir, "003_bad.sql")
	os.WriteFile(path, []byte(bad), 0o644)
	s := load(t, root)
	if s.Len() != 1 || len(s.On("ledger", "insert")) != 1 {
		t.Errorf("%d triggers, want the one after the bad statement", s.Len())
	}
	if len(s.On("ledger", "insert")) == 1 && len(s.On("ledger", "insert")[0].Body) == 0 {
		t.Errorf("the trigger function's body was lost")
	}
	if len(s.Errors) != 1 || !strings.HasPrefix(s.Errors[0], path+":1: syntax error at or near \"tabel\"") {
		t.Errorf("errors %q, want one naming %s:1", s.Errors, path)
	}
}

func TestLoadFindsFunctionsAndColumns(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "migrations"), 0o755)
	os.WriteFile(filepath.Join(root, "migrations", "001.sql"), []byte(`create table orders (id bigint, attrs jsonb, tags text[], note text);
alter table orders add column meta jsonb;
alter table orders alter column note type varchar(10);

create function order_total(id bigint) returns bigint language sql stable as $$ select sum(amount) from lines where order_id = id $$;

create function bump(id bigint) returns void language plpgsql as $$
begin
  update counters set n = n + 1 where order_id = id;
end $$;

create function pick(id bigint) returns bigint language sql as $$ select id from orders where id = $1 $$;

create function std(id bigint) returns bigint language sql begin atomic; insert into log values (id); select 1; end;

create function enqueue(queue_name text, out n int, "Kind" text, variadic rest text[]) language plpgsql as $$ begin n := 1; end $$;
`), 0o644)
	s := load(t, root)
	if len(s.Errors) > 0 {
		t.Fatal(s.Errors)
	}
	for col, want := range map[string]string{"attrs": "jsonb", "tags": "text[]", "meta": "jsonb", "note": "varchar"} {
		if c, ok := s.ColumnType("public.orders", col); !ok || c.Type != want {
			t.Errorf("ColumnType(orders, %s) = %+v, %v; want %s", col, c, ok, want)
		}
	}
	if f := s.Function("order_total"); f == nil || !f.ReadOnly || !strings.HasSuffix(f.Pos, "001.sql:5") || strings.Join(f.Params, ",") != "id" {
		t.Errorf("order_total: %+v", f)
	}
	bump := s.Function("public.BUMP")
	if bump == nil || bump.ReadOnly || len(bump.Body) != 1 || !strings.HasPrefix(bump.Body[0].SQL, "update counters") || !strings.HasSuffix(bump.Body[0].Pos, "001.sql:9") {
		t.Errorf("bump: %+v", bump)
	}
	if f := s.Function("pick"); f == nil || f.ReadOnly || len(f.Body) != 1 || !strings.Contains(f.Body[0].SQL, "select id from orders") {
		t.Errorf("pick: %+v", f)
	}
	// Params: the input parameters in call order (an OUT one is not
	// passed), named as the body refers to them.
	if f := s.Function("enqueue"); f == nil || strings.Join(f.Params, ",") != "queue_name,Kind,rest" {
		t.Errorf("enqueue params: %+v", f)
	}
	std := s.Function("std")
	if std == nil || len(std.Body) != 2 || !strings.HasPrefix(std.Body[0].SQL, "INSERT INTO log") {
		t.Errorf("std: %+v", std)
	}
}

// A trigger function that runs no SQL (it only sets NEW's columns) is
// found with no statement that writes; its assignments' expressions are
// kept, so that one calling a function is followed. A trigger whose
// function the migrations do not declare is not Found.
func TestAssignmentsAndFound(t *testing.T) {
	s := Parse([]File{{Path: "m.sql", Data: []byte(`create function touch() returns trigger language plpgsql as $$
declare n int := count_it(new.id);
begin
  new.updated_at := now();
  new.tags[1] = bump(new.id);
  return new;
end $$;
create trigger t_touch before update on items for each row execute function touch();
create trigger t_ext before update on items for each row execute function elsewhere();
`)}})
	var touch, ext *Trigger
	for _, tr := range s.On("items", "update") {
		switch tr.Name {
		case "t_touch":
			touch = tr
		case "t_ext":
			ext = tr
		}
	}
	if touch == nil || ext == nil {
		t.Fatalf("triggers %+v", s.On("items", "update"))
	}
	if !touch.Found || ext.Found {
		t.Errorf("Found: touch %v, elsewhere %v; want true, false", touch.Found, ext.Found)
	}
	var got []string
	for _, st := range touch.Body {
		got = append(got, st.SQL)
	}
	want := []string{"select count_it(new.id)", "select now()", "select bump(new.id)", "select new"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("body %q, want %q", got, want)
	}
}

func TestAssignedExpr(t *testing.T) {
	for q, want := range map[string]string{
		"new.updated_at := now()": "now()",
		"v = f(x)":                "f(x)",
		"a[i = 1] := g()":         "g()",
		"x := 'a=b'":              "'a=b'",
	} {
		if got, ok := assignedExpr(q); !ok || got != want {
			t.Errorf("assignedExpr(%q) = %q, %v; want %q", q, got, ok, want)
		}
	}
	if _, ok := assignedExpr("no assignment"); ok {
		t.Errorf("assignedExpr without := is ok")
	}
}

// The triggers kept are those the up migrations leave, in file order: a
// dropped table's, a function dropped with CASCADE's and a dropped
// trigger's go, renames are followed, a trigger re-created under its name
// replaces the old one, and a dbmate down section is not applied.
func TestLiveTriggers(t *testing.T) {
	fn := func(name, table string) string {
		return "create function " + name + "() returns trigger language plpgsql as $$ begin insert into " + table + " values (1); return new; end $$;\n"
	}
	s := Parse([]File{
		{Path: "m/001.sql", Data: []byte("-- migrate:up\n" + fn("f_a", "log_a") + fn("f_b", "log_b") + fn("f_c", "log_c") +
			"create trigger t_a after update on a for each row execute function f_a();\n" +
			"create trigger t_b after update on b for each row execute function f_b();\n" +
			"create trigger t_c after update on c for each row execute function f_c();\n" +
			"create trigger t_d after update on d for each row execute function f_a();\n" +
			"create trigger t_e after update on e for each row execute function f_a();\n" +
			"-- migrate:down\ndrop trigger t_e on e;\n")},
		{Path: "m/002.sql", Data: []byte("drop table public.a;\ndrop function f_b() cascade;\ndrop function f_c();\n" +
			"alter table d rename to d2;\nalter trigger t_d on d2 rename to t_d2;\n" +
			"create or replace trigger t_e after insert on e for each row execute function f_a();\n")},
	})
	var got []string
	for _, table := range []string{"a", "b", "c", "d", "d2", "e"} {
		for _, ev := range []string{"insert", "update"} {
			for _, tr := range s.On(table, ev) {
				got = append(got, fmt.Sprintf("%s %s %s found=%v", table, ev, tr.Name, tr.Found))
			}
		}
	}
	want := []string{"c update t_c found=false", "d2 update t_d2 found=true", "e insert t_e found=true"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("live triggers %q, want %q", got, want)
	}
	if s.Function("f_b") != nil || s.Function("f_a") == nil {
		t.Errorf("functions: f_b %v (dropped), f_a %v", s.Function("f_b"), s.Function("f_a"))
	}
}

// tern's and rambler's down parts are not applied either: a function a
// migration creates and its down part drops stays (cloud-gov/billing's
// post_usage, tern).
func TestDownMarkers(t *testing.T) {
	body := "create or replace function f() returns void language plpgsql as $$ begin insert into log values (1); end $$;\n"
	for _, text := range []string{
		body + "\n---- create above / drop below ----\n\ndrop function if exists f;\n",
		"-- rambler up\n" + body + "-- rambler down\ndrop function f;\n",
	} {
		s := Parse([]File{{Path: "migrations/006_f.sql", Data: []byte(text)}})
		if s.Function("f") == nil {
			t.Errorf("f dropped by the down part of %q", text)
		}
	}
}

// Migrations run in their tools' order: Flyway's V10 after V2 (a plain
// sort puts it first, and its DROP would run before the CREATE it undoes).
func TestMigrationOrder(t *testing.T) {
	files := []string{"m/V10__drop.sql", "m/V2__create.sql", "m/V1__init.sql", "a/002.sql", "m/V02__x.sql"}
	sortMigrations(files)
	want := "a/002.sql m/V1__init.sql m/V2__create.sql m/V02__x.sql m/V10__drop.sql"
	if got := strings.Join(files, " "); got != want {
		t.Errorf("order %q, want %q", got, want)
	}
}
