// Package bunmodels declares bun models whose tables the application
// creates from them at startup (CreateSchema: db.NewCreateTable().Model):
// their tags' unique keys are the tables' keys (triggers.ModelSchema).
package bunmodels

import (
	"context"

	"github.com/uptrace/bun"
)

// Embedding: one row per message, unique message_uuid; the primary key is
// drawn by the database (a default).
type Embedding struct {
	bun.BaseModel `bun:"table:bk_embedding,alias:be"`

	UUID        string    `bun:",pk,type:uuid,default:gen_random_uuid()"`
	MessageUUID string    `bun:"type:uuid,notnull,unique"`
	SessionID   string    `bun:",notnull"`
	Vector      []float32 `bun:"type:vector(3)"`
}

// Note: no key but its primary key; Ref is not tagged unique.
type Note struct {
	bun.BaseModel `bun:"table:bk_note"`

	UUID string `bun:",pk,type:uuid,default:gen_random_uuid()"`
	Ref  string `bun:",notnull"`
	Body string
}

// Pair: a named group of two columns.
type Pair struct {
	bun.BaseModel `bun:"table:bk_pair"`

	ID     int64  `bun:",pk,autoincrement"`
	Tenant string `bun:",unique:tenant_slug"`
	Slug   string `bun:",unique:tenant_slug"`
}

// CreateSchema creates the tables from the models.
func CreateSchema(ctx context.Context, db *bun.DB) error {
	for _, m := range []any{&Embedding{}, &Note{}, &Pair{}} {
		if _, err := db.NewCreateTable().Model(m).IfNotExists().Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
