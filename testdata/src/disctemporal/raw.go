package disctemporal

// The raw gRPC service (go.temporal.io/api/workflowservice/v1): each
// method is classified by what the server does.

import (
	"context"

	workflowservice "go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/workflow"
)

var svc workflowservice.WorkflowServiceClient

// Kickoff, an activity, drives other workflows through the raw gRPC
// client: describing reads; the start's workflow ID, derived from the
// order, dedupes a second start; terminating twice ends in the same
// state; the signal has no request ID, so a retry signals again.
func Kickoff(ctx context.Context, order string) error { // want Kickoff:`^effects: publish/start-workflow temporal guarded=idempotency_key; publish/signal temporal; publish/delete temporal$` `unguarded: handler disctemporal.Kickoff \(temporal task "Kickoff"\) .*publish signal \(temporal\) \(medium\) at disctemporal/raw.go:\d+ is not guarded \(a second delivery signals the workflow again\)`
	if _, err := svc.DescribeWorkflowExecution(ctx, &workflowservice.DescribeWorkflowExecutionRequest{Namespace: "default"}); err != nil {
		return err
	}
	if _, err := svc.StartWorkflowExecution(ctx, &workflowservice.StartWorkflowExecutionRequest{Namespace: "default", WorkflowId: "ship-" + order}); err != nil {
		return err
	}
	if _, err := svc.TerminateWorkflowExecution(ctx, &workflowservice.TerminateWorkflowExecutionRequest{Namespace: "default", Reason: "superseded"}); err != nil {
		return err
	}
	_, err := svc.SignalWorkflowExecution(ctx, &workflowservice.SignalWorkflowExecutionRequest{Namespace: "default", SignalName: "paid"})
	return err
}

// KickoffWorkflow executes Kickoff: no effect of its own.
func KickoffWorkflow(ctx workflow.Context, order string) error { // want KickoffWorkflow:`^no effects$`
	return workflow.ExecuteActivity(ctx, Kickoff, order).Get(ctx, nil)
}
