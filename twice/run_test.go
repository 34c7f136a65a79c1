package twice_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jobeffects/jobeffects/twice"
)

// store is a small in-memory "database" observed through the Observer
// interface: the kind of fake a test writes for a mailer or a bus. Each
// write is an effect point (twice.Effect), as an instrumented client's.
type store struct {
	mu     sync.Mutex
	ledger []string
	claims map[string]bool
}

func (s *store) String() string { return "store" }

func (s *store) Reset(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ledger, s.claims = nil, map[string]bool{}
	return nil
}

func (s *store) Observe(context.Context) (twice.State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	claims := make([]string, 0, len(s.claims))
	for k := range s.claims {
		claims = append(claims, k)
	}
	return twice.State{"ledger": slices.Clone(s.ledger), "claims": claims}, nil
}

// append adds a ledger entry unless the delivery has crashed.
func (s *store) append(ctx context.Context, entry string) error {
	if err := twice.Crashed(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	s.ledger = append(s.ledger, entry)
	s.mu.Unlock()
	return twice.Effect(ctx, "append ledger")
}

// claim takes key atomically; false if it was taken.
func (s *store) claim(ctx context.Context, key string) (bool, error) {
	if err := twice.Crashed(ctx); err != nil {
		return false, err
	}
	s.mu.Lock()
	taken := s.claims[key]
	s.claims[key] = true
	s.mu.Unlock()
	if taken {
		return false, nil
	}
	return true, twice.Effect(ctx, "claim "+key)
}

type credit struct {
	Order  string
	Amount int
}

func TestNaiveRepeats(t *testing.T) {
	s := &store{}
	naive := func(ctx context.Context, c credit) error {
		return s.append(ctx, fmt.Sprintf("%s:%d", c.Order, c.Amount))
	}
	r, err := twice.Run(t.Context(), twice.Func(naive, credit{"o-1", 25}), twice.Options{
		Name: "naive", Observers: []twice.Observer{s}, Reset: s.Reset, Deliveries: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	for _, m := range []twice.Mode{twice.Sequential, twice.Concurrent, twice.Crash} {
		if got := r.Outcome(m); got != "repeated" {
			t.Errorf("%v: outcome %q, want repeated", m, got)
		}
	}
	want := "deliveries 2 to 3: ledger has 3 items where one delivery leaves 1; more: o-1:25"
	if msgs := r.Runs[0].Messages; len(msgs) != 1 || msgs[0] != want {
		t.Errorf("sequential messages %q, want %q", msgs, want)
	}
	if !slices.Equal(r.Effects, []string{"append ledger"}) {
		t.Errorf("effects %q", r.Effects)
	}
}

func TestClaimThenEffect(t *testing.T) {
	s := &store{}
	// guarded-looking, but the claim and the append are two separate
	// writes: a crash between them loses the credit.
	split := func(ctx context.Context, c credit) error {
		ok, err := s.claim(ctx, c.Order)
		if err != nil || !ok {
			return err
		}
		return s.append(ctx, c.Order)
	}
	r, err := twice.Run(t.Context(), twice.Func(split, credit{"o-2", 10}), twice.Options{
		Name: "split", Observers: []twice.Observer{s}, Reset: s.Reset,
		Static: []twice.Static{{Target: "ledger", Says: "insert, guard-separate-tx"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if r.Differs(twice.Sequential) || r.Differs(twice.Concurrent) {
		t.Errorf("split claim differs without a crash:\n%s", r)
	}
	if !r.Lost(twice.Crash) || r.Repeated(twice.Crash) {
		t.Errorf("crash outcome %q, want lost", r.Outcome(twice.Crash))
	}
	var crash []twice.RunResult
	for _, x := range r.Runs {
		if x.Mode == twice.Crash {
			crash = append(crash, x)
		}
	}
	if len(crash) != 2 || len(crash[0].Changes) != 1 || len(crash[1].Changes) != 0 {
		t.Fatalf("crash runs %+v: want a loss after the claim, none after the append", crash)
	}
	want := "after a crash after effect 1 of 2 (claim o-2) and a redelivery: ledger has 0 items where one delivery leaves 1; missing: o-2; the inventory: insert, guard-separate-tx"
	if got := crash[0].Messages[0]; got != want {
		t.Errorf("message\n%s\nwant\n%s", got, want)
	}
}

func TestDuplicateAsError(t *testing.T) {
	s := &store{}
	strict := func(ctx context.Context, c credit) error {
		ok, err := s.claim(ctx, c.Order)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%s already processed", c.Order)
		}
		return s.append(ctx, c.Order)
	}
	r, err := twice.Run(t.Context(), twice.Func(strict, credit{"o-3", 1}), twice.Options{
		Observers: []twice.Observer{s}, Reset: s.Reset, Modes: []twice.Mode{twice.Sequential},
	})
	if err != nil {
		t.Fatal(err)
	}
	if r.Differs(twice.Sequential) || r.Outcome(twice.Sequential) != "error" {
		t.Fatalf("outcome %q:\n%s", r.Outcome(twice.Sequential), r)
	}
	if p := r.Problems(); len(p) != 1 || !strings.HasPrefix(p[0], "second delivery returned an error although the first delivery succeeded: o-3 already processed") {
		t.Errorf("problems %q", p)
	}
}

func TestResetMustRestore(t *testing.T) {
	s := &store{}
	s.Reset(t.Context())
	leaky := func(context.Context) error { return nil } // does not clear s
	h := func(ctx context.Context, c credit) error { return s.append(ctx, c.Order) }
	// The store is not a Resetter here: wrap it to hide its Reset.
	_, err := twice.Run(t.Context(), twice.Func(h, credit{"o-4", 1}), twice.Options{
		Observers: []twice.Observer{onlyObserve{s}}, Reset: leaky,
	})
	if err == nil || !strings.Contains(err.Error(), "Reset does not restore the state") {
		t.Fatalf("err = %v, want a Reset error", err)
	}
}

type onlyObserve struct{ s *store }

func (o onlyObserve) Observe(ctx context.Context) (twice.State, error) { return o.s.Observe(ctx) }

func TestFirstDeliveryMustSucceed(t *testing.T) {
	s := &store{}
	bad := func(context.Context, credit) error { return fmt.Errorf("bad payload") }
	_, err := twice.Run(t.Context(), twice.Func(bad, credit{}), twice.Options{Observers: []twice.Observer{s}, Reset: s.Reset})
	if err == nil || !strings.Contains(err.Error(), "the first delivery failed") {
		t.Fatalf("err = %v", err)
	}
}

func TestStatement(t *testing.T) {
	for _, c := range []struct {
		sql   string
		write bool
		name  string
	}{
		{"insert into processed_jobs(job_key) values($1) on conflict do nothing", true, "insert into processed_jobs"},
		{"  UPDATE accounts SET balance = balance + $1 WHERE id = $2", true, "update accounts"},
		{"select email from users where id = $1", false, "select email"},
		{"with d as (delete from processed_jobs where done_at < now()) select count(*) from d", true, "with … delete from processed_jobs"},
		{"with x as (select 1) select * from x", false, "with x"},
		{"WITH locked AS (SELECT id FROM river_job WHERE id = $1 FOR UPDATE), u AS (UPDATE /* TEMPLATE: schema */river_job SET state = 'cancelled' FROM locked) SELECT * FROM u", true, "with … update river_job"},
		{"with l as (select 1 from t for no key update) select * from l", false, "with l"},
		{"-- note\ncommit", true, "commit"},
		{"begin", false, "begin"},
		{"/* c */ delete from t", true, "delete from t"},
	} {
		if got := twice.IsWrite(c.sql); got != c.write {
			t.Errorf("IsWrite(%q) = %v", c.sql, got)
		}
		if got := twice.Statement(c.sql); got != c.name {
			t.Errorf("Statement(%q) = %q, want %q", c.sql, got, c.name)
		}
	}
}
