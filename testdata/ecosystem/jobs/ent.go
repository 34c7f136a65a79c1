package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// EntCreate creates a customer with ent's generated builder.
func (d *Deps) EntCreate(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Ent.Customer.Create().SetEmail(p.Email).Save(ctx)
	return err
}

// EntCredit adds to a balance (AddBalance: an increment).
func (d *Deps) EntCredit(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Ent.Customer.UpdateOneID(1).AddBalance(int(p.Amount)).Exec(ctx)
}

// EntUpsert upserts by email with the new values: idempotent.
func (d *Deps) EntUpsert(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Ent.Customer.Create().SetEmail(p.Email).SetBalance(0).
		OnConflictColumns("email").UpdateNewValues().Exec(ctx)
}
