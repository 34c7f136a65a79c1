package analyzer_test

import (
	"sort"
	"strings"
	"testing"
)

// TestForwardingRegistration: a closure registered by a forwarder whose
// task name is its parameter, through an interface method and a closure
// called as a value, is one handler per call that names a task
// (fwdregfix TaskHandler.func1: insert, update); the tasks' Execute
// methods, the embedded no-op and the payload decoder are not handlers;
// a forwarder called with names that are not constants stays one handler
// (Wrap.func1, at its own registration).
func TestForwardingRegistration(t *testing.T) {
	res := runShared(t, "fwdregfix")[0] // fixtures_test.go
	var got []string
	for _, h := range res.Handlers {
		reg := h.Registered[strings.LastIndexByte(h.Registered[:strings.LastIndexByte(h.Registered, ':')], ':')+1:]
		got = append(got, h.Name+" "+h.Task+" "+reg+" "+h.Confidence+" "+map[bool]string{true: "per-registration", false: "one"}[h.PerRegistration])
	}
	sort.Strings(got)
	want := []string{
		"fwdregfix.TaskHandler.func1 insert 90:9 high per-registration",
		"fwdregfix.TaskHandler.func1 update 91:9 high per-registration",
		"fwdregfix.Wrap.func1  96:26 high one",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
