// Package sqlargiface: a handler's repository builds its SQL and runs it
// through a retrier behind an interface (NFT-com/indexer's AdditionStage:
// NFTRepository.Upsert → storage.Retrier.Insert(query)). The whole program
// resolves the retrier and decides its SQLArg effect by the builder the
// repository passes: the upsert is safe, a plain insert unguarded, a text
// passed through an interface read as its SQL; a text that is no SQL
// leaves the execution unknown.
package sqlargiface

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"sqlargiface/db"
	"sqlargiface/store"
)

// Items is what the handlers call: the repository behind an interface
// too, as the pipeline's stage holds it.
type Items interface {
	Upsert(id, name string) error
	Append(item, note string) error
	Touch(id string) error
	Log(line string) error
}

type Worker struct{ items Items }

func (w *Worker) Upsert(ctx context.Context, t *asynq.Task) error {
	return w.items.Upsert(string(t.Payload()), "n")
}

func (w *Worker) Append(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into sa_notes \(medium\)`
	return w.items.Append(string(t.Payload()), "seen")
}

func (w *Worker) Touch(ctx context.Context, t *asynq.Task) error {
	return w.items.Touch(string(t.Payload()))
}

func (w *Worker) Log(ctx context.Context, t *asynq.Task) error {
	return w.items.Log(string(t.Payload()))
}

func Main(pool *sql.DB) {
	w := &Worker{items: store.NewRepo(pool, &db.Retrier{}, &db.Text{DB: pool})}
	mux := asynq.NewServeMux()
	mux.HandleFunc("upsert", w.Upsert)
	mux.HandleFunc("append", w.Append)
	mux.HandleFunc("touch", w.Touch)
	mux.HandleFunc("log", w.Log)
}
