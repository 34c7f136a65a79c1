package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// A Redis marker (go-redis v9) read and set directly around an insert a
// helper does (issue 28, stops 50 and 51): the insert on a path that
// returns before the GET and again between the GET and the SET is
// check-then-act after the check and unguarded before; the near misses
// insert only before the GET, or read another key than the one set.
// ReplayDeps is replaygate.go's.

func (d *ReplayDeps) export(ctx context.Context, key string) error {
	_, err := d.pool.Exec(ctx, "insert into marker_exports (job_id) values ($1)", key)
	return err
}

// MarkerTwice: the helper's insert on a path that returns before the GET
// of the marker, and again between the GET and the SET.
func (d *ReplayDeps) MarkerTwice(ctx context.Context, t *asynq.Task) error {
	key := "processed:" + string(t.Payload())
	if key[0] == 's' {
		return d.export(ctx, key)
	}
	if v, _ := d.rdb.Get(ctx, key).Result(); v == "1" {
		return nil
	}
	if err := d.export(ctx, key); err != nil {
		return err
	}
	return d.rdb.Set(ctx, key, "1", 0).Err()
}

// MarkerTwiceFirst, the near miss: the insert only before the GET.
func (d *ReplayDeps) MarkerTwiceFirst(ctx context.Context, t *asynq.Task) error {
	key := "processed:" + string(t.Payload())
	if key[0] == 's' {
		return d.export(ctx, key)
	}
	if err := d.export(ctx, key); err != nil {
		return err
	}
	if v, _ := d.rdb.Get(ctx, key).Result(); v == "1" {
		return nil
	}
	return d.rdb.Set(ctx, key, "1", 0).Err()
}

// MarkerCache, the near miss of a marker: the key read is another key's
// cache than the one set after the insert.
func (d *ReplayDeps) MarkerCache(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	if v, _ := d.rdb.Get(ctx, "config:"+id).Result(); v == "off" {
		return nil
	}
	if err := d.export(ctx, id); err != nil {
		return err
	}
	return d.rdb.Set(ctx, "seen:"+id, "1", 0).Err()
}
