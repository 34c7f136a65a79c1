// Stub of github.com/vgarvardt/gue/v5@v5.8.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package pgxv5

import (
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/vgarvardt/gue/v5/adapter"
)

func NewTx(tx pgx.Tx) adapter.Tx { return nil }

func NewConnPool(pool *pgxpool.Pool) adapter.ConnPool { return nil }
