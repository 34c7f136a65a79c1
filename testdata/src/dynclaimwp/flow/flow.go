// Package flow starts a Step Functions execution through an interface
// that mirrors the SDK client, named after the clock.
package flow

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
)

type API interface {
	StartExecution(ctx context.Context, params *sfn.StartExecutionInput, optFns ...func(*sfn.Options)) (*sfn.StartExecutionOutput, error)
}

type Flows struct{ Client API }

// Start names the execution after the clock: a new name per call.
func (f *Flows) Start(ctx context.Context, id string) error {
	name := fmt.Sprintf("%s-%d", id, time.Now().Unix())
	_, err := f.Client.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn"), Name: &name})
	return err
}
