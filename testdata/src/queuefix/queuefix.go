// Package queuefix is a writer goroutine that runs the functions its
// callers send it (dendrite's sqlutil.ExclusiveWriter shape): each handler
// runs only the function it sends, not every function any caller sends.
package queuefix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type task struct {
	f    func(*sql.Tx) error
	wait chan error
}

type Writer struct {
	db   *sql.DB
	todo chan task
}

func (w *Writer) run() {
	for t := range w.todo {
		t.wait <- withTx(w.db, func(tx *sql.Tx) error {
			return t.f(tx) // the received task, captured by the closure
		})
	}
}

func withTx(db *sql.DB, f func(*sql.Tx) error) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (w *Writer) Do(f func(*sql.Tx) error) error {
	go w.run()
	t := task{f: f, wait: make(chan error, 1)}
	w.todo <- t
	return <-t.wait
}

type Store struct{ W *Writer }

func (s *Store) SetName(ctx context.Context, id, name string) error {
	return s.W.Do(func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "insert into names (id, name) values ($1, $2) on conflict (id) do update set name = excluded.name", id, name)
		return err
	})
}

func (s *Store) AddEvent(ctx context.Context, id string) error {
	return s.W.Do(func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "insert into events (id) values ($1)", id)
		return err
	})
}

type Jobs struct{ S *Store }

// Rename upserts through the writer: safe.
func (j *Jobs) Rename(ctx context.Context, t *asynq.Task) error {
	return j.S.SetName(ctx, "1", string(t.Payload()))
}

// Record inserts through the writer: the insert repeats.
func (j *Jobs) Record(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into events \(medium\) at`
	return j.S.AddEvent(ctx, string(t.Payload()))
}

func Register(mux *asynq.ServeMux, j *Jobs) {
	mux.HandleFunc("rename", j.Rename)
	mux.HandleFunc("record", j.Record)
}

// loop keeps a function value in a phi cycle (a walk back must end).
func loop(fs []func() error) error {
	f := fs[0]
	for i := 0; i < len(fs); i++ {
		if err := f(); err != nil {
			f = fs[i]
			continue
		}
	}
	return nil
}

// Loop calls a function value from a phi cycle.
func (j *Jobs) Loop(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into events \(medium\) at`
	return loop([]func() error{func() error { return j.S.AddEvent(ctx, "x") }})
}
