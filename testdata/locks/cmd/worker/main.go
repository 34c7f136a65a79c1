// Command worker runs the handlers on one asynq server.
package main

import (
	"database/sql"
	"log"

	"github.com/hibiken/asynq"
	goredis "github.com/redis/go-redis/v9"
	"github.com/zeromicro/go-zero/core/stores/cache"
	"github.com/zeromicro/go-zero/core/stores/redis"
	"github.com/zeromicro/go-zero/core/stores/sqlx"

	"example.com/locks/events"
	"example.com/locks/orders"
	linksync "example.com/locks/sync"
	"example.com/locks/views"
)

func main() {
	db, err := sql.Open("postgres", "postgres://localhost/links")
	if err != nil {
		log.Fatal(err)
	}
	conn := sqlx.NewMysql("root:@tcp(localhost:3306)/orders")
	cc := cache.CacheConf{{RedisConf: redis.RedisConf{Host: "localhost:6379", Type: redis.NodeType}, Weight: 100}}
	rdb := goredis.NewClient(&goredis.Options{Addr: "localhost:6379"})
	fw, err := events.New()
	if err != nil {
		log.Fatal(err)
	}
	client := asynq.NewClient(asynq.RedisClientOpt{Addr: "localhost:6379"})
	mux := asynq.NewServeMux()
	orders.Register(mux, orders.NewJobs(conn, cc, client))
	linksync.Register(mux, linksync.New(db, rdb))
	events.Register(mux, fw)
	rds := redis.MustNewRedis(redis.RedisConf{Host: "localhost:6379", Type: redis.NodeType})
	views.Register(mux, &views.Views{Rds: rds})
	linksync.RegisterZero(mux, &linksync.ZeroSyncer{Syncer: linksync.New(db, rdb), Rds: rds})
	srv := asynq.NewServer(asynq.RedisClientOpt{Addr: "localhost:6379"}, asynq.Config{Concurrency: 4})
	if err := srv.Run(mux); err != nil {
		log.Fatal(err)
	}
}
