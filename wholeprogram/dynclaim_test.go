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
	line := guardLine(func(e effect.Effect) bool { return e.Target == "step functions" || e.Items })
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "dynclaimwp/..."), line)
	wantLines(t, got, []string{
		"touch start-workflow/step functions random-key set/control random-key",
		"trigger start-workflow/step functions guarded claim/control",
	})
}

// TestDynamoMarkerCheckThenAct: a DynamoDB marker read through the
// store's client interface (GetItem of the table the store's field
// names), the publish when there is none, then the marker's plain put
// into that table is check-then-act at the read, as an SQL select and
// insert of one table are (watch, in a loop that skips the item;
// baseline, whose first read of the same helper is of another marker:
// the second call is placed as a check too). A read of another marker
// alone, told apart from the write by the names the two calls are
// given, checks nothing (unchecked: unguarded). The
// marker claimed by a conditional put first guards the publish
// (claimed); a read of another table pairs with nothing (configured).
func TestDynamoMarkerCheckThenAct(t *testing.T) {
	line := guardLine(func(e effect.Effect) bool { return e.Kind == "publish" || e.Items })
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "dynmarkwp/..."), line)
	wantLines(t, got, []string{
		"baseline publish/eventbridge check-then-act read/store.Store.ControlTable set/store.Store.ControlTable check-then-act",
		"claimed publish/eventbridge guarded claim/store.Store.ControlTable",
		"configured publish/eventbridge set/store.Store.ControlTable read/store.Store.ConfigTable unguarded",
		"unchecked publish/eventbridge read/store.Store.ControlTable set/store.Store.ControlTable unguarded",
		"watch publish/eventbridge check-then-act read/store.Store.ControlTable set/store.Store.ControlTable check-then-act",
	})
}
