package guards

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"
)

type Ext struct {
	Deps
	Redis  *redis.Client
	Stripe *stripe.Client
}

// ChargeAfterClaim: a DB claim alone does not protect money.
func (e *Ext) ChargeAfterClaim(ctx context.Context, t *asynq.Task) error { // want ChargeAfterClaim:"payment/charge stripe charges; db_write/claim processed_jobs" `unguarded: handler \(\*guards.Ext\).ChargeAfterClaim .*\(critical\) .*a DB claim does not protect money`
	tag, err := e.Pool.Exec(ctx, "insert into processed_jobs(job_key) values($1) on conflict do nothing", t.Type())
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	_, err = e.Stripe.V1Charges.Create(ctx, &stripe.ChargeCreateParams{Amount: stripe.Int64(100)})
	return err
}

// SetNXMail claims in Redis, then sends: guarded with a window.
func (e *Ext) SetNXMail(ctx context.Context, t *asynq.Task) error { // want SetNXMail:"kv_write/increment hits guarded=processed_jobs; kv_write/claim"
	ok, err := e.Redis.SetNX(ctx, "job:"+t.Type(), 1, 0).Result()
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return e.Redis.Incr(ctx, "hits").Err()
}

// SetNXInsert claims in Redis and writes to the database: the two stores
// do not commit together.
func (e *Ext) SetNXInsert(ctx context.Context, t *asynq.Task) error { // want SetNXInsert:"db_write/insert ledger issue=guard-separate-tx; kv_write/claim"
	if !e.Redis.SetNX(ctx, "job:"+t.Type(), 1, 0).Val() { // want `guard-separate-tx`
		return nil
	}
	_, err := e.Pool.Exec(ctx, "insert into ledger(order_id) values ($1)", t.Type())
	return err
}

// AttemptKey derives the key from the retry count: a new key on every retry.
func (e *Ext) AttemptKey(ctx context.Context, t *asynq.Task) error { // want AttemptKey:"payment/charge stripe charges issue=random-key"
	n, _ := asynq.GetRetryCount(ctx)
	params := &stripe.ChargeCreateParams{Amount: stripe.Int64(100)}
	params.SetIdempotencyKey(fmt.Sprintf("charge:%s:%d", t.Type(), n)) // want `random-key: idempotency key fmt.Sprintf\("charge:%s:%d", t.Type\(\), n\) derives from asynq.GetRetryCount`
	_, err := e.Stripe.V1Charges.Create(ctx, params)
	return err
}

type RefundArgs struct{ Order string }

func (RefundArgs) Kind() string { return "refund" } // want Kind:"no effects" Kind:`const "refund"`

type RefundWorker struct {
	river.WorkerDefaults[RefundArgs]
	Stripe *stripe.Client
}

// Work keys the refund with the job's attempt number.
func (w *RefundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error { // want Work:"payment/refund stripe refunds issue=random-key"
	params := &stripe.RefundCreateParams{}
	params.SetIdempotencyKey(fmt.Sprintf("refund:%s:%d", job.Args.Order, job.Attempt)) // want `random-key: .* derives from Attempt \(changes on every delivery\)`
	_, err := w.Stripe.V1Refunds.Create(ctx, params)
	return err
}

// StableKey derives the key from the job's business identity: guarded.
func (w *RefundWorker) Stable(ctx context.Context, job *river.Job[RefundArgs]) error { // want Stable:"payment/refund stripe refunds guarded=idempotency_key"
	params := &stripe.RefundCreateParams{}
	params.SetIdempotencyKey("refund:" + job.Args.Order)
	_, err := w.Stripe.V1Refunds.Create(ctx, params)
	return err
}

// SetArgsNX claims with SET NX (redis.Nil on a duplicate), then counts.
func (e *Ext) SetArgsNX(ctx context.Context, t *asynq.Task) error { // want SetArgsNX:"kv_write/increment sends guarded=processed_jobs; kv_write/claim"
	err := e.Redis.SetArgs(ctx, "job:"+t.Type(), 1, redis.SetArgs{Mode: "NX", TTL: time.Hour}).Err()
	if errors.Is(err, redis.Nil) {
		return nil
	}
	if err != nil {
		return err
	}
	return e.Redis.Incr(ctx, "sends").Err()
}

// PlainSetArgs is a set, not a claim.
func (e *Ext) PlainSetArgs(ctx context.Context, t *asynq.Task) error { // want PlainSetArgs:"kv_write/set"
	return e.Redis.SetArgs(ctx, "last:"+t.Type(), 1, redis.SetArgs{TTL: time.Hour}).Err()
}

var errInFlight = errors.New("another delivery holds the claim")

// InFlightConflict claims in Redis; on a duplicate it reads the claim's
// status: a finished delivery returns nil, one still running returns an
// error so the queue retries later (not duplicate-as-error).
func (e *Ext) InFlightConflict(ctx context.Context, t *asynq.Task) error { // want InFlightConflict:"kv_write/increment hits guarded=processed_jobs; kv_write/claim"
	ok, err := e.Redis.SetNX(ctx, "job:"+t.Type(), "processing", 0).Result()
	if err != nil {
		return err
	}
	if !ok {
		status, err := e.Redis.Get(ctx, "job:"+t.Type()).Result()
		if err != nil {
			return err
		}
		if status == "processed" {
			return nil
		}
		return errInFlight
	}
	return e.Redis.Incr(ctx, "hits").Err()
}

// DupAlwaysError returns an error on every duplicate: duplicate-as-error.
func (e *Ext) DupAlwaysError(ctx context.Context, t *asynq.Task) error { // want DupAlwaysError:"kv_write/increment hits guarded=processed_jobs; kv_write/claim"
	ok, err := e.Redis.SetNX(ctx, "job:"+t.Type(), "processing", 0).Result()
	if err != nil {
		return err
	}
	if !ok {
		return errInFlight // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	return e.Redis.Incr(ctx, "hits").Err()
}
