// Package strict: with -strict, a handler whose effects are unknown (and
// none known to repeat) is reported as unknown-effect; one with a known
// non-idempotent effect is reported as unguarded only.
package strict

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Sender interface{ Send(string) error }

type Deps struct {
	DB     *sql.DB
	Sender Sender
}

func (d *Deps) Opaque(ctx context.Context, t *asynq.Task) error { // want Opaque:"^handler asynq" Opaque:"dynamic_call/call \\(strict.Sender\\).Send" `unknown-effect: \(\*strict.Deps\).Opaque cannot be classified statically: calls \(strict.Sender\).Send through an interface`
	return d.Sender.Send(t.Type())
}

func (d *Deps) RuntimeSQL(ctx context.Context, t *asynq.Task) error { // want RuntimeSQL:"db_write/unknown" `unknown-effect: .*SQL text built at run time`
	_, err := d.DB.ExecContext(ctx, string(t.Payload()))
	return err
}

func (d *Deps) Known(ctx context.Context, t *asynq.Task) error { // want Known:"^handler asynq" Known:"db_write/insert log; dynamic_call/call" `unguarded: handler \(\*strict.Deps\).Known`
	d.Sender.Send(t.Type())
	_, err := d.DB.ExecContext(ctx, "insert into log(x) values (1)")
	return err
}

func (d *Deps) Safe(ctx context.Context, t *asynq.Task) error { // want Safe:"db_write/update-set"
	_, err := d.DB.ExecContext(ctx, "update users set name = $1", t.Type())
	return err
}
