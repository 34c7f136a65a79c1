package discovery

import (
	"reflect"
	"testing"
)

// The enqueue-side dedup options are catalog data (asynq.yaml's
// dedup_options); they read as the Go table they replaced.
func TestDedupOptionsFromCatalog(t *testing.T) {
	want := map[string]string{
		"github.com/hibiken/asynq.Unique": "asynq.Unique",
		"github.com/hibiken/asynq.TaskID": "asynq.TaskID",
	}
	if got := asynqDedupOptions(); !reflect.DeepEqual(got, want) {
		t.Errorf("asynqDedupOptions = %v, want %v", got, want)
	}
}
