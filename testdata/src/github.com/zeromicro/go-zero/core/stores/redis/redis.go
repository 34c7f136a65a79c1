// Package redis is a stub of github.com/zeromicro/go-zero/core/stores/redis
// (v1.6.1): each command runs inside its circuit breaker,
// s.brk.DoWithAcceptable(func() error {…}, acceptable), an interface
// (core/breaker.Breaker) the analysis cannot resolve (redis.go:2055), so
// only the catalog's model says what a command does.
package redis

import (
	"context"
	"time"

	red "github.com/redis/go-redis/v9"
)

type (
	// Pipeliner and Z are go-redis's own types (redis.go:77-80).
	Pipeliner = red.Pipeliner
	Z         = red.Z

	// RedisNode is what a command runs on (a client or a cluster client).
	RedisNode interface {
		red.Cmdable
	}

	// Breaker stands for core/breaker.Breaker.
	Breaker interface {
		DoWithAcceptable(req func() error, acceptable func(err error) bool) error
	}

	Redis struct {
		Addr string
		brk  Breaker
	}
)

func acceptable(err error) bool { return err == nil }

var nodes = map[string]RedisNode{}

func getRedis(r *Redis) (RedisNode, error) { return nodes[r.Addr], nil }

func MustNewRedis(addr string) *Redis { return &Redis{Addr: addr} }

func (s *Redis) SetCtx(ctx context.Context, key, value string) error {
	return s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		return conn.Set(ctx, key, value, 0).Err()
	}, acceptable)
}

func (s *Redis) GetCtx(ctx context.Context, key string) (val string, err error) {
	err = s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		v, err := conn.Get(ctx, key).Result()
		val = v
		return err
	}, acceptable)
	return
}

func (s *Redis) Incrby(key string, increment int64) (val int64, err error) {
	err = s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		v, err := conn.IncrBy(context.Background(), key, increment).Result()
		val = v
		return err
	}, acceptable)
	return
}

func (s *Redis) IncrbyCtx(ctx context.Context, key string, increment int64) (val int64, err error) {
	err = s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		v, err := conn.IncrBy(ctx, key, increment).Result()
		val = v
		return err
	}, acceptable)
	return
}

func (s *Redis) SetnxExCtx(ctx context.Context, key, value string, seconds int) (val bool, err error) {
	err = s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		v, err := conn.SetNX(ctx, key, value, time.Duration(seconds)*time.Second).Result()
		val = v
		return err
	}, acceptable)
	return
}

func (s *Redis) HmsetCtx(ctx context.Context, key string, fieldsAndValues map[string]string) error {
	return s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		return conn.HSet(ctx, key, fieldsAndValues).Err()
	}, acceptable)
}

func (s *Redis) ZremCtx(ctx context.Context, key string, members ...any) (val int, err error) {
	err = s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		v, err := conn.ZRem(ctx, key, members...).Result()
		val = int(v)
		return err
	}, acceptable)
	return
}

func (s *Redis) DelCtx(ctx context.Context, keys ...string) (val int, err error) {
	err = s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		v, err := conn.Del(ctx, keys...).Result()
		val = int(v)
		return err
	}, acceptable)
	return
}

func (s *Redis) PipelinedCtx(ctx context.Context, fn func(Pipeliner) error) error {
	return s.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(s)
		if err != nil {
			return err
		}
		_, err = conn.Pipelined(ctx, fn)
		return err
	}, acceptable)
}

// RedisLock runs its scripts inside the breaker too (redislock.go): SET
// NX PX to acquire, GET == id → DEL to release.
type RedisLock struct {
	store *Redis
	key   string
}

func NewRedisLock(store *Redis, key string) *RedisLock { return &RedisLock{store: store, key: key} }

func (rl *RedisLock) AcquireCtx(ctx context.Context) (ok bool, err error) {
	err = rl.store.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(rl.store)
		if err != nil {
			return err
		}
		v, err := conn.Eval(ctx, "lock", []string{rl.key}).Result()
		ok = v == "OK"
		return err
	}, acceptable)
	return
}

func (rl *RedisLock) ReleaseCtx(ctx context.Context) (ok bool, err error) {
	err = rl.store.brk.DoWithAcceptable(func() error {
		conn, err := getRedis(rl.store)
		if err != nil {
			return err
		}
		v, err := conn.Eval(ctx, "del", []string{rl.key}).Result()
		ok = v == int64(1)
		return err
	}, acceptable)
	return
}
