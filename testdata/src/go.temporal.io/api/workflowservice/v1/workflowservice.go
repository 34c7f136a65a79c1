// Stub of go.temporal.io/api/workflowservice/v1@v1.64.3 for analysistest:
// declarations mirror the real API (service_grpc.pb.go,
// request_response.pb.go), reduced to the fields the fixtures set.
package workflowservice

import "context"

// CallOption stands for grpc.CallOption.
type CallOption interface{}

// WorkflowServiceClient is the client API for WorkflowService.
type WorkflowServiceClient interface {
	// StartWorkflowExecution starts a new workflow execution.
	StartWorkflowExecution(ctx context.Context, in *StartWorkflowExecutionRequest, opts ...CallOption) (*StartWorkflowExecutionResponse, error)
	// SignalWorkflowExecution is used to send a signal to a running workflow execution.
	SignalWorkflowExecution(ctx context.Context, in *SignalWorkflowExecutionRequest, opts ...CallOption) (*SignalWorkflowExecutionResponse, error)
	// DescribeWorkflowExecution returns information about the specified workflow execution.
	DescribeWorkflowExecution(ctx context.Context, in *DescribeWorkflowExecutionRequest, opts ...CallOption) (*DescribeWorkflowExecutionResponse, error)
	// TerminateWorkflowExecution terminates an existing workflow execution.
	TerminateWorkflowExecution(ctx context.Context, in *TerminateWorkflowExecutionRequest, opts ...CallOption) (*TerminateWorkflowExecutionResponse, error)
}

type StartWorkflowExecutionRequest struct {
	Namespace  string
	WorkflowId string
	RequestId  string
}

type StartWorkflowExecutionResponse struct{ RunId string }

type SignalWorkflowExecutionRequest struct {
	Namespace  string
	SignalName string
	// Used to de-dupe sent signals
	RequestId string
}

type SignalWorkflowExecutionResponse struct{}

type DescribeWorkflowExecutionRequest struct{ Namespace string }

type DescribeWorkflowExecutionResponse struct{}

type TerminateWorkflowExecutionRequest struct {
	Namespace string
	Reason    string
}

type TerminateWorkflowExecutionResponse struct{}
