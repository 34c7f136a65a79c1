package main

import (
	"regexp"
	"strings"
	"testing"
)

// -debug=phases prints, on each phase's line, its wall time, its CPU, the
// heap at its end (and as the collector last found it live) and the peak
// RSS so far, in one format for every phase: where the memory of a run
// goes without -debug=mem's collections.
func TestDebugPhasesHeap(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	_, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "-debug=phases", "./...")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	line := regexp.MustCompile(`(?m)^jobeffects: phase (.+?) +[0-9]+\.[0-9]{2}s, cpu +[0-9]+\.[0-9]{2}s, heap +([0-9]+) MB \(live at the last GC +[0-9]+ MB\), peak RSS +([0-9]+) MB`)
	var names []string
	for _, m := range line.FindAllStringSubmatch(stderr, -1) {
		names = append(names, m[1])
		if m[2] == "0" || m[3] == "0" {
			t.Errorf("phase %s: a heap or peak RSS of 0 MB in %q", m[1], m[0])
		}
	}
	want := []string{"load", "per-package analysis", "whole: SSA built", "whole: call graphs", "whole: handlers", "whole: lifecycle rules"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("phase lines with the heap columns: %q, want %q in\n%s", names, want, stderr)
	}
}

// -debug=mem prints, after each phase, the live heap (its peak during the
// phase and what a collection leaves at its end) and the peak RSS, and the
// whole-program phase's steps; a run with it is never replayed, since the
// figures are the run's own.
func TestDebugMem(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	for i := 0; i < 2; i++ {
		_, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "-debug=mem", "./...")
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, stderr)
		}
		for _, want := range []string{"phase load", "phase per-package analysis", "phase whole: call graphs", "live heap peak", "peak RSS"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("run %d: no %q in\n%s", i, want, stderr)
			}
		}
		if strings.Contains(stderr, "cache hit") {
			t.Errorf("run %d replayed from the run cache:\n%s", i, stderr)
		}
	}
}
