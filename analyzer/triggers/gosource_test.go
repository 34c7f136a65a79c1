package triggers

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestGoSchema(t *testing.T) {
	src := "package p\n\nimport \"context\"\n\n" +
		"//go:embed sql/*.sql \"more files/x.sql\"\nvar fs string\n\n" +
		"const table = \"t_items\"\n\n" +
		"const ddl = `\nCREATE TABLE IF NOT EXISTS t_orders (\n  uid uuid UNIQUE\n);`\n\n" +
		"const idx = \"CREATE UNIQUE INDEX t_items_sku ON \" + table + \" (sku)\"\n\n" +
		"const again = ddl\n\n" +
		"const prose = \"create table t_notes, then a unique (body)\"\n\n" +
		"var migrations = []struct{ Up, Down string }{{Up: \"CREATE TABLE t_up (k text)\", Down: \"CREATE UNIQUE INDEX t_down ON t_up (k)\"}}\n\n" +
		"func rollback(ctx context.Context) { exec(\"CREATE UNIQUE INDEX t_rb ON t_up (k)\") }\n\n" +
		"func migrate(name string) { exec(\"CREATE TABLE \" + name + \" (k text unique)\") }\n\n" +
		"func exec(string) {}\n"
	texts, embeds := GoSchema([]File{{Path: "/m/p/p.go", Data: []byte(src)}})
	var got []string
	for _, tx := range texts {
		got = append(got, strings.Join(strings.Fields(string(tx.Data))[:3], " ")+"@"+strconv.Itoa(tx.Line))
	}
	want := []string{"CREATE TABLE IF@10", "CREATE UNIQUE INDEX@15", "create table t_notes,@19", "CREATE TABLE t_up@21"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("texts %v, want %v", got, want)
	}
	if want := []string{"/m/p/sql/*.sql", "/m/p/more files/x.sql"}; !reflect.DeepEqual(embeds, want) {
		t.Errorf("embeds %v, want %v", embeds, want)
	}
	s := Parse(texts)
	var keys []string
	for _, tb := range []string{"t_orders", "t_items", "t_up", "t_notes"} {
		for _, u := range s.Uniques(tb) {
			keys = append(keys, tb+" "+u.String())
		}
	}
	wantKeys := []string{"t_orders unique (uid) at /m/p/p.go:11", "t_items unique index t_items_sku (sku) at /m/p/p.go:15"}
	if !reflect.DeepEqual(keys, wantKeys) {
		t.Errorf("keys %q, want %q", keys, wantKeys)
	}
	if len(s.Errors) != 0 {
		t.Errorf("errors %v: a Go string that is not SQL is no error", s.Errors)
	}
}

func TestGoSchemaTestingImport(t *testing.T) {
	src := "package p\n\nimport \"testing\"\n\nconst ddl = \"CREATE TABLE t (k text primary key)\"\n\nfunc helper(t *testing.T) {}\n"
	if texts, _ := GoSchema([]File{{Path: "p.go", Data: []byte(src)}}); len(texts) != 0 {
		t.Errorf("a test helper's DDL read: %v", texts)
	}
}

func TestDownName(t *testing.T) {
	for name, want := range map[string]bool{"Down": true, "schemaDown": true, "down_sql": true, "rollbackAll": true,
		"Rollback": true, "migrateDown0001": true, "countdown": false, "Countdown": false, "Download": false, "Up": false, "shutdown": false} {
		if got := downName(name); got != want {
			t.Errorf("downName(%q) = %v, want %v", name, got, want)
		}
	}
}
