// Package batchfix covers a handler that hands its payload to a batcher
// (github.com/mikestefanello/batcher): the batch processor runs later on
// the batcher's goroutine. Where the package made the batcher (NewBatcher
// with the Processor in its Config, kept in the field the handler adds
// through), the handler has the processor's effects; where the batcher
// comes from elsewhere, its effect is unknown, never "no effect" from the
// library's queue append.
package batchfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/mikestefanello/batcher"
)

type Deps struct {
	DB *sql.DB
	B  *batcher.Batcher[[]byte]
}

func New(db *sql.DB) (*Deps, error) { // want New:"no effects"
	d := &Deps{DB: db}
	b, err := batcher.NewBatcher(batcher.Config[[]byte]{ItemCountThreshold: 100, Processor: d.flush})
	if err != nil {
		return nil, err
	}
	d.B = b
	return d, nil
}

func (d *Deps) flush(_ string, items [][]byte) { // want flush:"effects: db_write/insert logs"
	for _, it := range items {
		_, _ = d.DB.Exec("insert into logs(body) values ($1)", it)
	}
}

// Log queues the payload for flush.
func (d *Deps) Log(ctx context.Context, t *asynq.Task) error { // want Log:"effects: db_write/insert logs" `unguarded: handler \(\*batchfix.Deps\).Log .*insert into logs`
	d.B.Add("", t.Payload())
	return nil
}

// Given is handed a batcher made elsewhere: its processor is not known
// here.
type Given struct{ B *batcher.Batcher[[]byte] }

func (g *Given) Log(ctx context.Context, t *asynq.Task) error { // want Log:"effects: unknown/unknown"
	g.B.Add("", t.Payload())
	return nil
}

func Mux(d *Deps, g *Given) *asynq.ServeMux { // want Mux:"no effects"
	mux := asynq.NewServeMux()
	mux.HandleFunc("log", d.Log)
	mux.HandleFunc("given", g.Log)
	return mux
}
