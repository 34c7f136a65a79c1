// Package effectkinds pins down the effect kinds the library models give
// outside SQL, and the handler diagnostics they lead to.
//
// Helpers assert facts only (kind/op target, guard, issue). Methods of Deps
// with asynq's signature are handlers registered in Register, so their
// unguarded findings (worst effect and its risk) and random-key findings
// (at the key's line) are asserted too; appendLog is a handler by its
// signature alone, without a task name.
//
//   - http.go: net/http requests by method (POST/PUT/PATCH high, GET safe,
//     method unknown), http.Post, http.DefaultClient, an Idempotency-Key
//     header from job data (guarded) or from uuid (random-key);
//   - mail.go: net/smtp;
//   - stripe.go: the Stripe client services and the legacy package API,
//     keyed (field store, composite literal, SetIdempotencyKey), unkeyed,
//     and keyed from uuid, stripe.NewIdempotencyKey and time.Now;
//   - redis.go: go-redis commands through *redis.Client, redis.Cmdable and
//     redis.UniversalClient (increment, append, publish: medium; set,
//     delete: safe; SETNX: claim; scripts: unknown);
//   - files.go: os and os/exec;
//   - dynamic.go: interface and func-value calls, logging.
package effectkinds

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
	stripe "github.com/stripe/stripe-go/v82"
)

// Deps holds the clients the handlers use.
type Deps struct {
	HTTP     *http.Client
	Stripe   *stripe.Client
	Redis    *redis.Client
	Notifier Notifier
	Hook     func(ctx context.Context) error
}

// payload is a job's business data: keys derived from it are stable across
// deliveries.
type payload struct {
	OrderID string `json:"order_id"`
	Email   string `json:"email"`
	Amount  int64  `json:"amount"`
}

func decode(t *asynq.Task) payload { // want decode:"no effects"
	var p payload
	_ = json.Unmarshal(t.Payload(), &p)
	return p
}

func Register(d *Deps) *asynq.ServeMux { // want Register:"no effects"
	mux := asynq.NewServeMux()
	mux.HandleFunc("webhook:post", d.PostWebhook)
	mux.HandleFunc("profile:put", d.PutProfile)
	mux.HandleFunc("event:stream", d.StreamEvent)
	mux.HandleFunc("stream:close", d.CloseStream)
	mux.HandleFunc("stream:frame", d.StreamFrame)
	mux.HandleFunc("webhook:keyed", d.PostKeyed)
	mux.HandleFunc("webhook:random-key", d.PostRandomKey)
	mux.HandleFunc("receipt:send", d.SendReceipt)
	mux.HandleFunc("charge:keyed", d.ChargeKeyed)
	mux.HandleFunc("intent:keyed", d.IntentKeyedLiteral)
	mux.HandleFunc("refund:keyed", d.RefundKeyedSetter)
	mux.HandleFunc("payout:unkeyed", d.PayoutUnkeyed)
	mux.HandleFunc("transfer:uuid-key", d.TransferUUIDKey)
	mux.HandleFunc("intent:stripe-random-key", d.IntentStripeRandomKey)
	mux.HandleFunc("intent:unconfirmed", d.IntentUnconfirmed)
	mux.HandleFunc("intent:confirmed-later", d.IntentConfirmedLater)
	mux.HandleFunc("intent:helper-params", d.IntentHelperParams)
	mux.HandleFunc("intent:legacy-unconfirmed", d.LegacyIntentUnconfirmed)
	mux.HandleFunc("charge:time-key", d.ChargeTimeKey)
	mux.HandleFunc("charge:legacy", d.LegacyCharge)
	mux.HandleFunc("refund:legacy-keyed", d.LegacyRefundKeyed)
	mux.HandleFunc("visit:count", d.CountVisit)
	mux.HandleFunc("event:publish", d.PublishEvent)
	mux.HandleFunc("cache:refresh", d.RefreshCache)
	mux.HandleFunc("user:notify", d.NotifyUser)
	mux.HandleFunc("log:only", logOnly)
	return mux
}
