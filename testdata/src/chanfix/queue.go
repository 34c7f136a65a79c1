package chanfix

import (
	"context"
	"database/sql"
	"sync"

	"github.com/hibiken/asynq"
)

// batch is what the poller hands its partition workers.
type batch struct{ IDs []string }

// unboundedQueue is an in-memory queue built on a slice, not a channel:
// Push appends, Pop takes the first element.
type unboundedQueue struct {
	mu       sync.Mutex
	items    []batch // want items:`received by \[\(\*chanfix.partition\).consume\]`
	notEmpty chan struct{}
}

func (q *unboundedQueue) Push(b batch) bool { // want Push:"no effects"
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = append(q.items, b)
	return true
}

func (q *unboundedQueue) Pop() (batch, bool) { // want Pop:"no effects"
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		return batch{}, false
	}
	b := q.items[0]
	q.items = q.items[1:]
	return b, true
}

type partition struct {
	db    *sql.DB
	queue *unboundedQueue
}

// consume runs in a goroutine per partition and processes what the
// poller pushed.
func (p *partition) consume(ctx context.Context) { // want consume:`^effects: db_write/insert ledger$`
	for {
		b, ok := p.queue.Pop()
		if !ok {
			return
		}
		for _, id := range b.IDs {
			p.db.ExecContext(ctx, "insert into ledger(id) values ($1)", id)
		}
	}
}

// Poll is the handler: it only pushes each batch to the partition's
// queue, whose worker does the effects.
func (p *partition) Poll(ctx context.Context, t *asynq.Task) error { // want Poll:`^effects: db_write/insert ledger$` `unguarded: handler \(\*chanfix.partition\).Poll .*insert into ledger .*\(channel items → \(\*chanfix.partition\).consume\)`
	p.queue.Push(batch{IDs: []string{t.Type()}})
	return nil
}
