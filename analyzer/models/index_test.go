package models

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
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
	// A chain rule's kind says what the final call is once its op does.
	_, err = Parse("bad.yaml", []byte("libraries:\n  - name: x\n    functions:\n      - {func: a.B, kind: db_write, chain: [{method: Select, kind: db_read}]}\n"))
	if err == nil || !strings.Contains(err.Error(), "bad.yaml:4") || !strings.Contains(err.Error(), "needs an op") {
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

// FuncKey's direct spellings agree with the generic origin's FullName,
// type parameters removed, for every function and method of real
// packages (generic, embedded, interface and alias receivers included).
func TestFuncKeyFullName(t *testing.T) {
	// From source (NeedSyntax): type-checking these packages and their
	// dependencies is cheaper than compiling them for export data, which
	// is what NeedTypes alone asks the go command for (a minute with an
	// empty build cache on a busy machine).
	cfg := &packages.Config{Mode: packages.NeedTypes | packages.NeedSyntax | packages.NeedDeps | packages.NeedImports | packages.NeedName}
	pkgs, err := packages.Load(cfg, "net/http", "go/types", "golang.org/x/tools/go/ssa", "slices", "maps", "iter", "sync/atomic")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	check := func(fn *types.Func) {
		n++
		if got, want := FuncKey(fn), stripTypeParams(fn.Origin().FullName()); got != want {
			t.Errorf("FuncKey(%v) = %q, want %q", fn, got, want)
		}
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			switch o := scope.Lookup(name).(type) {
			case *types.Func:
				check(o)
			case *types.TypeName:
				for _, t := range []types.Type{o.Type(), types.NewPointer(o.Type())} {
					ms := types.NewMethodSet(t)
					for i := 0; i < ms.Len(); i++ {
						if fn, ok := ms.At(i).Obj().(*types.Func); ok {
							check(fn)
						}
					}
				}
			}
		}
	})
	if n < 1000 {
		t.Fatalf("only %d functions checked", n)
	}
}

// TestIdempotencyHeaders: the catalog's headers, and a vendor's prefixed
// spelling of Idempotency-Key.
func TestIdempotencyHeaders(t *testing.T) {
	ix, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"Idempotency-Key": true, "x-idempotency-key": true, "webhook-id": true,
		"X-Convoy-Idempotency-Key": true, "X-Acme-Idempotency-Key": true,
		"Idempotency-Key-Hint": false, "X-Request-Id": false, "Acme-Idempotency-Key": false,
	} {
		if got := ix.IdempotencyHeader(name); got != want {
			t.Errorf("IdempotencyHeader(%q) = %v, want %v", name, got, want)
		}
	}
}
