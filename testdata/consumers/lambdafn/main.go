// Command lambdafn is a Lambda function fed by an SQS queue.
package main

import (
	"context"
	"database/sql"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"example.com/consumers/internal/store"
)

var st = &store.Store{DB: mustOpen()}

func mustOpen() *sql.DB {
	db, err := sql.Open("postgres", "")
	if err != nil {
		panic(err)
	}
	return db
}

// handle records each payment; a failed record is reported for redelivery,
// the others are not.
func handle(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
	var resp events.SQSEventResponse
	for _, rec := range ev.Records {
		if err := st.AddPayment(ctx, rec.Body, 1); err != nil {
			resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: rec.MessageId})
		}
	}
	return resp, nil
}

func main() {
	lambda.Start(handle)
}
