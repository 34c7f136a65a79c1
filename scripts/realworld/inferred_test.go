package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

const inferredYAML = `
name: app
inferred:
  - target: (store.Repo).GetUser
    inferred: {kind: db_read, operation: read, idempotent: "true"}
    actual: {kind: db_read, operation: select, idempotent: "true"}
    confirmed: true
    evidence: [store/repo.go:10]
  - target: (store.Repo).InsertUser
    inferred: {kind: db_write, operation: insert, idempotent: "false"}
    actual: {kind: db_write, operation: upsert-set, idempotent: "true"}
    confirmed: false
    cause: idempotent-as-insert
    evidence: [store/repo.go:20]
  - target: (store.Repo).Gone
    inferred: {kind: db_write, operation: delete, idempotent: "true"}
    actual: {kind: db_write, operation: delete, idempotent: "true"}
    confirmed: true
    evidence: [store/repo.go:30]
`

func TestScoreInferred(t *testing.T) {
	l, err := parseInferredLabels("app.yaml", []byte(inferredYAML))
	if err != nil {
		t.Fatal(err)
	}
	eff := func(target, kind, op string, idem any, by string) schema.SideEffect {
		return schema.SideEffect{Target: target, Kind: kind, Operation: op, Idempotent: idem, By: by}
	}
	inv := &schema.Inventory{Handlers: []schema.Handler{
		{SideEffects: []schema.SideEffect{
			eff("(store.Repo).GetUser", "db_read", "read", true, "name"),
			eff("(store.Repo).InsertUser", "db_write", "insert", false, "name"),
			eff("users", "db_write", "insert", false, "code"), // decided by code: not an inference
		}},
		{SideEffects: []schema.SideEffect{
			eff("(store.Repo).GetUser", "db_read", "read", true, "name"),           // the same call again: one target
			eff("(mail.Client).Send", "email", "send", false, "name"),              // nobody read it
			eff("(store.Repo).InsertUser", "db_write", "update-set", true, "name"), // inferred otherwise: another inference
		}},
	}}
	got := scoreInferred(inv, l)
	want := &inferredScore{
		Targets: 4, Labelled: 2, Confirmed: 1, Precision: 0.5, IdemAgrees: 1,
		Unlabelled: []string{"(mail.Client).Send (email send)", "(store.Repo).InsertUser (db_write update-set)"},
		Rejected:   []string{"(store.Repo).InsertUser (db_write insert): reads as db_write upsert-set (idempotent true) [idempotent-as-insert]"},
		Stale:      []string{"(store.Repo).Gone (db_write delete)"},
		ByCause:    map[string]int{"idempotent-as-insert": 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scoreInferred =\n%+v\nwant\n%+v", got, want)
	}
}

func TestParseInferredLabelsRejects(t *testing.T) {
	for name, doc := range map[string]string{
		"no evidence":            "inferred:\n  - target: f\n    inferred: {kind: db_read, operation: read}\n    actual: {kind: none, operation: read, idempotent: \"true\"}\n",
		"no actual":              "inferred:\n  - target: f\n    inferred: {kind: db_read, operation: read}\n    evidence: [a.go:1]\n",
		"twice":                  "inferred:\n  - {target: f, inferred: {kind: db_read, operation: read}, actual: {kind: none, operation: read, idempotent: \"true\"}, evidence: [a.go:1]}\n  - {target: f, inferred: {kind: db_read, operation: read}, actual: {kind: none, operation: read, idempotent: \"true\"}, evidence: [a.go:1]}\n",
		"unknown key":            "inferred:\n  - {target: f, kind: db_read}\n",
		"no cause":               "inferred:\n  - {target: f, inferred: {kind: db_read, operation: read}, actual: {kind: none, operation: read, idempotent: \"true\"}, confirmed: false, evidence: [a.go:1]}\n",
		"odd cause":              "inferred:\n  - {target: f, inferred: {kind: db_read, operation: read}, actual: {kind: none, operation: read, idempotent: \"true\"}, confirmed: false, cause: typo, evidence: [a.go:1]}\n",
		"confirmed with a cause": "inferred:\n  - {target: f, inferred: {kind: db_read, operation: read}, actual: {kind: db_read, operation: read, idempotent: \"true\"}, confirmed: true, cause: word, evidence: [a.go:1]}\n",
	} {
		if _, err := parseInferredLabels("x.yaml", []byte(doc)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if l, err := parseInferredLabels("x.yaml", nil); err != nil || len(l.Inferred) != 0 {
		t.Errorf("empty file: %v, %v", l, err)
	}
	var b strings.Builder
	printInferred(&b, []score{{Name: "app", Inferred: &inferredScore{Targets: 3, Labelled: 2, Confirmed: 1, IdemAgrees: 2, ByCause: map[string]int{"word": 1}}}}, false)
	if !strings.Contains(b.String(), "| app | 3 | 2 | 1 | 50.0 % | 2 |") || !strings.Contains(b.String(), "| word: a word of the name read in another sense | 1 |") {
		t.Errorf("table:\n%s", b.String())
	}
}
