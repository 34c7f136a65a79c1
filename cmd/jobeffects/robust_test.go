package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jobeffects/jobeffects/analyzer"
)

// testdata/robust is a module of three small packages: lz imports
// github.com/ulikunitz/xz/lzma v0.5.12 (its only dependency, which has none
// besides the standard library), failing is the package the containment
// tests make fail, user imports it.

// xz v0.5.12's lzma once made the summariser recurse until the stack
// overflowed, which no recover can catch: every run with xz among its
// dependencies died, and under go vet every importer failed for want of
// its facts file. Both drivers analyse it cleanly now. Only lz and its
// imports are analysed (lzma, xz's internal/xlog, the standard library).
func TestXZAnalysesCleanly(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "robust")
	env := []string{"JOBEFFECTS_CACHE=off"}

	start := time.Now()
	stdout, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "./lz")
	t.Logf("inventory ./lz: %s", time.Since(start).Round(time.Millisecond))
	if code != 0 || stderr != "" {
		t.Fatalf("inventory ./lz: exit %d, stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "handlers: []") {
		t.Errorf("inventory ./lz: want an empty inventory, got:\n%s", stdout)
	}

	// go vet without JOBEFFECTS_CACHE=off: that turns off only what is
	// kept across go vet's units (the standard library's vetx files, the
	// parsed catalog: stdvetx.go, catalogcache.go), never go vet's own
	// cache of lz and lzma; with it, each unit parsed the catalog again
	// and the standard units were type-checked again.
	start = time.Now()
	stdout, stderr, code = runCmdEnv(t, dir, nil, "go", "vet", "-vettool="+binary, "./lz")
	t.Logf("go vet ./lz: %s", time.Since(start).Round(time.Millisecond))
	if code != 0 || stdout+stderr != "" {
		t.Fatalf("go vet ./lz: exit %d, output:\n%s%s", code, stdout, stderr)
	}
}

// A package whose analysis fails (here on purpose) is reported with
// analysis-failed and exports no facts; the packages importing it are
// still analysed, under go vet without a missing vetx file.
func TestAnalysisFailureContained(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "robust")
	// A value of its own for each go vet run: it is part of go vet's cache
	// key, so go vet analyses the packages again instead of replaying its
	// cache (which keeps a package's output from its first run, as a
	// dependency or as a root).
	failing := "example.com/robust/failing"
	panicking := fmt.Sprintf("%s=%s,run-%d", analyzer.TestPanicEnv, failing, time.Now().UnixNano())
	// The command's runs read no cache (no fact of failing's from a run
	// that did not fail it). go vet's keep the standard library's units
	// and the compiled catalog (stdvetx.go, catalogcache.go): neither
	// depends on the forced failure, which names a package of the module,
	// and with JOBEFFECTS_CACHE=off each go vet type-checked the two
	// hundred standard units again (about 2.5 CPU s of its 6).
	env := []string{"JOBEFFECTS_CACHE=off", panicking}
	vetEnv := []string{panicking}
	const failed = "could not analyse package example.com/robust/failing (internal error: JOBEFFECTS_TEST_PANIC names this package at analyzer/failure.go:"
	const badIgnore = "user/user.go:18:1: bad-ignore: //jobeffects:ignore needs a rule and a reason"

	t.Run("vet importer", func(t *testing.T) {
		_, stderr, code := runCmdEnv(t, dir, vetEnv, "go", "vet", "-vettool="+binary, "./user")
		if code != 1 {
			t.Errorf("exit %d, want 1 (the importer's diagnostic)", code)
		}
		// go vet shows no diagnostics of a dependency: the warning says it.
		for _, want := range []string{"jobeffects: warning: jobeffects " + failed, badIgnore} {
			if !strings.Contains(stderr, want) {
				t.Errorf("output lacks %q:\n%s", want, stderr)
			}
		}
		// The handler's effect through the failed package is read from
		// the callee's name (by: name), never from facts a half-finished
		// analysis exported (which would say "audit.log").
		if strings.Contains(stderr, "vetx") || strings.Contains(stderr, "audit.log") {
			t.Errorf("the importer saw the failed package's facts, or lacked its facts file:\n%s", stderr)
		}
		if !strings.Contains(stderr, "inferred from the name failing.Append") {
			t.Errorf("the importer should read failing.Append from its name:\n%s", stderr)
		}
	})
	t.Run("vet both", func(t *testing.T) {
		_, stderr, code := runCmdEnv(t, dir, []string{panicking + "-both"}, "go", "vet", "-vettool="+binary, "./user", "./failing")
		if code != 1 {
			t.Errorf("exit %d, want 1 (diagnostics)", code)
		}
		for _, want := range []string{"failing/failing.go:3:1: jobeffects " + failed, badIgnore} {
			if !strings.Contains(stderr, want) {
				t.Errorf("output lacks %q:\n%s", want, stderr)
			}
		}
		if strings.Contains(stderr, "vetx") {
			t.Errorf("an importer failed for want of the failed package's facts:\n%s", stderr)
		}
	})
	t.Run("command", func(t *testing.T) {
		_, stderr, code := runCmdEnv(t, dir, env, binary, "./...")
		if code != 2 {
			t.Errorf("exit %d, want 2: a package's handlers are missing", code)
		}
		for _, want := range []string{"failing/failing.go:3:1: jobeffects " + failed, badIgnore} {
			if !strings.Contains(stderr, want) {
				t.Errorf("output lacks %q:\n%s", want, stderr)
			}
		}
	})
	t.Run("inventory importer", func(t *testing.T) {
		stdout, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "./user")
		if code != 0 {
			t.Errorf("exit %d, want 0: the failed package is a dependency", code)
		}
		if !strings.Contains(stderr, "jobeffects: warning: jobeffects "+failed) {
			t.Errorf("stderr lacks the failed dependency's warning:\n%s", stderr)
		}
		// No facts: the handler's effect through the failed package is
		// read from the callee's name, never the effect a half-finished
		// analysis exported.
		for _, want := range []string{"task: audit", "target: failing.Append", "by: name", "whose package was not analysed"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("inventory lacks %q:\n%s", want, stdout)
			}
		}
		if strings.Contains(stdout, "audit.log") {
			t.Errorf("the inventory shows the failed package's effect: its facts were exported:\n%s", stdout)
		}
	})
}

// whole/broken does not type-check: *broken.Client embeds a field of
// invalid type, which go/types lets implement every interface, and its
// Send's signature is not jobs.Sender's. The class-hierarchy call graph
// once made it a callee of jobs.Notify's sender.Send, and VTA panicked on
// it (graph.go: the call's one result read as the callee's tuple),
// killing the run. The call graph now keeps only the methods whose
// signature is the interface method's; a panic in a step of the
// whole-program phase is an error naming the step and what it concerned
// (exit 2), and what the step could not decide keeps its per-package
// answer: the interface call unknown, the other handler reported.
func TestWholeProgramFailureContained(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "robust")
	const loadErr = "whole/broken/broken.go:9:21: undefined: rest"
	const notifyPos = "whole/jobs/jobs.go:26:6"
	for _, tc := range []struct {
		name, force string
		failure     string // the error's start, "" for none
		notify      []string
	}{
		{name: "resolved", notify: []string{"risk: medium", "target: outbox.log", "rule: unguarded"}},
		{name: "vta", force: "whole:the call graph (VTA)",
			failure: "jobeffects: whole-program phase failed in the call graph (VTA): internal error: JOBEFFECTS_TEST_PANIC names this step at wholeprogram/contain.go:",
			notify:  []string{"risk: unknown", "target: (jobs.Sender).Send"}},
		{name: "handler", force: "whole:resolving handler example.com/robust/whole/jobs.Notify",
			failure: "jobeffects: whole-program phase failed in resolving handler example.com/robust/whole/jobs.Notify (" + notifyPos + "): internal error: JOBEFFECTS_TEST_PANIC names this step",
			notify:  []string{"risk: unknown", "target: (jobs.Sender).Send"}},
		{name: "ssa", force: "whole:the program's SSA: example.com/robust/whole/jobs",
			failure: "jobeffects: whole-program phase failed in the program's SSA (package example.com/robust/whole/jobs: internal error: JOBEFFECTS_TEST_PANIC names this step",
			notify:  []string{"risk: unknown", "target: (jobs.Sender).Send"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env := []string{"JOBEFFECTS_CACHE=off", analyzer.TestPanicEnv + "=" + tc.force}
			stdout, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "./whole/...")
			if code != 2 {
				t.Errorf("exit %d, want 2 (a package that does not type-check)", code)
			}
			if strings.Contains(stderr, "panic") && tc.failure == "" {
				t.Errorf("the run panicked:\n%s", stderr)
			}
			for _, want := range []string{loadErr, tc.failure} {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
			if tc.failure == "" && strings.Contains(stderr, "whole-program phase failed") {
				t.Errorf("an unforced failure:\n%s", stderr)
			}
			cleanup, notify, ok := strings.Cut(stdout, "task: notify")
			if !ok || !strings.Contains(cleanup, "task: cleanup") {
				t.Fatalf("inventory lacks a handler:\n%s", stdout)
			}
			if !strings.Contains(cleanup[strings.Index(cleanup, "task: cleanup"):], "risk: safe") {
				t.Errorf("cleanup is not reported as before:\n%s", stdout)
			}
			for _, want := range tc.notify {
				if !strings.Contains(notify, want) {
					t.Errorf("notify lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
}
