// Package ecoredis covers the go-redis commands beyond effectkinds/redis.go:
// hashes, sets, sorted sets, streams (XADD, with an IDMP idempotent id),
// scripts, HSETNX claims, and commands queued in Pipelined/TxPipelined
// callbacks and Watch transactions.
package ecoredis

import (
	"context"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

type Deps struct{ RDB *redis.Client }

func (d *Deps) Hash(ctx context.Context, t *asynq.Task) error { // want Hash:`^effects: kv_write/set user:1; kv_write/delete user:1$`
	if err := d.RDB.HSet(ctx, "user:1", "name", t.Type()).Err(); err != nil {
		return err
	}
	return d.RDB.HDel(ctx, "user:1", "tmp").Err()
}

func (d *Deps) HashCount(ctx context.Context, t *asynq.Task) error { // want HashCount:`^effects: kv_write/increment stats$` `unguarded: handler \(\*ecoredis.Deps\).HashCount .*kv_write increment \(stats\) \(medium\)`
	return d.RDB.HIncrBy(ctx, "stats", "visits", 1).Err()
}

func (d *Deps) Sets(ctx context.Context, t *asynq.Task) error { // want Sets:`^effects: kv_write/set tags; kv_write/delete tags$`
	if err := d.RDB.SAdd(ctx, "tags", "vip").Err(); err != nil {
		return err
	}
	return d.RDB.SRem(ctx, "tags", "new").Err()
}

func (d *Deps) Leaderboard(ctx context.Context, t *asynq.Task) error { // want Leaderboard:`^effects: kv_write/increment board; kv_write/set board$` `unguarded: handler \(\*ecoredis.Deps\).Leaderboard .*kv_write increment \(board\) \(medium\)`
	if err := d.RDB.ZAdd(ctx, "board", redis.Z{Score: 1, Member: t.Type()}).Err(); err != nil {
		return err
	}
	return d.RDB.ZIncrBy(ctx, "board", 10, t.Type()).Err()
}

// Stream appends without an idempotent id; the stream name is a field of
// XAddArgs, which target_arg cannot read, so the target is "stream".
func (d *Deps) Stream(ctx context.Context, t *asynq.Task) error { // want Stream:`^effects: publish/append stream$` `unguarded: handler \(\*ecoredis.Deps\).Stream .*publish append \(stream\) \(medium\)`
	return d.RDB.XAdd(ctx, &redis.XAddArgs{Stream: "events", Values: map[string]any{"job": t.Type()}}).Err()
}

// StreamIDMP appends with an idempotent id derived from the job (Redis IDMP):
// guarded by the key, within the stream's idempotency window.
func (d *Deps) StreamIDMP(ctx context.Context, t *asynq.Task) error { // want StreamIDMP:`^effects: publish/append stream guarded=idempotency_key$`
	return d.RDB.XAdd(ctx, &redis.XAddArgs{
		Stream:       "events",
		ProducerID:   "worker",
		IdempotentID: "job:" + t.Type(),
		Values:       map[string]any{"job": t.Type()},
	}).Err()
}

// StreamRandomIDMP uses a fresh uuid as the idempotent id: no protection.
func (d *Deps) StreamRandomIDMP(ctx context.Context, t *asynq.Task) error { // want StreamRandomIDMP:`^effects: publish/append stream issue=random-key$`
	return d.RDB.XAdd(ctx, &redis.XAddArgs{
		Stream:       "events",
		ProducerID:   "worker",
		IdempotentID: uuid.NewString(), // want `random-key: idempotency key uuid.NewString\(\) derives from uuid.NewString`
		Values:       map[string]any{"job": t.Type()},
	}).Err()
}

func (d *Deps) Ack(ctx context.Context, t *asynq.Task) error { // want Ack:`^effects: kv_write/delete events; kv_write/delete events$`
	if err := d.RDB.XAck(ctx, "events", "workers", "1-0").Err(); err != nil {
		return err
	}
	return d.RDB.XDel(ctx, "events", "1-0").Err()
}

func (d *Deps) Script(ctx context.Context, t *asynq.Task) error { // want Script:`^effects: kv_write/unknown$`
	return d.RDB.Eval(ctx, "return redis.call('INCR', KEYS[1])", []string{"n"}).Err()
}

// Pipeline queues an increment and a set in a Pipelined callback.
func (d *Deps) Pipeline(ctx context.Context, t *asynq.Task) error { // want Pipeline:`^effects: kv_write/increment jobs:done; kv_write/set jobs:last$` `unguarded: handler \(\*ecoredis.Deps\).Pipeline .*kv_write increment \(jobs:done\) \(medium\) at ecoredis/ecoredis.go:\d+ is not guarded; path: ecoredis/ecoredis.go:\d+ \(\*ecoredis.Deps\).Pipeline → ecoredis/ecoredis.go:\d+ \(\*ecoredis.Deps\).Pipeline.func1`
	_, err := d.RDB.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.Incr(ctx, "jobs:done")
		p.Set(ctx, "jobs:last", t.Type(), 0)
		return nil
	})
	return err
}

// TxPipeline queues a push in a MULTI/EXEC callback.
func (d *Deps) TxPipeline(ctx context.Context, t *asynq.Task) error { // want TxPipeline:`^effects: kv_write/append log$` `unguarded: handler \(\*ecoredis.Deps\).TxPipeline .*kv_write append \(log\) \(medium\)`
	_, err := d.RDB.TxPipelined(ctx, func(p redis.Pipeliner) error {
		return p.RPush(ctx, "log", t.Type()).Err()
	})
	return err
}

// Watched decrements stock in a WATCH transaction.
func (d *Deps) Watched(ctx context.Context, t *asynq.Task) error { // want Watched:`^effects: kv_write/increment stock$` `unguarded: handler \(\*ecoredis.Deps\).Watched .*kv_write increment \(stock\) \(medium\)`
	return d.RDB.Watch(ctx, func(tx *redis.Tx) error {
		return tx.DecrBy(ctx, "stock", 1).Err()
	}, "stock")
}

// HashClaim claims with HSETNX and counts only the first time.
func (d *Deps) HashClaim(ctx context.Context, t *asynq.Task) error { // want HashClaim:`^effects: kv_write/increment orders:count guarded=processed_jobs; kv_write/claim processed$`
	ok, err := d.RDB.HSetNX(ctx, "processed", t.Type(), 1).Result()
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return d.RDB.Incr(ctx, "orders:count").Err()
}

// Flush empties the database: FlushDB takes only a context, so its target
// is the database, not an argument.
func (d *Deps) Flush(ctx context.Context, t *asynq.Task) error { // want Flush:`^effects: kv_write/delete redis$`
	return d.RDB.FlushDB(ctx).Err()
}
