// Package genericworker: one generic River worker body runs several job
// kinds, each instantiation configured with its own function values (how
// formbricks' enrichment workers are built). Each registered
// instantiation is a handler of its kind with the effects its own
// configuration's functions have, not every configuration's.
package genericworker

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"
)

type config[A river.JobArgs] struct {
	id      func(args A) string
	check   func(ctx context.Context, id string) (bool, error)
	persist func(ctx context.Context, id string) error
}

// gate returns the check a configuration runs: the closure calls the
// predicate it captured, resolved where gate is called.
func gate(enabled func(id string) bool) func(ctx context.Context, id string) (bool, error) {
	return func(ctx context.Context, id string) (bool, error) {
		return enabled(id), nil
	}
}

type worker[A river.JobArgs] struct {
	river.WorkerDefaults[A]
	cfg config[A]
}

func (w *worker[A]) Work(ctx context.Context, job *river.Job[A]) error { // want `^unguarded: .*twice: insert into audit \(medium\) at`
	id := w.cfg.id(job.Args)
	if ok, err := w.cfg.check(ctx, id); err != nil || !ok {
		return err
	}
	return w.cfg.persist(ctx, id)
}

type LabelArgs struct{ ID string }

func (LabelArgs) Kind() string { return "label" }

type AuditArgs struct{ ID string }

func (AuditArgs) Kind() string { return "audit" }

type Store struct{ DB *sql.DB }

func (s *Store) SetLabel(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "update items set label = 'x' where id = $1", id)
	return err
}

func (s *Store) AddAudit(ctx context.Context, id string) error {
	_, err := s.DB.ExecContext(ctx, "insert into audit (item_id) values ($1)", id)
	return err
}

func NewLabelWorker(s *Store) *worker[LabelArgs] {
	return &worker[LabelArgs]{cfg: config[LabelArgs]{
		id:      func(a LabelArgs) string { return a.ID },
		check:   gate(func(id string) bool { return id != "" }),
		persist: s.SetLabel,
	}}
}

func NewAuditWorker(s *Store) *worker[AuditArgs] {
	return &worker[AuditArgs]{cfg: config[AuditArgs]{
		id:      func(a AuditArgs) string { return a.ID },
		check:   gate(func(id string) bool { return len(id) > 3 }),
		persist: s.AddAudit,
	}}
}

// logged wraps a persist function (a middleware): the function it captured
// is resolved only when every function any wrapper captured has no
// effect; here one sets and another inserts, so the note kind's persist
// stays unknown rather than take both.
func logged(next func(ctx context.Context, id string) error) func(ctx context.Context, id string) error {
	return func(ctx context.Context, id string) error { return next(ctx, id) }
}

type NoteArgs struct{ ID string }

func (NoteArgs) Kind() string { return "note" }

func NewNoteWorker(s *Store) *worker[NoteArgs] {
	return &worker[NoteArgs]{cfg: config[NoteArgs]{
		id:      func(a NoteArgs) string { return a.ID },
		check:   gate(func(id string) bool { return true }),
		persist: logged(s.SetLabel),
	}}
}

var auditLogged func(ctx context.Context, id string) error

func Register(ws *river.Workers, s *Store) {
	river.AddWorker(ws, NewLabelWorker(s))
	river.AddWorker(ws, NewAuditWorker(s))
	river.AddWorker(ws, NewNoteWorker(s))
	auditLogged = logged(s.AddAudit)
}
