// Stub of go.temporal.io/sdk@v1.51.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package client is used by external programs to communicate with Temporal service.
package client

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type (
	// Options are optional parameters for Client creation.
	Options = internal.ClientOptions

	// ConnectionOptions are optional parameters that can be specified in ClientOptions
	ConnectionOptions = internal.ConnectionOptions

	// StartWorkflowOptions configuration parameters for starting a workflow execution.
	StartWorkflowOptions = internal.StartWorkflowOptions

	// WorkflowRun represents a started and non null workflow run.
	WorkflowRun = internal.WorkflowRun

	// WorkflowRunGetOptions are options for WorkflowRun.GetWithOptions.
	WorkflowRunGetOptions = internal.WorkflowRunGetOptions

	// Client is the client for starting and getting information about a workflow executions as well as
	// completing activities asynchronously. (Subset of methods.)
	Client interface {
		ExecuteWorkflow(ctx context.Context, options StartWorkflowOptions, workflow any, args ...any) (WorkflowRun, error)
		GetWorkflow(ctx context.Context, workflowID string, runID string) WorkflowRun
		SignalWorkflow(ctx context.Context, workflowID string, runID string, signalName string, arg any) error
		SignalWithStartWorkflow(ctx context.Context, workflowID string, signalName string, signalArg any,
			options StartWorkflowOptions, workflow any, workflowArgs ...any) (WorkflowRun, error)
		CancelWorkflow(ctx context.Context, workflowID string, runID string) error
		TerminateWorkflow(ctx context.Context, workflowID string, runID string, reason string, details ...any) error
		CompleteActivity(ctx context.Context, taskToken []byte, result any, err error) error
		CompleteActivityByID(ctx context.Context, namespace, workflowID, runID, activityID string, result any, err error) error
		RecordActivityHeartbeat(ctx context.Context, taskToken []byte, details ...any) error
		RecordActivityHeartbeatByID(ctx context.Context, namespace, workflowID, runID, activityID string, details ...any) error
		Close()
	}
)

// Dial creates an instance of a workflow client. This will attempt to connect
// to the server eagerly and will return an error if the server is not
// available.
func Dial(options Options) (Client, error) {
	return DialContext(context.Background(), options)
}

func DialContext(ctx context.Context, options Options) (Client, error) { return nil, nil }

func NewLazyClient(options Options) (Client, error) { return nil, nil }

// Deprecated: Use Dial or NewLazyClient instead.
func NewClient(options Options) (Client, error) { return nil, nil }
