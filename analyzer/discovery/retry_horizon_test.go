package discovery

import (
	"reflect"
	"testing"
)

// The retry horizon's tables are catalog data (the frameworks'
// custom_backoff and replays: in asynq.yaml and river.yaml); they read as
// the Go tables they replaced, written out here.
func TestHorizonTablesFromCatalog(t *testing.T) {
	wantBackoff := map[string]struct{ framework, field string }{
		"github.com/hibiken/asynq.Config":    {"asynq", "RetryDelayFunc"},
		"github.com/riverqueue/river.Config": {"river", "RetryPolicy"},
		"github.com/gocraft/work.JobOptions": {"gocraft", "Backoff"},
	}
	if got := customBackoff(); !reflect.DeepEqual(got, wantBackoff) {
		t.Errorf("customBackoff = %v, want %v", got, wantBackoff)
	}
	wantReplays := map[string]string{
		"(*github.com/hibiken/asynq.Inspector).RunTask":                           "asynq",
		"(*github.com/hibiken/asynq.Inspector).RunAllArchivedTasks":               "asynq",
		"(*github.com/riverqueue/river.Client).JobRetry":                          "river",
		"(*github.com/riverqueue/river.Client).JobRetryTx":                        "river",
		"(*github.com/aws/aws-sdk-go-v2/service/sqs.Client).StartMessageMoveTask": "sqs",
		"(*github.com/gocraft/work.Client).RetryDeadJob":                          "gocraft",
		"(*github.com/gocraft/work.Client).RetryAllDeadJobs":                      "gocraft",
	}
	if got := replayCalls(); !reflect.DeepEqual(got, wantReplays) {
		t.Errorf("replayCalls = %v, want %v", got, wantReplays)
	}
	for key := range wantReplays {
		if retryCalls[key] != nil {
			t.Errorf("%s is read by retryCalls too", key)
		}
	}
}
