package wholeprogram_test

import (
	"encoding/json"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
)

// Releasing the bodies the slice does not reach changes no result: every
// whole-program fixture of the list resolves to the same handlers, effects and
// findings with the bodies kept (KeepUnreached) and released.
func TestReleaseUnreachedSameResults(t *testing.T) {
	if testing.Short() {
		t.Skip("loads eleven whole-program fixtures twice")
	}
	// One fixture of each later step that reads SSA bodies: library
	// boundaries (and assembly), callbacks and their arguments, channel
	// aliases, local dispatch, registries, never-set fields, routes, and
	// the deepest resolved paths.
	fixtures := []string{
		"wpboundary", "asmwhole/...", "txcallback", "claimcbwhole/app", "chanalias/service",
		"dispatchfix", "registryfix", "neverset", "nilcall/...", "routefix", "deepdynfix",
	}
	hooks := analyzer.Hooks{KeepSummaries: true, Whole: true}
	for _, fx := range fixtures {
		t.Run(fx, func(t *testing.T) {
			kept, err := json.Marshal(resolveKeep(t, analyzer.Options{}, hooks, true, fx))
			if err != nil {
				t.Fatal(err)
			}
			released, err := json.Marshal(resolveKeep(t, analyzer.Options{}, hooks, false, fx))
			if err != nil {
				t.Fatal(err)
			}
			if string(kept) != string(released) {
				t.Errorf("results differ with the unreached bodies released:\nkept:     %s\nreleased: %s", kept, released)
			}
		})
	}
}
