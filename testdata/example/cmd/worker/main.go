// Command worker runs the shop's asynq and River job servers.
package main

import (
	"context"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"example.com/shop/internal/store"
	"example.com/shop/internal/webhook"
	"example.com/shop/jobs"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stripe/stripe-go/v82"
)

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer pool.Close()
	deps := &jobs.Deps{
		Pool:     pool,
		Stripe:   stripe.NewClient(os.Getenv("STRIPE_SECRET_KEY")),
		Notifier: &webhook.Poster{URL: os.Getenv("PARTNER_URL"), Client: http.DefaultClient},
		Audit:    (&store.Auditor{DB: pool}).Record,
	}

	mux := asynq.NewServeMux()
	mux.HandleFunc("credit:naive", deps.CreditNaive)
	mux.HandleFunc("credit:guarded", deps.CreditGuarded)
	mux.HandleFunc("credit:split-tx", deps.CreditSplitTx)
	mux.HandleFunc("credit:strict", deps.CreditStrict)
	mux.Handle("shipment:upsert", asynq.HandlerFunc(deps.UpsertShipment))
	mux.HandleFunc("processed:prune", deps.PruneProcessed)
	mux.HandleFunc("user:welcome", withLogging(deps.SendWelcome))
	mux.HandleFunc("charge:keyed", deps.ChargeKeyed)
	mux.HandleFunc("charge:unkeyed", deps.ChargeUnkeyed)
	mux.HandleFunc("charge:random-key", deps.ChargeRandomKey)
	mux.HandleFunc("shipment:notify", deps.NotifyShipped)
	mux.HandleFunc("refund:audit", deps.AuditRefund)
	mux.HandleFunc("receipt:send", deps.SendReceipt)
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: os.Getenv("REDIS_ADDR")}, asynq.Config{Concurrency: 10})
	if err := srv.Start(mux); err != nil {
		return err
	}
	defer srv.Shutdown()

	workers := river.NewWorkers()
	river.AddWorker(workers, &jobs.IncrementWorker{Pool: pool})
	river.AddWorker(workers, &jobs.LedgerWorker{Pool: pool})
	river.AddWorker(workers, jobs.AvatarWorker(pool))
	river.AddWorker(workers, &jobs.RefundWorker{Pool: pool})
	river.AddWorker(workers, &jobs.ImportWorker{Pool: pool})
	fanout, stamped := &jobs.FanoutWorker{}, &jobs.FanoutStampedWorker{}
	river.AddWorker(workers, fanout)
	river.AddWorker(workers, stamped)
	rc, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: workers,
		Queues:  map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 10}},
		// Every River job gets 10 attempts unless its args say otherwise.
		MaxAttempts: 10,
	})
	if err != nil {
		return err
	}
	fanout.Client, stamped.Client = rc, rc
	if err := rc.Start(ctx); err != nil {
		return err
	}

	<-ctx.Done()
	return rc.Stop(context.Background())
}

// withLogging logs the outcome of each task h handles.
func withLogging(h asynq.HandlerFunc) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		err := h(ctx, t)
		if err != nil {
			log.Printf("task %s failed: %v", t.Type(), err)
		}
		return err
	}
}
