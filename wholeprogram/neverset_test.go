package wholeprogram_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
)

// TestNeverSetFuncField: a handler's call of a func-typed field that no
// production code sets (its setter is never called) runs no function;
// one the program wires keeps the effects of what it wires.
func TestNeverSetFuncField(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "neverset") {
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
		"leave medium db_write/insert evictions memory_write/delete neverset.Cache.users",
		"typing safe memory_write/set neverset.Cache.users",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
