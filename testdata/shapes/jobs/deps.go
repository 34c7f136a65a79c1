// Package jobs holds the asynq handlers of example.com/shapes.
package jobs

import (
	"database/sql"
	"encoding/json"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"

	"example.com/shapes/internal/svc"
)

// Deps holds the clients the handlers use.
type Deps struct {
	Pool   *pgxpool.Pool
	MySQL  *sql.DB // github.com/go-sql-driver/mysql, opened in cmd/worker
	Bun    *bun.DB
	Orders svc.Orders // wired in cmd/worker
}

// Payload is a job's business data.
type Payload struct {
	ID    int64  `json:"id"`
	Ref   string `json:"ref"`
	Kind  string `json:"kind"`
	Count int64  `json:"count"`
}

func decode(t *asynq.Task) Payload {
	var p Payload
	_ = json.Unmarshal(t.Payload(), &p)
	return p
}

// Register registers the handlers of this package.
func (d *Deps) Register(mux *asynq.ServeMux) {
	mux.HandleFunc("mysql:tally", d.MySQLTally)
	mux.HandleFunc("mysql:tally-set", d.MySQLTallySet)
	mux.HandleFunc("jsonb:merge", d.JSONBMerge)
	mux.HandleFunc("jsonb:append", d.JSONBAppend)
	mux.HandleFunc("cte:count-error", d.CTECountError)
	mux.HandleFunc("cte:count-skip", d.CTECountSkip)
	mux.HandleFunc("cond:cancel", d.CondCancel)
	mux.HandleFunc("cond:pay", d.CondPay)
	mux.HandleFunc("bun:embed", d.BunEmbed)
	mux.HandleFunc("bun:fresh", d.BunFresh)
}
