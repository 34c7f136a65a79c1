package jobs

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// A worker fed a chan interface{} that type-switches on what it receives
// (issue 28, stop 51), on database/sql and asynq: a send of a value of
// type T runs only the cases T matches. TaskSave sends a tsSave through a
// helper taking interface{} (only the save case's insert), TaskMail a
// tsMail on the channel itself (only the mail case's); the near miss,
// TaskDecoded, sends what a decoder returns as interface{}: every case.

type tsSave struct{ ID string }

type tsMail struct{ To string }

// TypedTasks hands typed tasks to its worker.
type TypedTasks struct {
	DB    *sql.DB
	queue chan interface{}
}

// NewTypedTasks makes the worker's channel.
func NewTypedTasks(db *sql.DB) *TypedTasks {
	return &TypedTasks{DB: db, queue: make(chan interface{}, 16)}
}

func (d *TypedTasks) push(v interface{}) { d.queue <- v }

// work receives every task and switches on its type.
func (d *TypedTasks) work() {
	for v := range d.queue {
		switch x := v.(type) {
		case tsSave:
			d.DB.Exec("insert into ts_saved (id) values ($1)", x.ID)
		case tsMail:
			d.DB.Exec("insert into ts_mails (rcpt) values ($1)", x.To)
		}
	}
}

// TaskSave sends a tsSave through push: only the save case runs.
func (d *TypedTasks) TaskSave(ctx context.Context, t *asynq.Task) error {
	d.push(tsSave{ID: string(t.Payload())})
	return nil
}

// TaskMail sends a tsMail on the channel itself: only the mail case.
func (d *TypedTasks) TaskMail(ctx context.Context, t *asynq.Task) error {
	d.queue <- tsMail{To: string(t.Payload())}
	return nil
}

// TaskDecoded, the near miss: what a decoder returns, of unknown type.
func (d *TypedTasks) TaskDecoded(ctx context.Context, t *asynq.Task) error {
	d.push(decodeTyped(t.Payload()))
	return nil
}

func decodeTyped(b []byte) interface{} {
	if len(b) > 0 && b[0] == 'm' {
		return tsMail{To: string(b[1:])}
	}
	return tsSave{ID: string(b)}
}

// RegisterTypedTasks starts the worker and wires the handlers.
func RegisterTypedTasks(mux *asynq.ServeMux, d *TypedTasks) {
	go d.work()
	mux.HandleFunc("typed:save", d.TaskSave)
	mux.HandleFunc("typed:mail", d.TaskMail)
	mux.HandleFunc("typed:decoded", d.TaskDecoded)
}
