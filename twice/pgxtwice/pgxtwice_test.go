package pgxtwice_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx", for twice.OpenDB

	"github.com/jobeffects/jobeffects/twice"
	"github.com/jobeffects/jobeffects/twice/pgxtwice"
)

const schema = `
create table processed_jobs (job_key text primary key, done_at timestamptz not null default now());
create table ledger (id bigserial primary key, account bigint, amount bigint, order_id text);
create table accounts (id bigint primary key, balance bigint not null default 0);`

// database creates a database with schema on the server at
// JOBEFFECTS_PG_DSN and returns its DSN. Without the variable the test is
// skipped, or fails when JOBEFFECTS_REQUIRE_PG is set (CI).
func database(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("JOBEFFECTS_PG_DSN")
	if dsn == "" {
		if os.Getenv("JOBEFFECTS_REQUIRE_PG") != "" {
			t.Fatal("JOBEFFECTS_PG_DSN is not set but JOBEFFECTS_REQUIRE_PG is: start PostgreSQL with .ci/postgres")
		}
		t.Skip("JOBEFFECTS_PG_DSN is not set (export JOBEFFECTS_PG_DSN=$(.ci/postgres))")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("pgxtwice_%d", rand.Int64N(1<<40))
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), "drop database if exists "+name+" with (force)")
		admin.Close(context.Background())
	})
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Database = name
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, schema); err != nil {
		t.Fatal(err)
	}
	return strings.Replace(dsn, "/postgres?", "/"+name+"?", 1)
}

type credit struct {
	Order   string
	Account int64
	Amount  int64
}

func TestPgx(t *testing.T) {
	dsn := database(t)
	ctx := t.Context()
	pool, err := pgxtwice.NewPool(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	reset := func(ctx context.Context) error {
		_, err := pool.Exec(ctx, "truncate ledger, processed_jobs, accounts restart identity; insert into accounts values (1, 100)")
		return err
	}
	db := twice.NewPostgres(pgxtwice.Querier(pool), twice.PostgresOptions{IgnoreColumns: []string{"done_at"}})
	opts := twice.Options{Observers: []twice.Observer{db}, Reset: reset}
	in := credit{"o-1", 1, 25}

	naive := func(ctx context.Context, c credit) error {
		_, err := pool.Exec(ctx, "insert into ledger(account, amount, order_id) values($1, $2, $3)", c.Account, c.Amount, c.Order)
		return err
	}
	increment := func(ctx context.Context, c credit) error {
		_, err := pool.Exec(ctx, "update accounts set balance = balance + $1 where id = $2", c.Amount, c.Account)
		return err
	}
	guarded := func(ctx context.Context, c credit) error {
		tx, err := pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		var k string
		err = tx.QueryRow(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing returning job_key", "credit:"+c.Order).Scan(&k)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "insert into ledger(account, amount, order_id) values($1, $2, $3)", c.Account, c.Amount, c.Order); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}
	split := func(ctx context.Context, c credit) error {
		tag, err := pool.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", "credit:"+c.Order)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "insert into ledger(account, amount, order_id) values($1, $2, $3)", c.Account, c.Amount, c.Order)
			return err
		})
	}

	for _, c := range []struct {
		name    string
		h       func(context.Context, credit) error
		effects []string
		outcome map[twice.Mode]string
		first   string // first message of the first run with changes
	}{
		{"naive", naive, []string{"insert into ledger"},
			map[twice.Mode]string{twice.Sequential: "repeated", twice.Concurrent: "repeated", twice.Crash: "repeated"},
			"second delivery inserted 1 row into ledger (1 → 2)"},
		{"increment", increment, []string{"update accounts"},
			map[twice.Mode]string{twice.Sequential: "changed", twice.Concurrent: "changed", twice.Crash: "changed"},
			"second delivery changed 1 row in accounts: balance 125 → 150 (id 1)"},
		{"guarded", guarded, []string{"insert into processed_jobs", "insert into ledger", "commit"},
			map[twice.Mode]string{twice.Sequential: "same", twice.Concurrent: "same", twice.Crash: "same"}, ""},
		{"split", split, []string{"insert into processed_jobs", "insert into ledger", "commit"},
			map[twice.Mode]string{twice.Sequential: "same", twice.Concurrent: "same", twice.Crash: "lost"},
			"after a crash after effect 1 of 3 (insert into processed_jobs) and a redelivery, ledger has 1 row fewer than after one delivery (1 → 0): an effect was lost"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := opts
			o.Name = c.name
			r, err := twice.Run(ctx, twice.Func(c.h, in), o)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(r)
			check(t, r, c.effects, c.outcome, c.first)
		})
	}
}

// TestDatabaseSQL runs the same split handler through database/sql with
// twice.OpenDB on pgx's stdlib driver: the wrapper counts the statements
// and a crashed delivery's transaction is rolled back, not committed.
func TestDatabaseSQL(t *testing.T) {
	dsn := database(t)
	db, err := twice.OpenDB("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	reset := func(ctx context.Context) error {
		_, err := db.ExecContext(ctx, "truncate ledger, processed_jobs, accounts restart identity")
		return err
	}
	obs := twice.NewPostgres(twice.SQL(db), twice.PostgresOptions{IgnoreColumns: []string{"processed_jobs.done_at"}}).Tables("ledger", "processed_jobs")
	split := func(ctx context.Context, c credit) error {
		res, err := db.ExecContext(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", "credit:"+c.Order)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, "insert into ledger(account, amount, order_id) values($1, $2, $3)", c.Account, c.Amount, c.Order); err != nil {
			return err
		}
		return tx.Commit()
	}
	r, err := twice.Run(t.Context(), twice.Func(split, credit{"o-2", 1, 10}), twice.Options{
		Name: "split (database/sql)", Observers: []twice.Observer{obs}, Reset: reset,
		Static: []twice.Static{{Target: "ledger", Says: "insert, guard-separate-tx at jobs/credit.go:59"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	check(t, r, []string{"insert into processed_jobs", "insert into ledger", "commit"},
		map[twice.Mode]string{twice.Sequential: "same", twice.Concurrent: "same", twice.Crash: "lost"},
		"after a crash after effect 1 of 3 (insert into processed_jobs) and a redelivery, ledger has 1 row fewer than after one delivery (1 → 0): an effect was lost; the inventory: insert, guard-separate-tx at jobs/credit.go:59")
	// The crash after the ledger insert, before the commit, loses it too:
	// the transaction was rolled back.
	if got := len(r.Runs[3].Changes); r.Runs[3].CrashAfter != 2 || got != 1 {
		t.Errorf("crash after effect 2: %d changes, want the lost ledger row", got)
	}
	if _, err := db.ExecContext(t.Context(), "select 1"); err != nil {
		t.Errorf("the pool is unusable after the crashes: %v", err)
	}
}

func check(t *testing.T, r *twice.Report, effects []string, outcome map[twice.Mode]string, first string) {
	t.Helper()
	if !slices.Equal(r.Effects, effects) {
		t.Errorf("effect points %q, want %q", r.Effects, effects)
	}
	for m, want := range outcome {
		if got := r.Outcome(m); got != want {
			t.Errorf("%v: outcome %q, want %q", m, got, want)
		}
	}
	if first == "" {
		return
	}
	for _, x := range r.Runs {
		if len(x.Messages) > 0 {
			if x.Messages[0] != first {
				t.Errorf("message\n%s\nwant\n%s", x.Messages[0], first)
			}
			return
		}
	}
	t.Errorf("no message, want %q", first)
}
