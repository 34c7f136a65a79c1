// Stub of go.temporal.io/sdk@v1.51.0 for analysistest: declarations mirror the real API; bodies are empty.

package workflowcontext

import "time"

// Context is a clone of context.Context with Done() returning Channel instead
// of a Go chan.
type Context interface {
	Deadline() (deadline time.Time, ok bool)
	Done() Channel
	Err() error
	Value(key any) any
}

type SendChannel interface {
	Name() string
	Send(ctx Context, v any)
	SendAsync(v any) (ok bool)
	Close()
}

type ReceiveChannel interface {
	Name() string
	Receive(ctx Context, valuePtr any) (more bool)
	ReceiveWithTimeout(ctx Context, timeout time.Duration, valuePtr any) (ok, more bool)
	ReceiveAsync(valuePtr any) (ok bool)
	ReceiveAsyncWithMoreFlag(valuePtr any) (ok bool, more bool)
	Len() int
}

type Channel interface {
	SendChannel
	ReceiveChannel
}
