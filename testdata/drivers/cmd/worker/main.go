// Command worker opens Postgres with lib/pq and runs the pools and the
// NSQ consumers.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"strings"

	_ "github.com/lib/pq"
	"github.com/nsqio/go-nsq"

	"example.com/drivers/app"
	"example.com/drivers/blocks"
)

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	app.Start(ctx, db, strings.Split(os.Getenv("KAFKA_BROKERS"), ","))
	p, err := nsq.NewProducer(os.Getenv("NSQD"), nsq.NewConfig())
	if err != nil {
		log.Fatal(err)
	}
	if err := blocks.Start(db, p); err != nil {
		log.Fatal(err)
	}
	<-ctx.Done()
}
