// Package external invokes a Lambda function the program does not
// register (another repository's): the invocation stays unknown.
package external

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/hibiken/asynq"
)

type Jobs struct{ Lambda *lambda.Client }

func (j *Jobs) Notify(ctx context.Context, t *asynq.Task) error { // want Notify:`^effects: unknown/unknown lambda$`
	return j.invoke(ctx, t.Payload())
}

// invoke is unknown per package (the catalog's model of Invoke: its
// effects are the invoked function's), whatever the program registers.
func (j *Jobs) invoke(ctx context.Context, payload []byte) error { // want invoke:`^effects: unknown/unknown lambda$`
	_, err := j.Lambda.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String("billing-notifier"), Payload: payload})
	return err
}

func Register(mux *asynq.ServeMux, j *Jobs) { // want Register:`^no effects$`
	mux.HandleFunc("notify", j.Notify)
}
