// Package inmemwhole: handlers that create through an interface whose
// implementation is another module's in-memory store. Where the whole
// program follows the store's code to nothing but its own map, the call
// has no effect (decided by the code, not the name Create); where that
// code reaches a database (a sink the application wires), the call stays
// an effect, read by name.
package inmemwhole

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"example.org/memstore"
)

// Sessions is what the handlers create rows through.
type Sessions interface {
	Create(ctx context.Context, key string, value any) error
}

type Worker struct {
	Sessions Sessions
	Audited  Sessions
}

// Run creates a session in the process's own memory: no effect.
func (w *Worker) Run(ctx context.Context, t *asynq.Task) error {
	return w.Sessions.Create(ctx, string(t.Payload()), "running")
}

// Audit creates through a mirror whose sink inserts into a table: an
// effect outside the process.
func (w *Worker) Audit(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: db_write insert \(inferred from the name \(\*memstore.Mirror\).Create\) \(medium\) at`
	return w.Audited.Create(ctx, string(t.Payload()), "audited")
}

func Main(db *sql.DB) {
	w := &Worker{
		Sessions: memstore.New(),
		Audited: memstore.NewMirror(func(ctx context.Context, key string, value any) error {
			_, err := db.ExecContext(ctx, "insert into audit(key, value) values ($1, $2)", key, value)
			return err
		}),
	}
	mux := asynq.NewServeMux()
	mux.HandleFunc("run", w.Run)
	mux.HandleFunc("audit", w.Audit)
}
