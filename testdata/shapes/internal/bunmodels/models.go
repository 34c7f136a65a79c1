// Package bunmodels declares bun models whose tables the application
// creates from them at startup (CreateSchema: db.NewCreateTable().Model):
// their tags' unique keys are the tables' keys.
package bunmodels

import (
	"context"

	"github.com/uptrace/bun"
)

// Embedding: one row per message, unique message_ref; the primary key is
// drawn by the database.
type Embedding struct {
	bun.BaseModel `bun:"table:sh_embedding"`

	ID         int64  `bun:",pk,autoincrement"`
	MessageRef string `bun:",notnull,unique"`
	Body       string
}

// CreateSchema creates the tables from the models.
func CreateSchema(ctx context.Context, db *bun.DB) error {
	_, err := db.NewCreateTable().Model((*Embedding)(nil)).IfNotExists().Exec(ctx)
	return err
}
