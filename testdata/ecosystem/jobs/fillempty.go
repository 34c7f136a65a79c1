package jobs

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// An event keyed by the id the message carries, made here only when the
// message lacks one (a legacy producer's payload), on the real pgx v5
// (issue 28, stop 50): on the delivered message the key is the payload's,
// the same on every delivery, so a second delivery's insert into nk_events
// (only key the id, migrations/005_nestkey.sql) fails on it, and the
// handler returns that failure (duplicate-as-error). The near miss makes
// the id on every run: the insert repeats (unguarded).

type fillMsg struct {
	EventID string `json:"event_id"`
	Type    string `json:"type"`
}

// filledEvent and freshEvent are types of their own: a random store into
// a field marks that field wherever it is read.
type filledEvent struct{ UID, Type string }

type freshEvent struct{ UID, Type string }

// FillDeps are the clients of the fill handlers.
type FillDeps struct{ Pool *pgxpool.Pool }

func (d *FillDeps) insertFilled(ctx context.Context, ev *filledEvent) error {
	_, err := d.Pool.Exec(ctx, "insert into nk_events (id, event_type) values ($1, $2)", ev.UID, ev.Type)
	return err
}

func (d *FillDeps) insertFresh(ctx context.Context, ev *freshEvent) error {
	_, err := d.Pool.Exec(ctx, "insert into nk_events (id, event_type) values ($1, $2)", ev.UID, ev.Type)
	return err
}

// FilledWhenEmpty: the id is made only when the message has none.
func (d *FillDeps) FilledWhenEmpty(ctx context.Context, t *asynq.Task) error {
	var m fillMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	if m.EventID == "" {
		m.EventID = uuid.NewString()
	}
	return d.insertFilled(ctx, &filledEvent{UID: m.EventID, Type: m.Type})
}

// AlwaysFresh, the near miss: the id is made on every run.
func (d *FillDeps) AlwaysFresh(ctx context.Context, t *asynq.Task) error {
	var m fillMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	m.EventID = uuid.NewString()
	return d.insertFresh(ctx, &freshEvent{UID: m.EventID, Type: m.Type})
}

// RegisterFill wires the fill handlers.
func RegisterFill(mux *asynq.ServeMux, d *FillDeps) {
	mux.HandleFunc("fill:whenempty", d.FilledWhenEmpty)
	mux.HandleFunc("fill:always", d.AlwaysFresh)
}
