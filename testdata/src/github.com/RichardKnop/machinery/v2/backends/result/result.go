// Stub of github.com/RichardKnop/machinery/v2 (repository source, v2 tree; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package result

import (
	"reflect"
	"time"

	"github.com/RichardKnop/machinery/v2/backends/iface"
	"github.com/RichardKnop/machinery/v2/tasks"
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
