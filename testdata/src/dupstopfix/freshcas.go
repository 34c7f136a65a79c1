package dupstopfix

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// A compare-and-set keyed by a fresh value: the handler reserves a ledger
// row under a uuid it makes (uuid.New()), sends, then finalizes the row
// "where id = $1 and state = 'reserving'", returning an error when no
// row changed. The id is new on every delivery, so no earlier delivery's
// row can match it: "no row changed" never means "already done" and the
// error is no duplicate's (no duplicate-as-error), through the helper and
// the generated query layer's params struct. Near miss: the same
// finalize keyed by the id the job carries, whose row an earlier delivery
// moved: the duplicate fails the job.

type finalizeParams struct {
	ID    uuid.UUID
	State string
}

// finalizeRow is a generated query: its callers decide the key.
func (d *Deps) finalizeRow(ctx context.Context, arg finalizeParams) (int64, error) { // want finalizeRow:`^effects: db_write/claim ds_ledger; returns claim result 0 \(count\)$`
	tag, err := d.Pool.Exec(ctx, "update ds_ledger set state = $2 where id = $1 and state = 'reserving'", arg.ID, arg.State)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (d *Deps) finalizeFresh(ctx context.Context, id uuid.UUID) error { // want finalizeFresh:`^effects: db_write/claim ds_ledger; returns claim result 0 \(norows\)$`
	n, err := d.finalizeRow(ctx, finalizeParams{ID: id, State: "posted"})
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("ledger row %s is not reserving", id)
	}
	return nil
}

func (d *Deps) finalizeJob(ctx context.Context, id uuid.UUID) error { // want finalizeJob:`^effects: db_write/claim ds_ledger; returns claim result 0 \(norows\)$`
	n, err := d.finalizeRow(ctx, finalizeParams{ID: id, State: "posted"})
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("ledger row %s is not reserving", id) // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	return nil
}

// Reserved: the row finalized is the one this delivery inserted.
func (d *Deps) Reserved(ctx context.Context, t *asynq.Task) error { // want Reserved:`^effects: db_write/insert ds_ledger; db_write/claim ds_ledger; returns claim result 0 \(norows\)$` `unguarded: handler \(\*dupstopfix.Deps\).Reserved \(asynq task "reserved"\) repeats its side effects when a job is delivered twice: insert into ds_ledger`
	id := uuid.New()
	if _, err := d.Pool.Exec(ctx, "insert into ds_ledger (id, member, state) values ($1, $2, 'reserving')", id, t.Type()); err != nil {
		return err
	}
	return d.finalizeFresh(ctx, id)
}

// FinalizedByJob (near miss): the row is the job's, moved by an earlier
// delivery.
func (d *Deps) FinalizedByJob(ctx context.Context, t *asynq.Task) error { // want FinalizedByJob:`^effects: db_write/claim ds_ledger; returns claim result 0 \(norows\)$`
	id, err := uuid.FromBytes(t.Payload())
	if err != nil {
		return err
	}
	return d.finalizeJob(ctx, id)
}

func registerFresh(mux *asynq.ServeMux, d *Deps) { // want registerFresh:`^no effects$`
	mux.HandleFunc("reserved", d.Reserved)
	mux.HandleFunc("finalizedbyjob", d.FinalizedByJob)
}
