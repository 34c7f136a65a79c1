package summary

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// Small inputs, one package each, summarised as the analyzer does
// (summarise, cycles_test.go): what a function's summary says about the
// calls it makes, without the analyzer, discovery or the fixtures tree.

// effectsOf lists the effects of fn's summary as "kind op target risk
// path", path the functions of its hops joined by " > ".
func effectsOf(t *testing.T, pkg *ssa.Package, p *Package, fn string) []string {
	t.Helper()
	f := pkg.Func(fn)
	if f == nil {
		t.Fatalf("no function %s", fn)
	}
	s := p.Of(f)
	if s == nil {
		t.Fatalf("no summary of %s", fn)
	}
	var out []string
	for _, e := range s.Effects {
		var hops []string
		for _, h := range e.Path {
			hops = append(hops, h.Func)
		}
		out = append(out, fmt.Sprintf("%s %s %s %s %s", e.Kind, e.Op, e.Target, e.Risk, strings.Join(hops, " > ")))
	}
	return out
}

const ledgerSrc = `package jobs

import (
	"context"
	"database/sql"
)

func AddEntry(ctx context.Context, db *sql.DB, account string, amount int) error {
	_, err := db.ExecContext(ctx, "insert into ledger (account, amount) values ($1, $2)", account, amount)
	return err
}

func SetBalance(ctx context.Context, db *sql.DB, account string, amount int) error {
	_, err := db.ExecContext(ctx, "insert into balances (account, amount) values ($1, $2) on conflict (account) do update set amount = excluded.amount", account, amount)
	return err
}

func Credit(ctx context.Context, db *sql.DB, account string, amount int) error {
	return AddEntry(ctx, db, account, amount)
}

func Read(ctx context.Context, db *sql.DB, account string) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, "select amount from balances where account = $1", account).Scan(&n)
	return n, err
}
`

const callsSrc = `package jobs

import (
	"context"
	"net/http"
	"strings"
)

type Notifier interface{ Notify(ctx context.Context, msg string) error }

func Post(ctx context.Context, c *http.Client) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", "https://partner.example.com/hook", strings.NewReader("{}"))
	_, err := c.Do(req)
	return err
}

func Tell(ctx context.Context, n Notifier) error { return n.Notify(ctx, "done") }

func Pure(a, b int) int { return a + b }
`

func TestSummaryEffects(t *testing.T) {
	pkg, p := summarise(t, ledgerSrc)
	for fn, want := range map[string]string{
		"AddEntry":   "db_write insert ledger medium jobs.AddEntry",
		"SetBalance": "db_write upsert-set balances safe jobs.SetBalance", // idempotent: set by natural key
		"Credit":     "db_write insert ledger medium jobs.Credit > jobs.AddEntry",
		"Read":       "db_read select balances safe jobs.Read",
	} {
		if got := strings.Join(effectsOf(t, pkg, p, fn), "; "); got != want {
			t.Errorf("%s: %q, want %q", fn, got, want)
		}
	}
}

func TestSummaryCalls(t *testing.T) {
	pkg, p := summarise(t, callsSrc)
	for fn, want := range map[string]string{
		"Post": "http post partner.example.com/hook high jobs.Post",
		// An interface call is unknown here, never "no effect": the
		// wiring package or the whole-program phase resolves it.
		"Tell": "dynamic_call call (jobs.Notifier).Notify unknown jobs.Tell",
		"Pure": "",
	} {
		if got := strings.Join(effectsOf(t, pkg, p, fn), "; "); got != want {
			t.Errorf("%s: %q, want %q", fn, got, want)
		}
	}
}
