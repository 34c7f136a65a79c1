// Package condwhole calls an interface with a constant state: the
// implementation's branches that state rules out are not the handler's.
package condwhole

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"condwhole/model"
	"condwhole/svc"
)

type Deps struct{ Orders svc.Orders }

// Cancel asks for a state that is not paid: the counter's increment is
// ruled out; the moves' increment is not (StateMoved is assigned at run
// time).
func (d *Deps) Cancel(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: update-increment of moves \(medium\) at`
	return d.Orders.SetState(ctx, &svc.Req{ID: string(t.Payload()), State: model.StateCancel})
}

// Pay asks for the paid state (near miss): the increment stays.
func (d *Deps) Pay(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: update-increment of counters \(medium\) at`
	return d.Orders.SetState(ctx, &svc.Req{ID: string(t.Payload()), State: model.StatePaid})
}

func Main(db *sql.DB) {
	d := &Deps{Orders: &svc.Impl{DB: db}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("cancel", d.Cancel)
	mux.HandleFunc("pay", d.Pay)
	model.Renumber()
}
