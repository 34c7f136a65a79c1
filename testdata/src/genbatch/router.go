package genbatch

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// Router keeps two arrays of shard channels: a send on one reaches only
// the workers started on its elements (the near miss: the elements of
// different fields are different channels).
type Router struct {
	DB  *sql.DB
	hi  [4]chan *Item // want hi:`received by \[\(\*genbatch.Router\).audit\]`
	low [4]chan *Item // want low:`received by \[\(\*genbatch.Router\).count\]`
}

func (r *Router) Start() { // want Start:`^effects: db_write/insert audit; db_write/update-increment counters$`
	for i := range r.hi {
		go r.audit(r.hi[i])
		go r.count(r.low[i])
	}
}

func (r *Router) audit(ch chan *Item) { // want audit:`^effects: db_write/insert audit$`
	for it := range ch {
		r.DB.Exec("insert into audit(id) values ($1)", it.ID)
	}
}

func (r *Router) count(ch chan *Item) { // want count:`^effects: db_write/update-increment counters$`
	for it := range ch {
		r.DB.Exec("update counters set n = n + 1 where id = $1", it.ID)
	}
}

func (r *Router) Audit(ctx context.Context, t *asynq.Task) error { // want Audit:`^effects: db_write/insert audit$` `unguarded: handler \(\*genbatch.Router\).Audit .*insert into audit \(medium\).*\(channel hi\[…\] → \(\*genbatch.Router\).audit\)`
	r.hi[len(t.Type())%4] <- &Item{ID: t.Type()}
	return nil
}
