// Package risky is a program whose Lambda function inserts a row: the job
// that invokes it (a near miss of invokefix/app) repeats that insert on a
// redelivery, and its queued InvokeAsync does the same.
package risky

import (
	"context"
	"database/sql"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	lambdasdk "github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/hibiken/asynq"
)

type Recorder struct{ DB *sql.DB }

type Event struct{ ID string }

func (r *Recorder) Record(ctx context.Context, ev Event) error { // want `^unguarded: .*twice: insert into visits \(medium\) at`
	_, err := r.DB.ExecContext(ctx, "insert into visits (item_id) values ($1)", ev.ID)
	return err
}

type Jobs struct {
	Lambda *lambdasdk.Client
	Name   string
}

func (j *Jobs) Visit(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into visits \(medium\) at .*\(lambda invoke → \(\*risky.Recorder\).Record, the one the program registers\)`
	_, err := j.Lambda.Invoke(ctx, &lambdasdk.InvokeInput{FunctionName: aws.String(j.Name), Payload: t.Payload()})
	return err
}

func (j *Jobs) VisitLater(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into visits \(medium\) at .*\(lambda invoke`
	_, err := j.Lambda.InvokeAsync(ctx, &lambdasdk.InvokeAsyncInput{FunctionName: aws.String(j.Name)})
	return err
}

func Main(db *sql.DB, mux *asynq.ServeMux, j *Jobs) {
	mux.HandleFunc("visit", j.Visit)
	mux.HandleFunc("visit-later", j.VisitLater)
	lambda.Start((&Recorder{DB: db}).Record)
}
