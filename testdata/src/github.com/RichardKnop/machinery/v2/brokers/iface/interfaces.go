// Stub of github.com/RichardKnop/machinery/v2 (repository source, v2 tree; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package iface

import (
	"context"

	"github.com/RichardKnop/machinery/v2/tasks"
)

// Broker is reduced to the methods the server stub needs.
type Broker interface {
	SetRegisteredTaskNames(names []string)
	IsTaskRegistered(name string) bool
	Publish(ctx context.Context, task *tasks.Signature) error
	StopConsuming()
}
