// Stub of github.com/RichardKnop/machinery/v2 (repository source, v2 tree; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package iface

import "github.com/RichardKnop/machinery/v2/tasks"

// Backend is reduced to the methods the server stub needs.
type Backend interface {
	InitGroup(groupUUID string, taskUUIDs []string) error
	SetStatePending(signature *tasks.Signature) error
	SetStateSuccess(signature *tasks.Signature, results []*tasks.Signature) error
	IsAMQP() bool
}
