// Stub of go.temporal.io/sdk@v1.51.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package temporal contains types shared by client, worker and workflow packages.
package temporal

import "go.temporal.io/sdk/internal"

// ---- retry_policy.go ----

// RetryPolicy defines the retry policy.
type RetryPolicy = internal.RetryPolicy

// ---- priority.go ----

type Priority = internal.Priority

// ---- error.go ----

type (
	// ApplicationError returned from activity implementations with message and optional details.
	ApplicationError = internal.ApplicationError
)

type ApplicationErrorOptions = internal.ApplicationErrorOptions

type ApplicationErrorCategory = internal.ApplicationErrorCategory

const (
	ApplicationErrorCategoryBenign = internal.ApplicationErrorCategoryBenign
)

func NewApplicationErrorWithOptions(msg, errType string, options ApplicationErrorOptions) error {
	return internal.NewApplicationErrorWithOptions(msg, errType, options)
}

func NewApplicationError(message, errType string, details ...any) error {
	return internal.NewApplicationErrorWithOptions(message, errType, ApplicationErrorOptions{Details: details})
}

func NewApplicationErrorWithCause(message, errType string, cause error, details ...any) error {
	return internal.NewApplicationErrorWithOptions(
		message, errType, ApplicationErrorOptions{NonRetryable: false, Cause: cause, Details: details},
	)
}

func NewNonRetryableApplicationError(message, errType string, cause error, details ...any) error {
	return internal.NewApplicationErrorWithOptions(
		message, errType, ApplicationErrorOptions{NonRetryable: true, Cause: cause, Details: details},
	)
}
