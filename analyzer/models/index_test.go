package models

import (
	"strings"
	"testing"
)

func TestBuiltinCatalogParses(t *testing.T) {
	ix, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(ix.funcs) < 50 {
		t.Errorf("only %d function models", len(ix.funcs))
	}
	for _, p := range []string{"github.com/jackc/pgx/v5/pgxpool", "database/sql", "github.com/stripe/stripe-go/v82/charge", "fmt"} {
		if !ix.ModeledPath(p) {
			t.Errorf("%s not modeled", p)
		}
	}
	if ix.ModeledPath("example.com/shop/jobs") || ix.ModeledPath("jobs") {
		t.Errorf("user package taken as modeled")
	}
}

func TestParseErrorsNameFileAndLine(t *testing.T) {
	_, err := Parse("bad.yaml", []byte("libraries:\n  - name: x\n    functions:\n      - {func: a.B, risk: terrible}\n"))
	if err == nil || !strings.Contains(err.Error(), "bad.yaml:4") || !strings.Contains(err.Error(), "terrible") {
		t.Fatalf("got %v", err)
	}
	_, err = Parse("bad.yaml", []byte("libraries:\n  - name: x\n    funcs: []\n"))
	if err == nil || !strings.Contains(err.Error(), "bad.yaml") || !strings.Contains(err.Error(), "line 3") {
		t.Fatalf("got %v", err)
	}
}

func TestStripTypeParams(t *testing.T) {
	got := stripTypeParams("(*github.com/riverqueue/river.Client[TTx]).Insert")
	if got != "(*github.com/riverqueue/river.Client).Insert" {
		t.Fatal(got)
	}
}
