// Package nilcall: a handler that calls a method of an interface no type
// in the program implements panics there (the value can only be nil), so
// what it does after the call never runs: the status write and the
// compare-and-set after Evaluate are not effects, and the status check
// before them guards nothing (unguarded, not check-then-act). Near
// misses: an interface a type implements keeps what follows its call,
// and a call behind a nil test keeps what follows the test.
package nilcall

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// Evaluator is left for later: nothing implements it.
type Evaluator interface {
	Evaluate(ctx context.Context, rule string) (bool, error)
}

// Scorer has an implementation, wired in Main.
type Scorer interface {
	Score(ctx context.Context, rule string) (bool, error)
}

type fixedScorer struct{}

func (fixedScorer) Score(ctx context.Context, rule string) (bool, error) { return true, nil }

// Store is the gates' repository.
type Store interface {
	Status(ctx context.Context, id string) (string, error)
	RecordEvent(ctx context.Context, id, kind string) error
	Open(ctx context.Context, id string) error
}

type pgStore struct{ db *sql.DB }

func (s *pgStore) Status(ctx context.Context, id string) (string, error) {
	var status string
	err := s.db.QueryRowContext(ctx, "select status from gates where id = $1", id).Scan(&status) // want `^check-then-act: this check of gates and the write into it`
	return status, err
}

func (s *pgStore) RecordEvent(ctx context.Context, id, kind string) error {
	_, err := s.db.ExecContext(ctx, "insert into gate_events (gate_id, kind) values ($1, $2)", id, kind)
	return err
}

func (s *pgStore) Open(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, "update gates set status = 'open' where id = $1", id)
	return err
}

type Worker struct {
	store  Store
	eval   Evaluator
	scorer Scorer
}

// Judge panics at Evaluate on every attempt: only the event before it
// repeats.
func (w *Worker) Judge(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into gate_events \(medium\) at`
	id := string(t.Payload())
	status, err := w.store.Status(ctx, id)
	if err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	if err := w.store.RecordEvent(ctx, id, "started"); err != nil {
		return err
	}
	ok, err := w.eval.Evaluate(ctx, id)
	if err != nil || !ok {
		return err
	}
	return w.store.Open(ctx, id)
}

// Score's interface has an implementation: the status it writes after
// the call stays, and with it check-then-act.
func (w *Worker) Score(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	status, err := w.store.Status(ctx, id)
	if err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	if err := w.store.RecordEvent(ctx, id, "started"); err != nil {
		return err
	}
	ok, err := w.scorer.Score(ctx, id)
	if err != nil || !ok {
		return err
	}
	return w.store.Open(ctx, id)
}

// Maybe calls the evaluator only when one is set: the event after the
// test still runs.
func (w *Worker) Maybe(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into gate_events \(medium\) at`
	id := string(t.Payload())
	if w.eval != nil {
		if _, err := w.eval.Evaluate(ctx, id); err != nil {
			return err
		}
	}
	return w.store.RecordEvent(ctx, id, "maybe")
}

func Main(db *sql.DB) {
	w := &Worker{store: &pgStore{db: db}, eval: nil, scorer: fixedScorer{}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("judge", w.Judge)
	mux.HandleFunc("score", w.Score)
	mux.HandleFunc("maybe", w.Maybe)
}
