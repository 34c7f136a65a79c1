package jobs

import (
	"context"

	"example.com/shop/internal/notify"
	"github.com/hibiken/asynq"
)

// SendWelcome emails a new user with no guard: every delivery sends again.
func (d *Deps) SendWelcome(ctx context.Context, t *asynq.Task) error {
	var p UserPayload
	if err := decode(t, &p); err != nil {
		return err
	}
	var email string
	if err := d.Pool.QueryRow(ctx, "select email from users where id = $1", p.UserID).Scan(&email); err != nil {
		return err
	}
	return notify.Welcome(ctx, email)
}
