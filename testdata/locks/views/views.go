// Package views counts a post's views in go-zero's Redis client
// (github.com/zeromicro/go-zero/core/stores/redis v1.9.2, catalog
// gozero.yaml): the count is an INCRBY, which a redelivery adds again
// unless a claim on the view's own key is taken first.
package views

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/zeromicro/go-zero/core/stores/redis"
)

// Views holds the Redis client.
type Views struct{ Rds *redis.Redis }

// CountOnce claims the view's id with SETNX (a day's expiry) and counts
// it only when the claim was taken: a redelivery finds the key and
// leaves.
func (v *Views) CountOnce(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	ok, err := v.Rds.SetnxExCtx(ctx, "viewed:"+id, "1", 86400)
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	_, err = v.Rds.IncrbyCtx(ctx, "views:"+id, 1)
	return err
}

// Count (near miss) counts without the claim: every delivery adds one.
func (v *Views) Count(ctx context.Context, t *asynq.Task) error {
	_, err := v.Rds.IncrbyCtx(ctx, "views:"+string(t.Payload()), 1)
	return err
}

// Register adds the handlers.
func Register(mux *asynq.ServeMux, v *Views) {
	mux.HandleFunc("view:count-once", v.CountOnce)
	mux.HandleFunc("view:count", v.Count)
}
