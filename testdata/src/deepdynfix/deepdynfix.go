// Package deepdynfix is a handler whose write is five dynamic calls down
// (a consumer → a service → a database → a writer → its queued closure →
// a table), as dendrite's syncapi consumers reach roomserver's tables: the
// implementation's SQL decides it (an insert … on conflict do nothing is
// a claim), not the name of the last interface method (InsertKey).
package deepdynfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Service interface {
	Handle(ctx context.Context, k string) error
}

type Database interface {
	Assign(ctx context.Context, k string) error
}

type Writer interface {
	Do(ctx context.Context, f func(ctx context.Context) error) error
}

type Table interface {
	InsertKey(ctx context.Context, k string) error
}

type Handler struct{ svc Service }

// ProcessTask: handler → Service.Handle → Database.Assign → Writer.Do →
// (the closure, received from a channel) → Table.InsertKey: five
// dynamic hops.
func (h *Handler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	return h.svc.Handle(ctx, string(t.Payload()))
}

type service struct{ db Database }

func (s *service) Handle(ctx context.Context, k string) error { return s.db.Assign(ctx, k) }

type database struct {
	w     Writer
	table Table
}

func (d *database) Assign(ctx context.Context, k string) error {
	return d.w.Do(ctx, func(ctx context.Context) error { return d.table.InsertKey(ctx, k) })
}

// writer runs the functions it is given one at a time, on a goroutine
// that receives them from a channel (dendrite's sqlutil.ExclusiveWriter).
type writer struct{ todo chan task }

type task struct {
	f    func(ctx context.Context) error
	wait chan error
}

func (w *writer) Do(ctx context.Context, f func(ctx context.Context) error) error {
	go w.run()
	t := task{f: f, wait: make(chan error, 1)}
	w.todo <- t
	return <-t.wait
}

func (w *writer) run() {
	for t := range w.todo {
		t.wait <- t.f(context.Background())
	}
}

type keysTable struct{ db *sql.DB }

func (t *keysTable) InsertKey(ctx context.Context, k string) error {
	_, err := t.db.ExecContext(ctx, "insert into keys (k) values ($1) on conflict do nothing", k)
	return err
}

func New(db *sql.DB) *Handler {
	return &Handler{svc: &service{db: &database{w: &writer{todo: make(chan task)}, table: &keysTable{db: db}}}}
}

func Register(mux *asynq.ServeMux, db *sql.DB) {
	mux.Handle("keys:assign", New(db))
}
