package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// JSONBMerge merges an object into shape_docs.attrs with a bare `||`:
// nothing in the statement says what the column holds; the migrations say
// jsonb, so `||` merges keys: merging again gives the same object (set).
func (d *Deps) JSONBMerge(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, "update shape_docs set attrs = attrs || $1 where id = $2", `{"seen":true}`, decode(t).ID)
	return err
}

// JSONBAppend is the same `||` on shape_docs.labels (near miss): the
// migrations say text[], so it appends, and a second delivery appends
// again (increment).
func (d *Deps) JSONBAppend(ctx context.Context, t *asynq.Task) error {
	_, err := d.Pool.Exec(ctx, "update shape_docs set labels = labels || $1 where id = $2", []string{"seen"}, decode(t).ID)
	return err
}
