package effectkinds

import (
	"context"
	"time"

	"github.com/go-redsync/redsync/v4"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Increments, list appends, stream appends and publishes are medium; SET,
// DEL, SADD and EXPIRE are safe; SETNX is a claim; scripts are unknown. The
// target is the key (or channel) when it is constant.

func incrCounters(ctx context.Context, rdb *redis.Client) { // want incrCounters:`^effects: kv_write/increment jobs:done @p1; kv_write/increment jobs:bytes @p1; kv_write/increment stats @p1$`
	rdb.Incr(ctx, "jobs:done")
	rdb.IncrBy(ctx, "jobs:bytes", 512)
	rdb.HIncrBy(ctx, "stats", "visits", 1)
}

func appendLists(ctx context.Context, rdb *redis.Client) { // want appendLists:`^effects: kv_write/append inbox @p1; kv_write/append outbox @p1$`
	rdb.LPush(ctx, "inbox", "m1")
	rdb.RPush(ctx, "outbox", "m2")
}

func publishEvents(ctx context.Context, rdb *redis.Client) { // want publishEvents:`^effects: publish/append stream @p1; publish/publish notifications @p1$`
	rdb.XAdd(ctx, &redis.XAddArgs{Stream: "events", Values: map[string]any{"k": "v"}})
	rdb.Publish(ctx, "notifications", "hello")
}

// Del's keys are variadic: the first constant key names the target.
func setKeys(ctx context.Context, rdb *redis.Client) { // want setKeys:`^effects: kv_write/set user:1 @p1; kv_write/delete session:1 @p1; kv_write/set members @p1; kv_write/set user:1 @p1$`
	rdb.Set(ctx, "user:1", "v", time.Hour)
	rdb.Del(ctx, "session:1")
	rdb.SAdd(ctx, "members", "u1")
	rdb.Expire(ctx, "user:1", time.Minute)
}

func claimLock(ctx context.Context, rdb *redis.Client) (bool, error) { // want claimLock:`^effects: kv_write/claim lock:job-1 @p1; returns claim result 0 \(first\)$`
	return rdb.SetNX(ctx, "lock:job-1", 1, time.Hour).Result()
}

func runScript(ctx context.Context, rdb *redis.Client) { // want runScript:`^effects: kv_write/unknown @p1$`
	rdb.Eval(ctx, "return redis.call('INCR', KEYS[1])", []string{"n"})
}

// Through the interfaces the commands are invoked; they match by name.
func viaCmdable(ctx context.Context, c redis.Cmdable) { // want viaCmdable:`^effects: kv_write/increment jobs:done @p1; kv_write/append inbox @p1; kv_write/set user:1 @p1$`
	c.Incr(ctx, "jobs:done")
	c.LPush(ctx, "inbox", "m1")
	c.Set(ctx, "user:1", "v", 0)
}

func viaUniversal(ctx context.Context, c redis.UniversalClient) { // want viaUniversal:`^effects: publish/publish notifications @p1; kv_write/unknown @p1; kv_write/claim lock:job-1 @p1$`
	c.Publish(ctx, "notifications", "hello")
	c.SetNX(ctx, "lock:job-1", 1, time.Hour)
	c.Eval(ctx, "return 1", nil)
}

func (d *Deps) CountVisit(ctx context.Context, t *asynq.Task) error { // want CountVisit:`^effects: kv_write/increment jobs:done; kv_write/increment jobs:bytes; kv_write/increment stats$` `unguarded: handler \(\*effectkinds.Deps\).CountVisit \(asynq task "visit:count"\) .*: kv_write increment \(jobs:done\) \(medium\) at \S*effectkinds/redis.go:\d+ is not guarded, nor are 2 other effects`
	incrCounters(ctx, d.Redis)
	return nil
}

func (d *Deps) PublishEvent(ctx context.Context, t *asynq.Task) error { // want PublishEvent:`^effects: publish/publish notifications$` `unguarded: handler \(\*effectkinds.Deps\).PublishEvent \(asynq task "event:publish"\) .*: publish \(notifications\) \(medium\)`
	return d.Redis.Publish(ctx, "notifications", string(t.Payload())).Err()
}

// Only safe effects: no finding.
func (d *Deps) RefreshCache(ctx context.Context, t *asynq.Task) error { // want RefreshCache:`^effects: kv_write/set user:1; kv_write/delete session:1; kv_write/set members; kv_write/set user:1$`
	setKeys(ctx, d.Redis)
	return nil
}

// A distributed lock held for the job and released: a set and a delete of
// the lock's key, nothing a redelivery repeats.
func withLock(ctx context.Context, rs *redsync.Redsync) error { // want withLock:`^effects: kv_write/set redsync; kv_write/delete redsync$`
	m := rs.NewMutex("cleanup")
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return nil
}
