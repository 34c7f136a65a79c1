package checkactwhole

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// A replay gate behind an interface (a Redis marker read, then set after
// the act) and an act behind a helper the handler calls on two paths: a
// success path that returns before the check and an alert path after it
// (outpost's logmq pipeline). A summary keeps one path to the helper's
// act; the whole program places the other too, so the alert path's act
// is check-then-act while the success path's stays unguarded. The near
// miss reaches the act only before the check: no check-then-act.

// Gate is a replay gate on a key.
type Gate interface {
	Processed(ctx context.Context, key string) (bool, error)
	MarkProcessed(ctx context.Context, key string) error
}

// Notifier sends an operator notice.
type Notifier interface {
	Notify(ctx context.Context, id string) error
}

type redisGate struct{ rdb *redis.Client }

func (g *redisGate) Processed(ctx context.Context, key string) (bool, error) {
	n, err := g.rdb.Exists(ctx, key).Result() // want `^check-then-act: this read of a key and its set`
	return n > 0, err
}

func (g *redisGate) MarkProcessed(ctx context.Context, key string) error {
	return g.rdb.Set(ctx, key, "1", 0).Err()
}

type sqlNotifier struct{ db *sql.DB }

func (n *sqlNotifier) Notify(ctx context.Context, id string) error {
	_, err := n.db.ExecContext(ctx, "insert into notices (attempt_id) values ($1)", id)
	return err
}

type alerter struct {
	gate   Gate
	notify Notifier
}

// send is the helper both paths call.
func (a *alerter) send(ctx context.Context, id string) error {
	return a.notify.Notify(ctx, id)
}

// Alert: a success notice before the check, the alert notice between the
// check and the mark.
func (a *alerter) Alert(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into notices \(medium\) at`
	id := string(t.Payload())
	if id[0] == 's' {
		return a.send(ctx, id)
	}
	key := "alerted:" + id
	done, err := a.gate.Processed(ctx, key)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if err := a.send(ctx, id); err != nil {
		return err
	}
	return a.gate.MarkProcessed(ctx, key)
}

// AlertFirst, the near miss: the notice is sent on both paths before the
// check; after it only the mark is set.
func (a *alerter) AlertFirst(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into notices \(medium\) at`
	id := string(t.Payload())
	if id[0] == 's' {
		return a.send(ctx, id)
	}
	if err := a.send(ctx, id); err != nil {
		return err
	}
	key := "alerted:" + id
	done, err := a.gate.Processed(ctx, key)
	if err != nil || done {
		return err
	}
	return a.gate.MarkProcessed(ctx, key)
}

// RegisterAlerts wires the alert jobs.
func RegisterAlerts(db *sql.DB, rdb *redis.Client) *asynq.ServeMux {
	a := &alerter{gate: &redisGate{rdb: rdb}, notify: &sqlNotifier{db: db}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("alert", a.Alert)
	mux.HandleFunc("alertfirst", a.AlertFirst)
	return mux
}
