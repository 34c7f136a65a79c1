package discovery

import (
	"reflect"
	"testing"
)

// The libraries' enqueue calls are catalog data (the frameworks'
// enqueues: in asynq.yaml and river.yaml); they read as the Go table they
// replaced, written out here: the same calls, parameters and options.
func TestEnqueueCallsFromCatalog(t *testing.T) {
	// Client.Enqueue([ctx,] task, opts...) with the task at parameter i,
	// the options after it; River's Insert/InsertTx likewise with the job
	// args and the *InsertOpts.
	valueAt := func(framework string, i int) Enqueuer {
		return Enqueuer{Framework: framework, TaskParam: -1, ValueParam: i, ManyParam: -1, Opts: []RetryOpt{{Kind: optParam, N: int64(i + 1)}}}
	}
	// InsertMany and its Tx and Fast forms, the []InsertManyParams at i.
	manyAt := func(i int) Enqueuer {
		return Enqueuer{Framework: "river", TaskParam: -1, ValueParam: -1, ManyParam: i}
	}
	want := map[string]Enqueuer{
		"(*github.com/hibiken/asynq.Client).Enqueue":             valueAt("asynq", 0),
		"(*github.com/hibiken/asynq.Client).EnqueueContext":      valueAt("asynq", 1),
		"(*github.com/riverqueue/river.Client).Insert":           valueAt("river", 1),
		"(*github.com/riverqueue/river.Client).InsertTx":         valueAt("river", 2),
		"(*github.com/riverqueue/river.Client).InsertMany":       manyAt(1),
		"(*github.com/riverqueue/river.Client).InsertManyTx":     manyAt(2),
		"(*github.com/riverqueue/river.Client).InsertManyFast":   manyAt(1),
		"(*github.com/riverqueue/river.Client).InsertManyFastTx": manyAt(2),
	}
	got := enqueueCalls()
	for fn, w := range want {
		if g, ok := got[fn]; !ok || !reflect.DeepEqual(g, w) {
			t.Errorf("%s: %s, want %s", fn, g, w)
		}
	}
	for fn := range got {
		if _, ok := want[fn]; !ok {
			t.Errorf("%s: not in the table", fn)
		}
	}
}
