// Package pool runs worker goroutines that receive work from a channel
// kept in a field of its Pool: a sender in another package has their
// effects (the field's fact).
package pool

import (
	"context"
	"database/sql"
)

type Pool struct {
	DB   *sql.DB
	Jobs chan []byte // want Jobs:`received by \[\(\*pool.Pool\).work\]`
}

// Start starts the workers (a go statement is a call: their effects are
// its own).
func (p *Pool) Start(ctx context.Context, n int) { // want Start:"effects: db_write/insert imports"
	for i := 0; i < n; i++ {
		go p.work(ctx)
	}
}

func (p *Pool) work(ctx context.Context) { // want work:`^effects: db_write/insert imports$`
	for b := range p.Jobs {
		p.DB.ExecContext(ctx, "insert into imports(body) values ($1)", b)
	}
}
