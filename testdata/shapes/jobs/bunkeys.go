package jobs

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"example.com/shapes/internal/bunmodels"
)

// BunEmbed inserts an embedding keyed by the message's ref, unique in the
// model's tag (the table is created from the model): a second delivery's
// insert fails on the duplicate, and the error is returned
// (duplicate-as-error).
func (d *Deps) BunEmbed(ctx context.Context, t *asynq.Task) error {
	row := bunmodels.Embedding{MessageRef: decode(t).Ref, Body: "b"}
	if _, err := d.Bun.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("embed: %w", err)
	}
	return nil
}

// BunFresh keys it by a new UUID (near miss): new on every delivery, the
// insert repeats (unguarded).
func (d *Deps) BunFresh(ctx context.Context, t *asynq.Task) error {
	row := bunmodels.Embedding{MessageRef: uuid.NewString(), Body: string(t.Payload())}
	_, err := d.Bun.NewInsert().Model(&row).Exec(ctx)
	return err
}
