// Command worker opens Postgres with lib/pq and runs the pools and the
// NSQ consumers, gue v6's pool (ledger),
// the file importer (files) and the Watermill bridge.
package main

import (
	"context"
	"database/sql"
	"log"
	"os"
	"os/signal"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	lambdasdk "github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/hashicorp/go-retryablehttp"
	_ "github.com/lib/pq"
	"github.com/nsqio/go-nsq"

	"example.com/drivers/app"
	"example.com/drivers/blocks"
	"example.com/drivers/bridge"
	"example.com/drivers/files"
	"example.com/drivers/ledger"
	"example.com/drivers/queue"
	"example.com/drivers/traits"
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
	lc := lambdasdk.New(lambdasdk.Options{Region: os.Getenv("AWS_REGION"), Credentials: aws.AnonymousCredentials{}})
	go func() {
		if err := ledger.Start(ctx, db, &ledger.Jobs{DB: db, Lambda: lc}); err != nil {
			log.Print(err)
		}
	}()
	go queue.New(strings.Split(os.Getenv("KAFKA_BROKERS"), ","), "files.import", &files.Importer{DB: db}).Run(ctx)
	traits.Start(ctx, db, strings.Split(os.Getenv("KAFKA_BROKERS"), ","))
	go func() {
		if err := bridge.Run(ctx, db); err != nil {
			log.Print(err)
		}
	}()
	go func() {
		if err := ledger.StartDeploy(ctx, db, &ledger.Deploy{Lambda: lc}, &ledger.Hooks{HTTP: retryablehttp.NewClient()}); err != nil {
			log.Print(err)
		}
	}()
	<-ctx.Done()
}
