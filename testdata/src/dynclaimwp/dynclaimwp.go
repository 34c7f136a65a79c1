// Package dynclaimwp: the trigger lock of a DynamoDB conditional put
// (attribute_not_exists), taken through the store's interface that
// mirrors the SDK client, guards the Step Functions start after it,
// whose execution name comes from the clock (no random-key under a
// claim); a put conditioned on the item existing (touch) claims nothing,
// and the start after it is random-key.
package dynclaimwp

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
	"github.com/hibiken/asynq"

	"dynclaimwp/flow"
	"dynclaimwp/store"
)

type Deps struct {
	Store *store.Store
	Flows *flow.Flows
}

func NewDeps() *Deps {
	return &Deps{Store: &store.Store{Client: &dynamodb.Client{}}, Flows: &flow.Flows{Client: &sfn.Client{}}}
}

func (d *Deps) Trigger(ctx context.Context, t *asynq.Task) error {
	ok, err := d.Store.AcquireLock(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return d.Flows.Start(ctx, string(t.Payload()))
}

func (d *Deps) Touch(ctx context.Context, t *asynq.Task) error { // want `random-key: idempotency key complit.Name, passed to \(\*sfn.Client\).StartExecution, derives from time.Now`
	ok, err := d.Store.TouchLock(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return d.Flows.Start(ctx, string(t.Payload()))
}

func Register(mux *asynq.ServeMux, d *Deps) {
	mux.HandleFunc("trigger", d.Trigger)
	mux.HandleFunc("touch", d.Touch)
}
