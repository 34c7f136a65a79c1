package main

import (
	"context"
	"encoding/json"
	"os"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"example.com/shop/internal/queue"
	"example.com/shop/jobs"
)

// enqueueBilling enqueues through the shop's helpers (internal/queue):
// the retry policies are read at these calls. A single run by retry
// still leaves the handlers at-least-once.
func enqueueBilling(client *asynq.Client) error {
	ctx := context.Background()
	charge, _ := json.Marshal(jobs.ChargePayload{OrderID: "order-8812", Customer: "cus_1", PaymentMethod: "pm_1", Amount: 2500})
	if err := queue.Enqueue(ctx, client, "charge:unkeyed", charge, queue.Once()...); err != nil {
		return err
	}
	shipped, _ := json.Marshal(jobs.ShipmentPayload{OrderID: "order-8812", Carrier: "ups", Tracking: "1Z"})
	if err := queue.Enqueue(ctx, client, "shipment:notify", shipped, asynq.MaxRetry(0)); err != nil {
		return err
	}
	// A resend takes asynq's default: the two enqueues differ.
	if err := queue.Enqueue(ctx, client, "shipment:notify", shipped); err != nil {
		return err
	}

	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return err
	}
	defer pool.Close()
	rc, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		return err
	}
	if err := queue.InsertOnce(ctx, rc, jobs.IncrementArgs{Account: 7, Amount: 2500}); err != nil {
		return err
	}
	// One ledger job with a single attempt, one with LedgerArgs' own 5.
	_, err = rc.InsertMany(ctx, []river.InsertManyParams{
		{Args: jobs.LedgerArgs{OrderID: "order-8812", Account: 7, Amount: 2500}, InsertOpts: &river.InsertOpts{MaxAttempts: 1}},
		{Args: jobs.LedgerArgs{OrderID: "order-8813", Account: 7, Amount: 900}},
	})
	return err
}
