// Command worker wires the handlers: the Orders port, the MySQL and bun
// clients, and the gocraft/work pool.
package main

import (
	"context"
	"database/sql"
	"os"

	_ "github.com/go-sql-driver/mysql"
	"github.com/gocraft/work"
	"github.com/gomodule/redigo/redis"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"example.com/shapes/internal/bunmodels"
	"example.com/shapes/internal/gwjobs"
	"example.com/shapes/internal/model"
	"example.com/shapes/internal/svc"
	"example.com/shapes/jobs"
)

func main() {
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	my, err := sql.Open("mysql", os.Getenv("MYSQL_DSN"))
	if err != nil {
		panic(err)
	}
	bdb := bun.NewDB(stdlib.OpenDBFromPool(pool), pgdialect.New())
	if err := bunmodels.CreateSchema(ctx, bdb); err != nil {
		panic(err)
	}
	model.Renumber()

	d := &jobs.Deps{Pool: pool, MySQL: my, Bun: bdb, Orders: &svc.Impl{Pool: pool}}
	mux := asynq.NewServeMux()
	d.Register(mux)

	redisPool := &redis.Pool{Dial: func() (redis.Conn, error) { return redis.Dial("tcp", ":6379") }}
	wp := work.NewWorkerPool(gwjobs.Context{}, 4, "shapes", redisPool)
	gwjobs.Setup(wp, pool)
	wp.Start()

	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: ":6379"}, asynq.Config{})
	if err := srv.Run(mux); err != nil {
		panic(err)
	}
}
