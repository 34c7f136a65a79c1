// Package jobs holds the asynq handlers of example.com/ecosystem, one
// library effect each.
package jobs

import (
	"encoding/json"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/uptrace/bun"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"gorm.io/gorm"

	"example.com/ecosystem/ent"
	"example.com/ecosystem/internal/sqlcdb"
)

// Deps holds the clients the handlers use.
type Deps struct {
	Gorm    *gorm.DB
	Ent     *ent.Client
	Sqlx    *sqlx.DB
	Bun     *bun.DB
	Queries *sqlcdb.Queries
	Querier sqlcdb.Querier
	Mongo   *mongo.Database
	JS      jetstream.JetStream
}

// Payload is a job's business data.
type Payload struct {
	OrderID string `json:"order_id"`
	Email   string `json:"email"`
	Amount  int64  `json:"amount"`
}

func decode(t *asynq.Task) Payload {
	var p Payload
	_ = json.Unmarshal(t.Payload(), &p)
	return p
}

// Register registers every handler.
func Register(d *Deps) *asynq.ServeMux {
	mux := asynq.NewServeMux()
	mux.HandleFunc("gorm:signup", d.GormSignUp)
	mux.HandleFunc("gorm:claimed-order", d.GormClaimedOrder)
	mux.HandleFunc("gorm:credit", d.GormCredit)
	mux.HandleFunc("gorm:rebalance", d.GormRebalance)
	mux.HandleFunc("gorm:open-account", d.GormOpenAccount)
	mux.HandleFunc("ent:create", d.EntCreate)
	mux.HandleFunc("ent:credit", d.EntCredit)
	mux.HandleFunc("ent:upsert", d.EntUpsert)
	mux.HandleFunc("ent:reflect-list", d.EntReflectList)
	mux.HandleFunc("ent:reflect-named", d.EntReflectNamed)
	mux.HandleFunc("sqlx:pay", d.SqlxPay)
	mux.HandleFunc("sqlx:report", d.SqlxReport)
	mux.HandleFunc("sqlx:order", d.SqlxOrder)
	mux.HandleFunc("sqlx:named-order", d.SqlxNamedOrder)
	mux.HandleFunc("sqlx:named-read", d.SqlxNamedRead)
	mux.HandleFunc("bun:guarded", d.BunGuarded)
	mux.HandleFunc("bun:upsert", d.BunUpsert)
	mux.HandleFunc("bun:notify", d.BunNotify)
	mux.HandleFunc("sqlc:order", d.SqlcOrder)
	mux.HandleFunc("sqlc:querier", d.SqlcQuerier)
	mux.HandleFunc("mongo:inc", d.MongoInc)
	mux.HandleFunc("mongo:set", d.MongoSet)
	mux.HandleFunc("nats:publish", d.NatsPublish)
	mux.HandleFunc("nats:keyed", d.NatsKeyed)
	mux.HandleFunc("nats:topology", d.NatsTopology)
	return mux
}
