package wholeprogram_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
)

// TestProvided: an interface call on a field go.uber.org/fx fills runs a
// method of what the constructor handed to fx.Provide returns (directly,
// or through a helper and fx.Annotate), and a callback it is handed runs
// too, each handler's own through a wrapper that passes it on; a constructor whose returned value is not traced to a concrete
// type resolves nothing.
func TestProvided(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "fxwhole") {
		for _, h := range res.Handlers {
			line := h.Task + " " + h.Risk.String()
			for _, e := range h.Effects {
				line += " " + e.Kind + "/" + e.Op + " " + e.Target
			}
			got = append(got, line)
		}
	}
	sort.Strings(got)
	want := []string{
		"fx-audited unknown dynamic_call/call (fxwhole.Audit).Record",
		"fx-pay medium db_write/insert payments",
		"fx-save medium db_write/insert orders",
		"fx-tx medium db_write/insert orders",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
