package sync

import (
	"context"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/zeromicro/go-zero/core/stores/redis"
)

// ZeroSyncer publishes a link's blocks under go-zero's RedisLock
// (core/stores/redis v1.9.2, catalog gozero.yaml): AcquireCtx is true
// when the lock is held, ReleaseCtx gives it back.
type ZeroSyncer struct {
	*Syncer
	Rds *redis.Redis
}

// SyncZero takes the link's lock, leaves when it is not held or the link
// is ready, publishes and marks the link ready before the deferred
// release (guarded).
func (s *ZeroSyncer) SyncZero(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	lock := redis.NewRedisLock(s.Rds, "sync:"+string(t.Payload()))
	ok, err := lock.AcquireCtx(ctx)
	if err != nil || !ok {
		return err
	}
	defer lock.ReleaseCtx(ctx)
	st, err := s.status(ctx, id)
	if err != nil {
		return err
	}
	if st == "ready" {
		return nil
	}
	if err := publish(ctx, id); err != nil {
		return err
	}
	return s.setStatus(ctx, id, "ready")
}

// SyncZeroCheckFirst (near miss) reads the status before it takes the
// lock: two deliveries that both read "pending" publish one after the
// other (check-then-act).
func (s *ZeroSyncer) SyncZeroCheckFirst(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	st, err := s.status(ctx, id)
	if err != nil {
		return err
	}
	if st == "ready" {
		return nil
	}
	lock := redis.NewRedisLock(s.Rds, "sync:"+string(t.Payload()))
	ok, err := lock.AcquireCtx(ctx)
	if err != nil || !ok {
		return err
	}
	defer lock.ReleaseCtx(ctx)
	if err := publish(ctx, id); err != nil {
		return err
	}
	return s.setStatus(ctx, id, "ready")
}

// RegisterZero wires the go-zero lock's handlers.
func RegisterZero(mux *asynq.ServeMux, s *ZeroSyncer) {
	mux.HandleFunc("link:sync-zero", s.SyncZero)
	mux.HandleFunc("link:sync-zero-check-first", s.SyncZeroCheckFirst)
}
