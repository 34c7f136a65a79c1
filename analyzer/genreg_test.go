package analyzer_test

import (
	"sort"
	"strings"
	"testing"
)

// TestGenericRegistrar: a registrar in another package that wraps the
// function it is given in a closure calling it with the job's args
// (genreg/jobs RegisterWorkerFunc[A], river.AddWorker[A] of
// river.WorkFunc(func(ctx, j) { return work(ctx, j.Args) })), or hands
// it to the framework itself (RegisterJobFunc[A]), forwards it: each
// caller's argument, a method value or a plain function, is a handler
// registered at the call, its task the Kind() of the type argument
// instantiated there (funcadapter.go, Forward.KindTypeArg). A non-generic
// registrar names the task itself (RegisterExport). The closures stay
// handlers of unknown task (a registrar nothing calls still registers
// them): each names its registrar (Adapts), and each handler registered
// through a registrar names it (Via), also through a registrar of the
// program that calls one (registerTraced calling RegisterTimed), so the
// whole program can drop the closures of those a handler comes through
// (wholeprogram's TestAdapterClosures); a closure that calls its parameter
// with nothing of the job (a callback, RegisterPing) is the only handler
// of its registration.
func TestGenericRegistrar(t *testing.T) {
	res := runShared(t, "genreg/jobs", "genreg") // fixtures_test.go
	var got []string
	for _, r := range res {
		for _, h := range r.Handlers {
			reg := ""
			if h.Registered != "" {
				reg = h.Registered[strings.LastIndexByte(h.Registered[:strings.LastIndexByte(h.Registered, ':')], '/')+1:]
			}
			line := r.Package + ": " + h.Name + " " + h.Framework + " " + h.Task + " " + reg
			if h.Adapts != "" {
				line += " adapts " + h.Adapts
			}
			if len(h.Via) > 0 {
				line += " via " + strings.Join(h.Via, ",")
			}
			got = append(got, line)
		}
	}
	sort.Strings(got)
	want := []string{
		"genreg/jobs: jobs.RegisterExport.func1 river export-report jobs.go:36:17 adapts genreg/jobs.RegisterExport",
		"genreg/jobs: jobs.RegisterPing.func1 river ping jobs.go:48:17",
		"genreg/jobs: jobs.RegisterTimed.func1 river  jobs.go:58:20 adapts genreg/jobs.RegisterTimed",
		"genreg/jobs: jobs.RegisterUnused.func1 river  jobs.go:67:20 adapts genreg/jobs.RegisterUnused",
		"genreg/jobs: jobs.RegisterWorkerFunc.func1 river  jobs.go:20:20 adapts genreg/jobs.RegisterWorkerFunc",
		"genreg: (*genreg.Service).audit river audit genreg.go:24:16 via genreg/jobs.RegisterTimed",
		"genreg: (*genreg.Service).export river export-report genreg.go:22:21 via genreg/jobs.RegisterExport",
		"genreg: (*genreg.Service).handleSyncUser river sync-user genreg.go:19:25 via genreg/jobs.RegisterWorkerFunc",
		"genreg: genreg.cleanup river cleanup genreg.go:20:25 via genreg/jobs.RegisterWorkerFunc",
		"genreg: genreg.touch river touch genreg.go:21:22",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
