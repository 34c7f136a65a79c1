// Package gozeroredisfix: go-queue consumers whose effects are go-zero's
// Redis commands (core/stores/redis), as nichebox's comment, relation and
// task services use them. Each command runs inside go-zero's circuit
// breaker, which the analysis cannot see into: the catalog's model of
// (*redis.Redis) decides what each one does.
package gozeroredisfix

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/zeromicro/go-queue/kq"
	"github.com/zeromicro/go-zero/core/stores/redis"
)

type Rebuild struct{ rds *redis.Redis }

// Consume rebuilds a cached index: a sorted set written through a
// pipeline, a hash and a value set, a key deleted. A second delivery
// writes the same values.
func (r *Rebuild) Consume(ctx context.Context, key, value string) error { // want Consume:`^effects: kv_write/set; kv_write/set; kv_read/read; kv_write/set; kv_write/delete$`
	if err := r.rds.PipelinedCtx(ctx, func(p redis.Pipeliner) error {
		p.ZAdd(ctx, "index:"+key, redis.Z{Score: 1, Member: value})
		return nil
	}); err != nil {
		return err
	}
	if err := r.rds.HmsetCtx(ctx, "rel:"+key, map[string]string{value: "1"}); err != nil {
		return err
	}
	if _, err := r.rds.GetCtx(ctx, "count:"+key); err != nil {
		return err
	}
	if err := r.rds.SetCtx(ctx, "count:"+key, value); err != nil {
		return err
	}
	_, err := r.rds.DelCtx(ctx, "stale:"+key)
	return err
}

type Count struct{ rds *redis.Redis }

// Consume adds one to a counter: a second delivery adds it again.
func (c *Count) Consume(ctx context.Context, key, value string) error { // want Consume:`^effects: kv_write/increment$` `unguarded: handler \(\*gozeroredisfix.Count\).Consume`
	_, err := c.rds.IncrbyCtx(ctx, "views:"+key, 1)
	return err
}

type CountOnce struct{ rds *redis.Redis }

// Consume claims the view's key with SETNX and counts only when the claim
// was taken: a second delivery finds the key and leaves (Count is its
// near miss).
func (c *CountOnce) Consume(ctx context.Context, key, value string) error { // want Consume:`^effects: kv_write/increment guarded=processed_jobs; kv_write/claim$`
	ok, err := c.rds.SetnxExCtx(ctx, "viewed:"+key, "1", 86400)
	if err != nil || !ok {
		return err
	}
	_, err = c.rds.IncrbyCtx(ctx, "views:"+key, 1)
	return err
}

type Publish struct {
	rds *redis.Redis
	db  *sql.DB
}

// Consume takes go-zero's RedisLock on the link, leaves when the link is
// ready, posts and marks it ready before the deferred release: a
// concurrent delivery does not get the lock, a later one leaves at the
// check.
func (p *Publish) Consume(ctx context.Context, key, value string) error { // want Consume:`^effects: http/post docs.example.com/blocks guarded=processed_jobs; kv_write/set go-zero redis lock; kv_write/delete go-zero redis lock; db_read/select links; db_write/update-set links$`
	lock := redis.NewRedisLock(p.rds, "publish:"+key)
	ok, err := lock.AcquireCtx(ctx)
	if err != nil || !ok {
		return err
	}
	defer lock.ReleaseCtx(ctx)
	var st string
	if err := p.db.QueryRowContext(ctx, "SELECT status FROM links WHERE id = $1", key).Scan(&st); err != nil {
		return err
	}
	if st == "ready" {
		return nil
	}
	resp, err := http.Post("https://docs.example.com/blocks", "text/plain", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = p.db.ExecContext(ctx, "UPDATE links SET status = 'ready' WHERE id = $1", key)
	return err
}

func Start(rds *redis.Redis) { // want Start:`^no effects$`
	kq.MustNewQueue(kq.KqConf{Topic: "rebuild"}, &Rebuild{rds: rds})
	kq.MustNewQueue(kq.KqConf{Topic: "count"}, &Count{rds: rds})
	kq.MustNewQueue(kq.KqConf{Topic: "count-once"}, &CountOnce{rds: rds})
	kq.MustNewQueue(kq.KqConf{Topic: "publish"}, &Publish{rds: rds})
}
