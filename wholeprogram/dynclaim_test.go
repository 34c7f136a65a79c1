package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// TestDynamoClaimThroughInterfaces: a DynamoDB conditional put
// (attribute_not_exists) made through the store's interface mirroring
// the SDK client is a claim its helper hands up, and it guards the Step
// Functions start the whole program resolves behind another interface,
// whose clock-made execution name is then no random-key (dynclaimwp);
// a put conditioned on attribute_exists claims nothing, and the start
// after it is random-key.
func TestDynamoClaimThroughInterfaces(t *testing.T) {
	line := guardLine(func(e effect.Effect) bool { return e.Target == "step functions" || e.Target == "dynamodb" })
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "dynclaimwp/..."), line)
	wantLines(t, got, []string{
		"touch start-workflow/step functions random-key set/dynamodb random-key",
		"trigger start-workflow/step functions guarded claim/dynamodb",
	})
}
