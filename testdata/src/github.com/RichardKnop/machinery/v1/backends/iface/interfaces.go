// Stub of github.com/RichardKnop/machinery/v1 (module github.com/RichardKnop/machinery v1.10.6, package v1; copied from the v2 stub, whose declarations v1 shares) for analysistest: declarations mirror the real API (subset); bodies are empty.

package iface

import "github.com/RichardKnop/machinery/v1/tasks"

// Backend is reduced to the methods the server stub needs.
type Backend interface {
	InitGroup(groupUUID string, taskUUIDs []string) error
	SetStatePending(signature *tasks.Signature) error
	SetStateSuccess(signature *tasks.Signature, results []*tasks.Signature) error
	IsAMQP() bool
}
