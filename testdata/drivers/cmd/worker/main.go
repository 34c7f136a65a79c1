// Command worker opens Postgres with lib/pq and runs the pools.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"strings"

	_ "github.com/lib/pq"

	"example.com/drivers/app"
)

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	app.Start(ctx, db, strings.Split(os.Getenv("KAFKA_BROKERS"), ","))
	<-ctx.Done()
}
