// Package neverset: a handler that calls a func-typed field nothing in
// the program sets (its setter only tests call) calls no function there:
// no effect. A field the program does set stays what it calls.
package neverset

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// Cache keeps two callbacks: onTimeout is set only through SetOnTimeout,
// which nothing calls; onEvict is wired in New.
type Cache struct {
	users     map[string]bool
	onTimeout func(user string)
	onEvict   func(user string)
}

func (c *Cache) SetOnTimeout(fn func(user string)) { c.onTimeout = fn }

func New(db *sql.DB) *Cache {
	return &Cache{users: map[string]bool{}, onEvict: func(user string) {
		db.Exec("insert into evictions(user_id) values ($1)", user)
	}}
}

func (c *Cache) Touch(user string) {
	c.users[user] = true
	if c.onTimeout != nil {
		c.onTimeout(user)
	}
}

func (c *Cache) Evict(user string) {
	delete(c.users, user)
	if c.onEvict != nil {
		c.onEvict(user)
	}
}

type Worker struct{ Cache *Cache }

func (w *Worker) Typing(ctx context.Context, t *asynq.Task) error {
	w.Cache.Touch(string(t.Payload()))
	return nil
}

func (w *Worker) Leave(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into evictions \(medium\) at`
	w.Cache.Evict(string(t.Payload()))
	return nil
}

func Main(db *sql.DB) {
	w := &Worker{Cache: New(db)}
	mux := asynq.NewServeMux()
	mux.HandleFunc("typing", w.Typing)
	mux.HandleFunc("leave", w.Leave)
}
