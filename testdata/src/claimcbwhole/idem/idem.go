// Package idem: an idempotency helper behind an interface, as
// hookdeck/outpost's internal/idempotence: Exec claims the key (SETNX)
// and runs the callback only when the claim is new.
package idem

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

type Idempotence interface {
	Exec(ctx context.Context, key string, fn func(context.Context) error) error
}

type redisIdem struct{ rdb *redis.Client }

func New(rdb *redis.Client) Idempotence { return &redisIdem{rdb: rdb} }

func (i *redisIdem) Exec(ctx context.Context, key string, fn func(context.Context) error) error {
	first, err := i.claim(ctx, key)
	if err != nil {
		return err
	}
	if !first {
		return nil
	}
	if err := fn(ctx); err != nil {
		i.clear(ctx, key)
		return err
	}
	return i.rdb.Set(ctx, key, "processed", time.Hour).Err()
}

func (i *redisIdem) claim(ctx context.Context, key string) (bool, error) {
	return i.rdb.SetNX(ctx, key, "processing", 5*time.Second).Result()
}

func (i *redisIdem) clear(ctx context.Context, key string) error {
	return i.rdb.Del(ctx, key).Err()
}
