package jobs

import (
	"context"
	_ "embed"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SQL kept in a file compiled in with //go:embed is read as that file's
// text: the credit below is an increment, repeated by a redelivery.

//go:embed embed_credit.sql
var creditSQL string

// EmbedDeps are the embedded-SQL handlers' clients.
type EmbedDeps struct {
	Pool *pgxpool.Pool
}

// EmbedCredit credits the account with the statement in embed_credit.sql.
func (d *EmbedDeps) EmbedCredit(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	_, err := d.Pool.Exec(ctx, creditSQL, p.Amount, p.OrderID)
	return err
}

// RegisterEmbed registers the embedded-SQL handler.
func RegisterEmbed(mux *asynq.ServeMux, d *EmbedDeps) {
	mux.HandleFunc("embed:credit", d.EmbedCredit)
}
