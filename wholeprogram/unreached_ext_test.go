package wholeprogram_test

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/internal/fixtureload"
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
	// One load for all the fixtures (the package's shared load,
	// fixtures_test.go), each analysed twice from it: the standard
	// library they share is parsed and type-checked once, not
	// twenty-two times (three quarters of this test's CPU was loading).
	// Each fixture's analysis and resolution still start from its own
	// root packages, as a load of the fixture alone gives them; only the
	// loaded syntax and types are shared, which neither run changes
	// (releasing unreached bodies drops SSA blocks of the run's own
	// program).
	all := loadFixtures(t, fixtures...)
	for _, fx := range fixtures {
		t.Run(fx, func(t *testing.T) {
			roots := fixtureload.Roots(all, fx)
			if len(roots) == 0 {
				t.Fatalf("no package of %s loaded", fx)
			}
			kept, err := json.Marshal(byPosition(resolveLoaded(t, analyzer.Options{}, hooks, true, roots)))
			if err != nil {
				t.Fatal(err)
			}
			released, err := json.Marshal(byPosition(resolveLoaded(t, analyzer.Options{}, hooks, false, roots)))
			if err != nil {
				t.Fatal(err)
			}
			if string(kept) != string(released) {
				t.Errorf("results differ with the unreached bodies released:\nkept:     %s\nreleased: %s", kept, released)
			}
		})
	}
}

// byPosition puts each result's handlers in the order of their
// positions, the order every output has (inventory/build.go sorts them,
// diagnostics are sorted): a package's handlers come from discovery in
// the order its passes found them, which is not what this test compares
// (deepdynfix, with handlers in two files, lists them in either order).
func byPosition(rs []*result.Result) []*result.Result {
	for _, r := range rs {
		sort.SliceStable(r.Handlers, func(i, j int) bool { return r.Handlers[i].Pos < r.Handlers[j].Pos })
	}
	return rs
}
