// Stub of github.com/RichardKnop/machinery/v1 (module github.com/RichardKnop/machinery v1.10.6, package v1; copied from the v2 stub, whose declarations v1 shares) for analysistest: declarations mirror the real API (subset); bodies are empty.

package iface

import (
	"context"

	"github.com/RichardKnop/machinery/v1/tasks"
)

// Broker is reduced to the methods the server stub needs.
type Broker interface {
	SetRegisteredTaskNames(names []string)
	IsTaskRegistered(name string) bool
	Publish(ctx context.Context, task *tasks.Signature) error
	StopConsuming()
}
