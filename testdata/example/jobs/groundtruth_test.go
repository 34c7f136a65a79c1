package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop/jobs"
)

// TestGroundTruth measures what the linter's verdicts are about, on a real
// PostgreSQL server: 100 credit jobs, each delivered three times
// concurrently through a pool of 20 connections, against the real handler
// functions. It needs JOBEFFECTS_PG_DSN (see .ci/postgres in the jobeffects
// repository); without it the test is skipped.
func TestGroundTruth(t *testing.T) {
	dsn := os.Getenv("JOBEFFECTS_PG_DSN")
	if dsn == "" {
		t.Skip("JOBEFFECTS_PG_DSN is not set")
	}
	ctx := context.Background()
	pool := freshDatabase(ctx, t, dsn)
	d := &jobs.Deps{Pool: pool}

	t.Run("naive", func(t *testing.T) {
		res := deliver(ctx, t, pool, d.CreditNaive, 100, 3)
		t.Logf("ground truth: naive handler: %d deliveries, %d ledger rows, %d audit rows (trigger), %d errors", res.deliveries, res.ledger, res.audit, res.errors)
		if res.ledger != 300 || res.audit != 300 {
			t.Errorf("naive handler wrote %d ledger rows, want 300 (every delivery credits again)", res.ledger)
		}
	})
	t.Run("guarded", func(t *testing.T) {
		res := deliver(ctx, t, pool, d.CreditGuarded, 100, 3)
		duplicates := res.deliveries - res.ledger
		t.Logf("ground truth: guarded handler: %d deliveries, %d ledger rows, %d duplicates, %d claims, %d audit rows (trigger), %d errors",
			res.deliveries, res.ledger, duplicates, res.claims, res.audit, res.errors)
		if res.ledger != 100 || duplicates != 200 || res.errors != 0 || res.claims != 100 || res.audit != 100 {
			t.Errorf("guarded handler: %d ledger rows, %d duplicates, %d errors; want 100, 200, 0", res.ledger, duplicates, res.errors)
		}
	})
	t.Run("split-tx-crash", func(t *testing.T) {
		// A crash between the committed claim and the ledger transaction:
		// the first delivery of every job fails there, the queue redelivers,
		// and the redelivery finds the key taken.
		jobs.AfterClaimHook = func() error { return errors.New("worker crashed after the claim committed") }
		defer func() { jobs.AfterClaimHook = nil }()
		first := deliver(ctx, t, pool, d.CreditSplitTx, 100, 1)
		jobs.AfterClaimHook = nil
		retry := deliverAgain(ctx, t, pool, d.CreditSplitTx, 100)
		t.Logf("ground truth: split-transaction handler with a crash between claim and effect: first delivery %d errors; redelivery %d errors; %d claims, %d ledger rows: %d credits lost",
			first.errors, retry.errors, retry.claims, retry.ledger, 100-retry.ledger)
		if first.errors != 100 || retry.ledger != 0 || retry.claims != 100 {
			t.Errorf("split-tx: first errors %d, ledger %d, claims %d; want 100 errors, 0 ledger rows (lost), 100 claims", first.errors, retry.ledger, retry.claims)
		}
	})
	t.Run("guarded-crash", func(t *testing.T) {
		// A crash inside the guarded handler, after the claim and the ledger
		// insert but before the commit, rolls the claim back with the
		// effect, so the redelivery credits exactly once.
		res := deliverCrashingGuarded(ctx, t, dsn, pool, d, 100)
		t.Logf("ground truth: guarded handler with a crash before commit: %d ledger rows, %d claims after redelivery", res.ledger, res.claims)
		if res.ledger != 100 || res.claims != 100 {
			t.Errorf("guarded with crash: %d ledger rows, %d claims; want 100, 100", res.ledger, res.claims)
		}
	})
}

type result struct {
	deliveries, errors int
	ledger, claims     int
	audit              int // rows the ledger_audit trigger wrote
}

type handler func(context.Context, *asynq.Task) error

// freshDatabase creates a new database with the example's schema and
// returns a pool of 20 connections to it.
func freshDatabase(ctx context.Context, t *testing.T, dsn string) *pgxpool.Pool {
	t.Helper()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connecting to %s: %v", dsn, err)
	}
	name := fmt.Sprintf("jobeffects_gt_%d", rand.Int64N(1<<40))
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), "drop database if exists "+name+" with (force)")
		admin.Close(context.Background())
	})
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Database = name
	cfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	files, err := filepath.Glob("../migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	sort.Strings(files)
	for _, f := range files {
		schema, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pool.Exec(ctx, string(schema)); err != nil {
			t.Fatalf("applying %s: %v", f, err)
		}
	}
	return pool
}

func reset(ctx context.Context, t *testing.T, pool *pgxpool.Pool) {
	t.Helper()
	if _, err := pool.Exec(ctx, "truncate ledger, processed_jobs, audit_log"); err != nil {
		t.Fatal(err)
	}
}

func task(i int) *asynq.Task {
	payload, _ := json.Marshal(jobs.CreditPayload{OrderID: fmt.Sprintf("order-%d", 8800+i), Account: int64(i%10 + 1), Amount: 25})
	return asynq.NewTask("credit", payload)
}

// deliver runs n jobs, each delivered copies times at once, starting all
// deliveries together.
func deliver(ctx context.Context, t *testing.T, pool *pgxpool.Pool, h handler, n, copies int) result {
	t.Helper()
	reset(ctx, t, pool)
	return run(ctx, t, pool, h, n, copies)
}

// deliverAgain redelivers every job once without resetting the tables.
func deliverAgain(ctx context.Context, t *testing.T, pool *pgxpool.Pool, h handler, n int) result {
	t.Helper()
	return run(ctx, t, pool, h, n, 1)
}

func run(ctx context.Context, t *testing.T, pool *pgxpool.Pool, h handler, n, copies int) result {
	t.Helper()
	var (
		wg    sync.WaitGroup
		start = make(chan struct{})
		mu    sync.Mutex
		res   = result{deliveries: n * copies}
	)
	for i := 0; i < n; i++ {
		for c := 0; c < copies; c++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				if err := h(ctx, task(i)); err != nil {
					mu.Lock()
					res.errors++
					mu.Unlock()
				}
			}(i)
		}
	}
	close(start)
	wg.Wait()
	count(ctx, t, pool, &res)
	return res
}

func count(ctx context.Context, t *testing.T, pool *pgxpool.Pool, res *result) {
	t.Helper()
	if err := pool.QueryRow(ctx, "select (select count(*) from ledger), (select count(*) from processed_jobs), (select count(*) from audit_log)").Scan(&res.ledger, &res.claims, &res.audit); err != nil {
		t.Fatal(err)
	}
}

// deliverCrashingGuarded delivers each job to CreditGuarded on a pool whose
// tracer kills the delivery (cancels its context, which closes the
// connection) right after the ledger insert, before the commit; then it
// redelivers every job normally.
func deliverCrashingGuarded(ctx context.Context, t *testing.T, dsn string, pool *pgxpool.Pool, d *jobs.Deps, n int) result {
	t.Helper()
	reset(ctx, t, pool)
	cfg := pool.Config().Copy()
	cfg.ConnConfig.Tracer = crashAfterLedgerInsert{}
	crashPool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer crashPool.Close()
	crashing := &jobs.Deps{Pool: crashPool}
	crashed := 0
	for i := 0; i < n; i++ {
		cctx, cancel := context.WithCancel(ctx)
		if err := crashing.CreditGuarded(context.WithValue(cctx, crashKey{}, cancel), task(i)); err != nil {
			crashed++
		}
		cancel()
	}
	if crashed != n {
		t.Fatalf("%d of %d deliveries crashed", crashed, n)
	}
	var mid result
	count(ctx, t, pool, &mid)
	if mid.ledger != 0 || mid.claims != 0 {
		t.Fatalf("after the crashes: %d ledger rows, %d claims; want none (rolled back)", mid.ledger, mid.claims)
	}
	return run(ctx, t, pool, d.CreditGuarded, n, 1)
}

type crashKey struct{}

type sqlKey struct{}

// crashAfterLedgerInsert cancels the delivery's context once its ledger
// insert has run: the commit that follows fails and the server rolls the
// transaction back, as when the worker dies before committing.
type crashAfterLedgerInsert struct{}

func (crashAfterLedgerInsert) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	return context.WithValue(ctx, sqlKey{}, data.SQL)
}

func (crashAfterLedgerInsert) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryEndData) {
	sql, _ := ctx.Value(sqlKey{}).(string)
	if cancel, ok := ctx.Value(crashKey{}).(context.CancelFunc); ok && data.Err == nil && strings.HasPrefix(sql, "insert into ledger") {
		cancel()
	}
}
