package analyzer_test

import (
	"sort"
	"strings"
	"testing"
)

// TestPerRegistration: a closure registered under several tasks is one
// handler per registration, each with its own task and registration
// (perregfix byChannel, registered as default and broadcast, and any, as
// any-a and any-b); one registered once stays one handler (once).
func TestPerRegistration(t *testing.T) {
	res := runShared(t, "perregfix")[0] // fixtures_test.go
	var got []string
	for _, h := range res.Handlers {
		reg := h.Registered[strings.LastIndexByte(h.Registered[:strings.LastIndexByte(h.Registered, ':')], ':')+1:]
		got = append(got, h.Name+" "+h.Task+" "+reg+" "+map[bool]string{true: "per-registration", false: "one"}[h.PerRegistration])
	}
	sort.Strings(got)
	want := []string{
		"perregfix.any.func1 any-a 79:16 per-registration",
		"perregfix.any.func1 any-b 80:16 per-registration",
		"perregfix.byChannel.func1 broadcast 77:16 per-registration",
		"perregfix.byChannel.func1 default 76:16 per-registration",
		"perregfix.once.func1 once 78:16 one",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
