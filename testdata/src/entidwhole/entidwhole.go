// Package entidwhole creates an ent entity under the id its row carries,
// behind a repository interface, and returns the failure through an
// error builder (flexprice's export TaskActivity.CreateTask:
// taskRepo.Create(ctx, &task.Task{ID: input.TaskID}) → SetID(t.ID)…Save,
// ierr.WithError(err).WithHint(…).Mark(…) at both levels). Over the whole
// program the row's id is the payload's: a second delivery's Save fails on
// the primary key and the handler returns that failure
// (duplicate-as-error); a handler that swallows the failure repeats the
// create (unguarded). (A package that also stores a new uuid into Row.ID
// makes the field a surrogate for every caller: ecoent's ExportRowFresh
// is the near miss of a fresh id, on a type of its own.)
package entidwhole

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"entexample/ent"

	"github.com/hibiken/asynq"
)

// Row is what the repository creates.
type Row struct {
	ID        string
	Name      string
	StartedAt time.Time
}

// Repo is the application's repository.
type Repo interface {
	Create(ctx context.Context, r *Row) error
}

type entRepo struct{ client *ent.Client }

func (e *entRepo) Create(ctx context.Context, r *Row) error {
	_, err := e.client.Report.Create().SetID(r.ID).SetName(r.Name + r.StartedAt.String()).Save(ctx)
	if err != nil {
		return withError(err).hint("failed to create report").mark(errDatabase)
	}
	return nil
}

// errBuilder holds an error while a chain adds to it.
type errBuilder struct{ err error }

func withError(err error) *errBuilder { return &errBuilder{err: err} }

func (b *errBuilder) hint(h string) *errBuilder {
	b.err = fmt.Errorf("%s: %w", h, b.err)
	return b
}

func (b *errBuilder) mark(ref error) error { return fmt.Errorf("%w: %w", ref, b.err) }

var errDatabase = fmt.Errorf("database")

type msg struct {
	TaskID string `json:"task_id"`
	Name   string `json:"name"`
}

type Worker struct{ Repo Repo }

// Keyed: the row's id is the payload's task id (its start time, another
// field, is the clock's: the key is the id field, not the whole row).
func (w *Worker) Keyed(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's insert into reports \(medium\)`
	var m msg
	_ = json.Unmarshal(t.Payload(), &m)
	if err := w.Repo.Create(ctx, &Row{ID: m.TaskID, Name: m.Name, StartedAt: time.Now()}); err != nil {
		return withError(err).hint("failed to create export task").mark(errDatabase)
	}
	return nil
}

// Swallowed: keyed, but the failure is only printed.
func (w *Worker) Swallowed(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into reports \(medium\) at`
	var m msg
	_ = json.Unmarshal(t.Payload(), &m)
	if err := w.Repo.Create(ctx, &Row{ID: m.TaskID, Name: m.Name}); err != nil {
		fmt.Println(err)
	}
	return nil
}

func Main(client *ent.Client) {
	w := &Worker{Repo: &entRepo{client: client}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("keyed", w.Keyed)
	mux.HandleFunc("swallowed", w.Swallowed)
}
