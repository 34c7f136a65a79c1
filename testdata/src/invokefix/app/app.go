// Package app is the dispatcher of the invokefix program: an asynq
// handler that invokes a Lambda function named by configuration and
// stores its answer with an upsert. The program registers one Lambda
// function (invokefix/worker, a read): the invocation does what it does,
// so the job is safe. Resolved with the worker's package loaded.
package app

import (
	"context"
	"database/sql"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/hibiken/asynq"
)

type Stage struct {
	Lambda *lambda.Client
	Name   string // the function's name, from a flag
	DB     *sql.DB
}

func (s *Stage) Enrich(ctx context.Context, t *asynq.Task) error {
	out, err := s.Lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String(s.Name), Payload: t.Payload()})
	if err != nil {
		return err
	}
	_, err = s.DB.ExecContext(ctx, "insert into enriched (id, body) values ($1, $2) on conflict (id) do update set body = excluded.body", string(t.Payload()), out.Payload)
	return err
}

func Register(mux *asynq.ServeMux, s *Stage) {
	mux.HandleFunc("enrich", s.Enrich)
}
