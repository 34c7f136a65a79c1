// Package lockfix covers a lock that is not a claim: Redis SETNX with a
// TTL that the handler releases after its effects stops a concurrent
// delivery but not a later redelivery, so the effects stay unguarded and
// the inventory says lock. Kept (never released), SETNX is a claim.
package lockfix

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
)

type Deps struct {
	Redis *redis.Client
	Pool  *pgxpool.Pool
}

// Locked releases the lock when done: a redelivery takes it again.
func (d *Deps) Locked(ctx context.Context, t *asynq.Task) error { // want Locked:`^effects: db_write/update-increment accounts; kv_write/lock; kv_write/delete$` `unguarded: handler \(\*lockfix.Deps\).Locked \(asynq task "locked"\) repeats its side effects when a job is delivered twice: update-increment of accounts`
	key := "lock:" + t.Type()
	ok, err := d.Redis.SetNX(ctx, key, 1, 30*time.Second).Result()
	if err != nil || !ok {
		return err
	}
	defer d.Redis.Del(ctx, key)
	_, err = d.Pool.Exec(ctx, "update accounts set balance = balance + 1 where id = $1", t.Type())
	return err
}

// Kept: the key stays, so a redelivery finds it taken: a claim.
func (d *Deps) Kept(ctx context.Context, t *asynq.Task) error { // want Kept:`^effects: http/post api.example.com guarded=processed_jobs; kv_write/claim$`
	ok, err := d.Redis.SetNX(ctx, "done:"+t.Type(), 1, 0).Result()
	if err != nil || !ok {
		return err
	}
	return post(ctx)
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("locked", d.Locked)
	mux.HandleFunc("kept", d.Kept)
}
