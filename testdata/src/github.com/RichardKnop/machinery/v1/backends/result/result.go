// Stub of github.com/RichardKnop/machinery/v1 (module github.com/RichardKnop/machinery v1.10.6, package v1; copied from the v2 stub, whose declarations v1 shares) for analysistest: declarations mirror the real API (subset); bodies are empty.

package result

import (
	"reflect"
	"time"

	"github.com/RichardKnop/machinery/v1/backends/iface"
	"github.com/RichardKnop/machinery/v1/tasks"
)

type AsyncResult struct {
	Signature *tasks.Signature
	taskState *tasks.TaskState
	backend   iface.Backend
}

func NewAsyncResult(signature *tasks.Signature, backend iface.Backend) *AsyncResult {
	return &AsyncResult{Signature: signature, backend: backend}
}

func (asyncResult *AsyncResult) Get(sleepDuration time.Duration) ([]reflect.Value, error) {
	return nil, nil
}
