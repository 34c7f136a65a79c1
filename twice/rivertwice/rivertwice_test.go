package rivertwice_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/jobeffects/jobeffects/twice"
	"github.com/jobeffects/jobeffects/twice/pgxtwice"
	"github.com/jobeffects/jobeffects/twice/rivertwice"
)

const schema = `
create table ledger (id bigserial primary key, account bigint, amount bigint, order_id text);
create table accounts (id bigint primary key, balance bigint not null default 0);
create table refunds (id bigserial primary key, order_id text, amount bigint);
create table imports (id bigserial primary key, file text);`

// pool returns an instrumented pool on a new database with River's schema
// and the tables above, on the server at JOBEFFECTS_PG_DSN (skipped
// without it, failed when JOBEFFECTS_REQUIRE_PG is set).
func pool(t *testing.T) *pgxpool.Pool {
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
	name := fmt.Sprintf("rivertwice_%d", rand.Int64N(1<<40))
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), "drop database if exists "+name+" with (force)")
		admin.Close(context.Background())
	})
	p, err := pgxtwice.NewPool(ctx, strings.Replace(dsn, "/postgres?", "/"+name+"?", 1))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	m, err := rivermigrate.New(riverpgxv5.New(p), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Exec(ctx, schema); err != nil {
		t.Fatal(err)
	}
	return p
}

type IncrementArgs struct {
	Account, Amount int64
}

func (IncrementArgs) Kind() string { return "balance:increment" }

type IncrementWorker struct {
	river.WorkerDefaults[IncrementArgs]
	Pool *pgxpool.Pool
}

func (w *IncrementWorker) Work(ctx context.Context, job *river.Job[IncrementArgs]) error {
	_, err := w.Pool.Exec(ctx, "update accounts set balance = balance + $1 where id = $2", job.Args.Amount, job.Args.Account)
	return err
}

type LedgerArgs struct {
	OrderID         string
	Account, Amount int64
}

func (LedgerArgs) Kind() string { return "ledger:complete-tx" }

type LedgerWorker struct {
	river.WorkerDefaults[LedgerArgs]
	Pool *pgxpool.Pool
}

func (w *LedgerWorker) Work(ctx context.Context, job *river.Job[LedgerArgs]) error {
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into ledger(account, amount, order_id) values($1, $2, $3)", job.Args.Account, job.Args.Amount, job.Args.OrderID); err != nil {
		return err
	}
	if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type RefundArgs struct {
	OrderID string
	Amount  int64
}

func (RefundArgs) Kind() string { return "refund:cancel-tx" }

type RefundWorker struct {
	river.WorkerDefaults[RefundArgs]
	Pool *pgxpool.Pool
}

func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into refunds(order_id, amount) values($1, $2)", job.Args.OrderID, job.Args.Amount); err != nil {
		return err
	}
	if _, err := client.JobCancelTx(ctx, tx, job.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type ImportArgs struct{ File string }

func (ImportArgs) Kind() string { return "import:steps" }

type ImportWorker struct {
	river.WorkerDefaults[ImportArgs]
	Pool *pgxpool.Pool
}

func (w *ImportWorker) Work(ctx context.Context, job *river.Job[ImportArgs]) error {
	river.ResumableStep(ctx, "load", nil, func(ctx context.Context) error {
		tx, err := w.Pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, "insert into imports(file) values($1)", job.Args.File); err != nil {
			return err
		}
		if _, err := river.ResumableSetStepTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return err
		}
		return tx.Commit(ctx)
	})
	return nil
}

func TestWorkers(t *testing.T) {
	p := pool(t)
	reset := func(ctx context.Context) error {
		_, err := p.Exec(ctx, "truncate ledger, accounts, refunds, imports restart identity; insert into accounts values (1, 100)")
		return err
	}
	opts := twice.Options{
		Observers: []twice.Observer{twice.NewPostgres(pgxtwice.Querier(p), twice.PostgresOptions{})},
		Reset:     reset,
	}
	for _, c := range []struct {
		name string
		job  twice.Job
		want map[twice.Mode]string
	}{
		{"increment", rivertwice.Job(t, p, river.Worker[IncrementArgs](&IncrementWorker{Pool: p}), IncrementArgs{1, 25}, nil),
			map[twice.Mode]string{twice.Sequential: "changed", twice.Concurrent: "changed", twice.Crash: "changed"}},
		// Completing, cancelling or checkpointing the job in the
		// effect's transaction stops a redelivery after the first run
		// ended (crashed or lost its ack). It does not stop a second run
		// that started while the first was still going (the rescuer
		// hands a job stuck past RescueStuckJobsAfter to another worker):
		// the second JobCompleteTx finds the job completed and returns it
		// without an error (JobSetStateIfRunningMany returns the row it
		// did not update), JobCancelTx of a running job only records the
		// attempt, and both runs passed the step before either recorded
		// it. Both runs commit their row.
		{"complete-tx", rivertwice.Job(t, p, river.Worker[LedgerArgs](&LedgerWorker{Pool: p}), LedgerArgs{"o-1", 1, 25}, nil),
			map[twice.Mode]string{twice.Sequential: "same", twice.Concurrent: "repeated", twice.Crash: "same"}},
		{"cancel-tx", rivertwice.Job(t, p, river.Worker[RefundArgs](&RefundWorker{Pool: p}), RefundArgs{"o-1", 25}, nil),
			map[twice.Mode]string{twice.Sequential: "same", twice.Concurrent: "repeated", twice.Crash: "same"}},
		{"resumable", rivertwice.Job(t, p, river.Worker[ImportArgs](&ImportWorker{Pool: p}), ImportArgs{"a.csv"}, nil),
			map[twice.Mode]string{twice.Sequential: "same", twice.Concurrent: "repeated", twice.Crash: "same"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := opts
			o.Name = c.name
			r, err := twice.Run(t.Context(), c.job, o)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(r)
			for m, want := range c.want {
				if got := r.Outcome(m); got != want {
					t.Errorf("%v: %q, want %q", m, got, want)
				}
			}
		})
	}
}
