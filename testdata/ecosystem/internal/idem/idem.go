// Package idem is an idempotency helper on the real go-redis v9 (the
// shape of hookdeck/outpost's internal/idempotence):
// Exec claims the key with SETNX and runs the callback only when the
// claim is new, gives the key back when the callback fails and marks it
// processed when it succeeds.
package idem

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis runs work once per key.
type Redis struct{ rdb *redis.Client }

// New returns the helper on rdb.
func New(rdb *redis.Client) *Redis { return &Redis{rdb: rdb} }

// Exec runs fn when its claim of key is new.
func (i *Redis) Exec(ctx context.Context, key string, fn func(context.Context) error) error {
	first, err := i.claim(ctx, key)
	if err != nil {
		return err
	}
	if !first {
		return nil
	}
	if err := fn(ctx); err != nil {
		_ = i.clear(ctx, key)
		return err
	}
	return i.rdb.Set(ctx, key, "processed", time.Hour).Err()
}

func (i *Redis) claim(ctx context.Context, key string) (bool, error) {
	return i.rdb.SetNX(ctx, key, "processing", 5*time.Second).Result()
}

func (i *Redis) clear(ctx context.Context, key string) error {
	return i.rdb.Del(ctx, key).Err()
}
