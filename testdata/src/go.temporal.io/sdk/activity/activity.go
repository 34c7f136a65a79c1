// Stub of go.temporal.io/sdk@v1.51.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package activity contains functions and types used to implement Temporal Activities.
package activity

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type (
	// Type identifies an activity type.
	Type = internal.ActivityType

	// Info contains information about a currently executing activity.
	Info = internal.ActivityInfo

	// RegisterOptions consists of options for registering an activity.
	RegisterOptions = internal.RegisterActivityOptions

	// DynamicRegisterOptions consists of options for registering a dynamic activity.
	DynamicRegisterOptions = internal.DynamicRegisterActivityOptions
)

var ErrResultPending = internal.ErrActivityResultPending

var ErrActivityPaused = internal.ErrActivityPaused

var ErrActivityReset = internal.ErrActivityReset

// GetInfo returns information about the currently executing activity.
func GetInfo(ctx context.Context) Info {
	return internal.GetActivityInfo(ctx)
}

// RecordHeartbeat sends a heartbeat for the currently executing activity.
func RecordHeartbeat(ctx context.Context, details ...any) {
	internal.RecordActivityHeartbeat(ctx, details...)
}

func HasHeartbeatDetails(ctx context.Context) bool {
	return internal.HasHeartbeatDetails(ctx)
}

func GetHeartbeatDetails(ctx context.Context, d ...any) error {
	return internal.GetHeartbeatDetails(ctx, d...)
}

func IsActivity(ctx context.Context) bool {
	return internal.IsActivity(ctx)
}
