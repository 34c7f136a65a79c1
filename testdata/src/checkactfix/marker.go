package checkactfix

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// A Redis marker read as the check of a split-phase guard: GET (or
// EXISTS) of a "processed" key, skip when it is set, act, then a plain
// SET of the key. Two deliveries at once both find it unset and both act,
// and a crash before the SET acts again: check-then-act, as the table
// form. SET NX first is the claim it is (near miss), and a key read and a
// key set that are not the same key are no such pair (near miss).

// Marker holds the pool and the Redis client.
type Marker struct {
	Pool *Deps
	RDB  *redis.Client
}

// MarkerDirect: GET of the marker, the insert, SET of the marker.
func (m *Marker) MarkerDirect(ctx context.Context, t *asynq.Task) error { // want MarkerDirect:`^effects: db_write/insert exports issue=check-then-act; kv_read/read; kv_write/set$`
	key := "processed:" + string(t.Payload())
	if v, _ := m.RDB.Get(ctx, key).Result(); v == "1" { // want `check-then-act: this read of a key and its set at checkactfix/marker.go:\d+ sit on either side of the insert into exports at checkactfix/marker.go:\d+`
		return nil
	}
	if _, err := m.Pool.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", key); err != nil {
		return err
	}
	return m.RDB.Set(ctx, key, "1", 0).Err()
}

// processed and markProcessed are an idempotence helper split in two:
// the check and the mark, each building the key from the caller's.
func (m *Marker) processed(ctx context.Context, key string) (bool, error) { // want processed:`^effects: kv_read/read$`
	n, err := m.RDB.Exists(ctx, fmt.Sprintf("idem:%s", key)).Result() // want `check-then-act: this read of a key and its set at checkactfix/marker.go:\d+ sit on either side of the insert into exports at checkactfix/marker.go:\d+`
	return n > 0, err
}

func (m *Marker) markProcessed(ctx context.Context, key string) error { // want markProcessed:`^effects: kv_write/set$`
	return m.RDB.Set(ctx, fmt.Sprintf("idem:%s", key), "processed", 0).Err()
}

// MarkerHelpers: the same through the helpers, given one key.
func (m *Marker) MarkerHelpers(ctx context.Context, t *asynq.Task) error { // want MarkerHelpers:`^effects: db_write/insert exports issue=check-then-act; kv_read/read; kv_write/set$`
	key := string(t.Payload())
	done, err := m.processed(ctx, key)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if _, err := m.Pool.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", key); err != nil {
		return err
	}
	return m.markProcessed(ctx, key)
}

// MarkerClaimed, the near miss: SET NX claims the key before the insert
// (no check-then-act; the claim and the insert commit apart).
func (m *Marker) MarkerClaimed(ctx context.Context, t *asynq.Task) error { // want MarkerClaimed:`^effects: db_write/insert exports issue=guard-separate-tx; kv_write/claim$`
	key := "processed:" + string(t.Payload())
	ok, err := m.RDB.SetNX(ctx, key, "1", 0).Result() // want `guard-separate-tx: the claim on the key table commits separately from the insert into exports`
	if err != nil || !ok {
		return err
	}
	_, err = m.Pool.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", key)
	return err
}

// MarkerCache, the near miss: the key read is a cache of another key than
// the one set after the insert: no marker of this work.
func (m *Marker) MarkerCache(ctx context.Context, t *asynq.Task) error { // want MarkerCache:`^effects: db_write/insert exports; kv_read/read; kv_write/set$` `unguarded: handler \(\*checkactfix.Marker\).MarkerCache`
	id := string(t.Payload())
	if v, _ := m.RDB.Get(ctx, "config:"+id).Result(); v == "off" {
		return nil
	}
	if _, err := m.Pool.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", id); err != nil {
		return err
	}
	return m.RDB.Set(ctx, "seen:"+id, "1", 0).Err()
}

// MarkerExists: EXISTS of the marker (its variadic keys), the insert, SET.
func (m *Marker) MarkerExists(ctx context.Context, t *asynq.Task) error { // want MarkerExists:`^effects: db_write/insert exports issue=check-then-act; kv_read/read; kv_write/set$`
	key := "processed:" + string(t.Payload())
	if n, _ := m.RDB.Exists(ctx, key).Result(); n > 0 { // want `check-then-act: this read of a key and its set at checkactfix/marker.go:\d+ sit on either side of the insert into exports`
		return nil
	}
	if _, err := m.Pool.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", key); err != nil {
		return err
	}
	return m.RDB.Set(ctx, key, "1", 0).Err()
}

// export is a helper the handler below calls on two paths.
func (m *Marker) export(ctx context.Context, key string) error { // want export:`^effects: db_write/insert exports$`
	_, err := m.Pool.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", key)
	return err
}

// MarkerTwice: the helper's insert on a success path that returns before
// the check, and again between the check and the set: check-then-act on
// the second path, unguarded on the first.
func (m *Marker) MarkerTwice(ctx context.Context, t *asynq.Task) error { // want MarkerTwice:`^effects: db_write/insert exports; db_write/insert exports issue=check-then-act; kv_read/read; kv_write/set$` `unguarded: handler \(\*checkactfix.Marker\).MarkerTwice .* path: checkactfix/marker.go:\d+ \(\*checkactfix.Marker\).MarkerTwice → checkactfix/marker.go:\d+ \(\*checkactfix.Marker\).export`
	key := "processed:" + string(t.Payload())
	if key[0] == 's' {
		return m.export(ctx, key)
	}
	if v, _ := m.RDB.Get(ctx, key).Result(); v == "1" { // want `check-then-act: this read of a key and its set at checkactfix/marker.go:\d+ sit on either side of the insert into exports at checkactfix/marker.go:\d+`
		return nil
	}
	if err := m.export(ctx, key); err != nil {
		return err
	}
	return m.RDB.Set(ctx, key, "1", 0).Err()
}

// MarkerTwiceFirst, the near miss: the helper's insert only before the
// check on both paths; after it only the set.
func (m *Marker) MarkerTwiceFirst(ctx context.Context, t *asynq.Task) error { // want MarkerTwiceFirst:`^effects: db_write/insert exports; kv_read/read; kv_write/set$` `unguarded: handler \(\*checkactfix.Marker\).MarkerTwiceFirst`
	key := "processed:" + string(t.Payload())
	if key[0] == 's' {
		return m.export(ctx, key)
	}
	if err := m.export(ctx, key); err != nil {
		return err
	}
	if v, _ := m.RDB.Get(ctx, key).Result(); v == "1" {
		return nil
	}
	return m.RDB.Set(ctx, key, "1", 0).Err()
}
