// Stub of go.temporal.io/sdk@v1.51.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package worker contains functions to manage lifecycle of a Temporal client side worker.
package worker

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/internal"
	"go.temporal.io/sdk/workflow"
)

var (
	// ErrWorkerShutdown is returned when worker is shutdown.
	ErrWorkerShutdown = internal.ErrWorkerShutdown
)

type (
	// Worker hosts workflow and activity implementations.
	Worker interface {
		Registry

		// Start the worker in a non-blocking fashion.
		Start() error

		// Run the worker in a blocking fashion. Stop the worker when interruptCh receives signal.
		Run(interruptCh <-chan any) error

		// Stop the worker.
		Stop()
	}

	// Registry exposes registration functions to consumers.
	// NOTE: real Registry also embeds NexusServiceRegistry (RegisterNexusService(*nexus.Service)),
	// omitted here to avoid stubbing github.com/nexus-rpc/sdk-go/nexus.
	Registry interface {
		WorkflowRegistry
		ActivityRegistry
	}

	// WorkflowRegistry exposes workflow registration functions to consumers.
	WorkflowRegistry interface {
		RegisterWorkflow(w any)
		RegisterWorkflowWithOptions(w any, options workflow.RegisterOptions)
		RegisterDynamicWorkflow(w any, options workflow.DynamicRegisterOptions)
	}

	// ActivityRegistry exposes activity registration functions to consumers.
	ActivityRegistry interface {
		RegisterActivity(a any)
		RegisterActivityWithOptions(a any, options activity.RegisterOptions)
		RegisterDynamicActivity(a any, options activity.DynamicRegisterOptions)
	}

	// Options is used to configure a worker instance.
	Options = internal.WorkerOptions

	// WorkflowPanicPolicy is used for configuring how worker deals with workflow
	// code panicking which includes non backwards compatible changes to the workflow code without appropriate
	// versioning (see workflow.GetVersion).
	WorkflowPanicPolicy = internal.WorkflowPanicPolicy
)

const (
	BlockWorkflow = internal.BlockWorkflow
	FailWorkflow  = internal.FailWorkflow
)

// New creates an instance of worker for managing workflow and activity executions.
func New(
	client client.Client,
	taskQueue string,
	options Options,
) Worker {
	return nil
}
