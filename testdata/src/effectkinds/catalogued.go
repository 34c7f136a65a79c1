package effectkinds

import (
	"context"

	redisv8 "github.com/go-redis/redis/v8"
	"github.com/hibiken/asynq"
	stripe81 "github.com/stripe/stripe-go/v81"
	refund81 "github.com/stripe/stripe-go/v81/refund"
	"github.com/vmihailenco/msgpack/v5"
)

// An older major of a catalogued SDK (stripe-go v81, modelled through
// stripe.yaml's majors) is classified as the modelled major is: a refund,
// guarded by a stable key as v82's.
func refundV81(orderID string) error { // want refundV81:`^effects: payment/refund stripe refunds$`
	_, err := refund81.New(&stripe81.RefundParams{PaymentIntent: stripe81.String(orderID)})
	return err
}

func refundV81Keyed(orderID string) error { // want refundV81Keyed:`^effects: payment/refund stripe refunds guarded=idempotency_key$`
	params := &stripe81.RefundParams{PaymentIntent: stripe81.String(orderID)}
	params.IdempotencyKey = stripe81.String("refund:" + orderID)
	_, err := refund81.New(params)
	return err
}

func getRefundV81(id string) error { // want getRefundV81:`^no effects$`
	_, err := refund81.Get(id, nil)
	return err
}

// Decoding a payload (encoding.yaml: codecs are inert) is no effect, not a
// call the analysis cannot follow.
func decodeMsgpack(b []byte) (map[string]string, error) { // want decodeMsgpack:`^no effects$`
	var m map[string]string
	err := msgpack.Unmarshal(b, &m)
	return m, err
}

// asynq's Inspector deletes are deletes (safe); its other administration
// stays unknown.
func purgeArchived(i *asynq.Inspector) error { // want purgeArchived:`^effects: kv_write/delete asynq @p0$`
	_, err := i.DeleteAllArchivedTasks("default")
	return err
}

func archiveTask(i *asynq.Inspector, id string) error { // want archiveTask:`^effects: dynamic_call/call \(\*asynq.Inspector\).ArchiveTask$`
	return i.ArchiveTask("default", id)
}

// go-redis v8, published as github.com/go-redis/redis/v8 before the module
// moved to github.com/redis/go-redis/v9 (redis.yaml's majors), is modelled
// as v9 is: HMGET a read, HMSET a set, HINCRBY an increment, instead of
// calls of the cmdable function value.
func registerCronV8(ctx context.Context, rdb *redisv8.Client, name string) error { // want registerCronV8:`^effects: kv_write/set cron @p1$`
	vals, err := rdb.HMGet(ctx, "cron", name).Result()
	if err != nil {
		return err
	}
	if len(vals) == 0 || vals[0] == nil {
		_, err = rdb.HMSet(ctx, "cron", name, "true").Result()
	}
	return err
}

func countV8(ctx context.Context, rdb *redisv8.Client) error { // want countV8:`^effects: kv_write/increment stats @p1$`
	_, err := rdb.HIncrBy(ctx, "stats", "runs", 1).Result()
	return err
}
