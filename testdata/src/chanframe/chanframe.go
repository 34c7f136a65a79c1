// Package chanframe: a function that produces rows in one goroutine and
// gathers them in another over a channel it makes, into a variable of its
// own, writes no state that outlives the call (the delivery that calls
// it); a handler closure made at registration that sends to a worker
// gathering into the registering function's variable does.
package chanframe

import (
	"context"
	"database/sql"
	"strings"

	"github.com/hibiken/asynq"
	"golang.org/x/sync/errgroup"
)

type row struct{ ID string }

type Jobs struct{ db *sql.DB }

// Import gathers the rows through a pipeline of its own: the gathered
// slice is the call's.
func (j *Jobs) Import(ctx context.Context, t *asynq.Task) error { // want Import:`^effects: db_write/insert imports$` `unguarded: handler \(\*chanframe.Jobs\).Import .*insert into imports`
	rows, err := collect(ctx, t.Payload())
	if err != nil {
		return err
	}
	for _, r := range rows {
		if _, err := j.db.ExecContext(ctx, "insert into imports(id) values ($1)", r.ID); err != nil {
			return err
		}
	}
	return nil
}

func collect(ctx context.Context, payload []byte) ([]row, error) { // want collect:"no effects"
	ch := make(chan row, 10)
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		defer close(ch)
		for _, id := range strings.Split(string(payload), ",") {
			select {
			case ch <- row{ID: id}:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	var rows []row
	g.Go(func() error {
		for r := range ch {
			rows = append(rows, r)
		}
		return nil
	})
	err := g.Wait()
	return rows, err
}

// Register's handler hands each task to a worker that gathers into
// Register's variable: state that outlives every delivery.
func Register(mux *asynq.ServeMux) { // want Register:"no effects"
	ch := make(chan row)
	var seen []row
	go func() {
		for r := range ch {
			seen = append(seen, r)
		}
	}()
	mux.HandleFunc("tally", func(ctx context.Context, t *asynq.Task) error { // want `unguarded: handler chanframe.Register.func2 .*memory_write insert`
		ch <- row{ID: string(t.Payload())}
		return nil
	})
}
