package replacefix

import (
	"context"

	"github.com/hibiken/asynq"
)

// Attempt counters count the runs: a redelivery adds the one it should.
// A count of something the job does stays an increment.

// Started marks the page started and counts the attempt.
func (d *Deps) Started(ctx context.Context, t *asynq.Task) error { // want Started:`^effects: db_write/update-set rp_pages$`
	_, err := d.Pool.Exec(ctx, "update rp_pages set attempt_count = attempt_count + 1, started_at = now() where id = $1 and status = 'pending'", t.Type())
	return err
}

// Processed counts the items the job processed: a second delivery counts
// them twice.
func (d *Deps) Processed(ctx context.Context, t *asynq.Task) error { // want Processed:`^effects: db_write/update-increment rp_pages$` `unguarded: handler \(\*replacefix.Deps\).Processed`
	_, err := d.Pool.Exec(ctx, "update rp_pages set attempt_count = attempt_count + 1, processed = processed + 10 where id = $1", t.Type())
	return err
}

func registerAttempts(mux *asynq.ServeMux, d *Deps) { // want registerAttempts:`^no effects$`
	mux.HandleFunc("started", d.Started)
	mux.HandleFunc("processed", d.Processed)
}
