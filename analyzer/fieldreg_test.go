package analyzer_test

import (
	"path"
	"sort"
	"strings"
	"testing"
)

// TestFieldForwardRegistration: a method that registers its receiver's
// method value under its receiver's field (basew.Worker.Run) makes each
// composite literal of the type that names a task a registration of its
// own, in the literal's package (a fact): fieldregfix's Insert and Mark
// literals are one handler each, at their Name field; Dynamic's literal,
// whose name is computed, is one handler of unknown task. Each runs its
// own literal's Perform only (go vet: the literal's fields, not every
// value the package stores there).
func TestFieldForwardRegistration(t *testing.T) {
	var got []string
	for _, res := range runShared(t, "fieldregfix", "fieldregfix/basew") { // fixtures_test.go
		for _, h := range res.Handlers {
			reg := h.Registered[strings.LastIndexByte(h.Registered[:strings.LastIndexByte(h.Registered, ':')], ':')+1:]
			var effs []string
			for _, e := range h.Effects {
				effs = append(effs, e.Kind+"/"+e.Op+" "+e.Target)
			}
			got = append(got, path.Base(res.Package)+": "+h.Name+" "+h.Task+" "+reg+" "+h.Confidence+" "+map[bool]string{true: "per-registration", false: "one"}[h.PerRegistration]+": "+strings.Join(effs, ", "))
		}
	}
	sort.Strings(got)
	want := []string{
		"basew: basew.Worker.perform  21:15 high one: dynamic_call/call basew.Worker.Perform",
		"fieldregfix: basew.Worker.perform  59:26 high per-registration: db_write/update-set events",
		"fieldregfix: basew.Worker.perform Insert 28:7 high per-registration: db_write/insert events",
		"fieldregfix: basew.Worker.perform Mark 47:30 high per-registration: db_write/update-set events",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
