// Package disclambda covers AWS Lambda handlers: lambda.Start,
// StartWithOptions, StartHandlerFunc (generic), StartHandler with a
// lambda.Handler (Invoke) and with NewHandler(fn), for SQS, SNS, Kinesis
// and S3 events.
//
// TODO(engine): a Lambda function has no task name in the code; the task
// should name the trigger from the handler's event parameter type
// (events.SQSEvent → (lambda task "SQSEvent")); the engine has no way to
// take a task from a parameter type, so these findings have no task.
package disclambda

import (
	"context"
	"database/sql"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

var db *sql.DB

func HandleSQS(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) { // want HandleSQS:`^effects: db_write/insert orders$` `unguarded: handler disclambda.HandleSQS repeats .*insert into orders`
	var resp events.SQSEventResponse
	for _, rec := range ev.Records {
		if _, err := db.ExecContext(ctx, "insert into orders(message_id, body) values ($1, $2)", rec.MessageId, rec.Body); err != nil {
			resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: rec.MessageId})
		}
	}
	return resp, nil
}

func HandleSNS(ctx context.Context, ev events.SNSEvent) error { // want HandleSNS:`^effects: db_write/insert alerts$` `unguarded: handler disclambda.HandleSNS repeats .*insert into alerts`
	for _, rec := range ev.Records {
		if _, err := db.ExecContext(ctx, "insert into alerts(message) values ($1)", rec.SNS.Message); err != nil {
			return err
		}
	}
	return nil
}

func HandleKinesis(ctx context.Context, ev events.KinesisEvent) (string, error) { // want HandleKinesis:`^effects: db_write/insert clicks$` `unguarded: handler disclambda.HandleKinesis repeats .*insert into clicks`
	for _, rec := range ev.Records {
		if _, err := db.ExecContext(ctx, "insert into clicks(data) values ($1)", rec.Kinesis.Data); err != nil {
			return "", err
		}
	}
	return "ok", nil
}

func HandleS3(ctx context.Context, ev events.S3Event) error { // want HandleS3:`^effects: db_write/insert uploads$` `unguarded: handler disclambda.HandleS3 repeats .*insert into uploads`
	_, err := db.ExecContext(ctx, "insert into uploads(n) values ($1)", len(ev.Records))
	return err
}

// Raw implements lambda.Handler.
type Raw struct{}

func (Raw) Invoke(ctx context.Context, payload []byte) ([]byte, error) { // want Invoke:`^effects: db_write/insert raw_events$` `unguarded: handler disclambda.Raw.Invoke repeats .*insert into raw_events`
	_, err := db.ExecContext(ctx, "insert into raw_events(payload) values ($1)", payload)
	return nil, err
}

func MainSQS() { lambda.Start(HandleSQS) } // want MainSQS:`^no effects$`

func MainSNS(ctx context.Context) { lambda.StartWithOptions(HandleSNS, lambda.WithContext(ctx)) } // want MainSNS:`^no effects$`

func MainKinesis() { lambda.StartHandlerFunc(HandleKinesis) } // want MainKinesis:`^no effects$`

func MainS3() { lambda.StartHandler(lambda.NewHandler(HandleS3)) } // want MainS3:`^no effects$`

func MainRaw() { lambda.StartHandler(Raw{}) } // want MainRaw:`^no effects$`
