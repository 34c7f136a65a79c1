// Stub of go.temporal.io/sdk@v1.51.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package workflow contains functions and types used to implement Temporal workflows.
package workflow

import (
	"time"

	"go.temporal.io/sdk/internal"
	"go.temporal.io/sdk/temporal"
)

// ---- context.go ----

// Context is a clone of context.Context with Done() returning Channel instead
// of a native channel.
type Context = internal.Context

// ---- deterministic_wrappers.go ----

type (
	Channel        = internal.Channel
	ReceiveChannel = internal.ReceiveChannel
	SendChannel    = internal.SendChannel

	// Future represents the result of an asynchronous computation.
	Future = internal.Future

	// Settable is used to set value or error on a future.
	Settable = internal.Settable
)

func Await(ctx Context, condition func() bool) error { return internal.Await(ctx, condition) }
func NewChannel(ctx Context) Channel                 { return internal.NewChannel(ctx) }
func Go(ctx Context, f func(ctx Context))            { internal.Go(ctx, f) }
func NewFuture(ctx Context) (Future, Settable)       { return internal.NewFuture(ctx) }
func Now(ctx Context) time.Time                      { return internal.Now(ctx) }
func NewTimer(ctx Context, d time.Duration) Future   { return internal.NewTimer(ctx, d) }
func Sleep(ctx Context, d time.Duration) (err error) { return internal.Sleep(ctx, d) }

// ---- side_effect.go (converter.EncodedValue in the real SDK) ----

// EncodedValue is the recorded result of a side effect.
type EncodedValue interface{ Get(valuePtr any) error }

// SideEffect executes f once and records its result in the workflow history.
func SideEffect(ctx Context, f func(ctx Context) any) EncodedValue { return nil }

// MutableSideEffect executes f and records its result when it changed.
func MutableSideEffect(ctx Context, id string, f func(ctx Context) any, equals func(a, b any) bool) EncodedValue {
	return nil
}

// ---- activity_options.go ----

// ActivityOptions stores all activity-specific invocation parameters that will be stored inside of a context.
type ActivityOptions = internal.ActivityOptions

// LocalActivityOptions doc
type LocalActivityOptions = internal.LocalActivityOptions

// WithActivityOptions makes a copy of the context and adds the
// passed in options to the context.
func WithActivityOptions(ctx Context, options ActivityOptions) Context {
	return internal.WithActivityOptions(ctx, options)
}

func WithLocalActivityOptions(ctx Context, options LocalActivityOptions) Context {
	return internal.WithLocalActivityOptions(ctx, options)
}

func WithStartToCloseTimeout(ctx Context, d time.Duration) Context {
	return internal.WithStartToCloseTimeout(ctx, d)
}

func WithRetryPolicy(ctx Context, retryPolicy temporal.RetryPolicy) Context {
	return internal.WithRetryPolicy(ctx, retryPolicy)
}

// ---- workflow.go ----

type (
	// Version represents a change version. See GetVersion call.
	Version = internal.Version

	// Execution Details.
	Execution = internal.WorkflowExecution

	// Type identifies a workflow type.
	Type = internal.WorkflowType

	// RegisterOptions consists of options for registering a workflow
	RegisterOptions = internal.RegisterWorkflowOptions

	// DynamicRegisterOptions consists of options for registering a dynamic workflow
	DynamicRegisterOptions = internal.DynamicRegisterWorkflowOptions

	// Info information about currently executing workflow
	Info = internal.WorkflowInfo
)

// ExecuteActivity requests activity execution in the context of a workflow.
func ExecuteActivity(ctx Context, activity any, args ...any) Future {
	return internal.ExecuteActivity(ctx, activity, args...)
}

// ExecuteLocalActivity requests to run a local activity.
func ExecuteLocalActivity(ctx Context, activity any, args ...any) Future {
	return internal.ExecuteLocalActivity(ctx, activity, args...)
}

// GetInfo extracts info of a current workflow from a context.
func GetInfo(ctx Context) *Info {
	return internal.GetWorkflowInfo(ctx)
}

// DefaultVersion is a version returned by GetVersion for code that wasn't versioned before
const DefaultVersion Version = internal.DefaultVersion

func GetVersion(ctx Context, changeID string, minSupported, maxSupported Version) Version {
	return internal.GetVersion(ctx, changeID, minSupported, maxSupported)
}
