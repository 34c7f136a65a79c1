package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A package that does not load costs its own handlers, not the inventory:
// inventory -o writes the file with an incomplete: section (each package
// and why), except over a complete inventory (a baseline), which stays
// with the new one beside it; -summary says so; on stdout the document is
// marked and stderr says so. Type errors name module-relative files.
// The runs after the edit are renderings of one analysis: the run cache
// replays it for each (a replay prints what the run from nothing printed:
// TestIncompleteRunReplayed), so the broken module is analysed once.
func TestIncompleteInventory(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	inv := filepath.Join(dir, "inv.yaml")
	if _, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "-o", inv, "./..."); code != 0 {
		t.Fatalf("clean module: exit %d\n%s", code, stderr)
	}
	complete, _ := os.ReadFile(inv)
	writeTree(t, dir, map[string]string{"broken/broken.go": "package broken\n\nfunc F() error { return undefinedThing() }\n"})

	// Over a complete inventory: kept, the new one beside it.
	_, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "-o", inv, "./...")
	if data, _ := os.ReadFile(inv); code != 2 || string(data) != string(complete) {
		t.Errorf("over a complete inventory: exit %d, file changed:\n%s\n%s", code, data, stderr)
	}
	partial, _ := os.ReadFile(inv + ".partial")
	const want = "incomplete:\n  - package: example.com/ledger/broken\n    reason: 'broken/broken.go:3:25: undefined: undefinedThing'\n"
	if !strings.Contains(string(partial), want) || !strings.Contains(string(partial), "handler: example.com/ledger/jobs.Add") {
		t.Errorf("the partial inventory lacks the incomplete section or the handler that loaded:\n%s", partial)
	}
	if !strings.Contains(stderr, "\nbroken/broken.go:3:25: undefined: undefinedThing\n") && !strings.HasPrefix(stderr, "broken/broken.go:3:25:") {
		t.Errorf("the type error does not name the module-relative file:\n%s", stderr)
	}

	// No file yet (or an incomplete one): written, marked, said.
	for _, name := range []string{"new.yaml", "inv.yaml.partial"} {
		out := filepath.Join(dir, name)
		_, stderr, code = runCmdEnv(t, dir, env, binary, "inventory", "-summary", "-o", out, "./...")
		data, err := os.ReadFile(out)
		if code != 2 || err != nil || !strings.Contains(string(data), want) {
			t.Errorf("-o %s: exit %d, %v:\n%s", name, code, err, data)
		}
		if !strings.Contains(stderr, "incomplete: 1 package not analysed, their handlers missing (listed under incomplete:)") {
			t.Errorf("-summary does not say the inventory is incomplete:\n%s", stderr)
		}
	}

	// On stdout.
	stdout, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "./...")
	if code != 2 || !strings.Contains(stdout, want) || !strings.Contains(stderr, "jobeffects: the inventory on stdout is incomplete: 1 package not analysed") {
		t.Errorf("stdout: exit %d\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// A run with a type error is an analysis like any other: with the same
// inputs it is replayed — the same errors, the same incomplete section,
// exit 2 — and fixing the error is a miss (issue 31).
func TestIncompleteRunReplayed(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel,
		"broken/broken.go": "package broken\n\nfunc F() error { return undefinedThing() }\n",
	})
	env := []string{"JOBEFFECTS_CACHE_DIR=" + t.TempDir()}
	first := runOutcome(t, dir, env, "inventory", "./...")
	_, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "-debug=phases", "./...")
	_, again, _ := runCmdEnv(t, dir, env, binary, "inventory", "-debug=phases", "./...")
	if first.code != 2 || code != 2 || !strings.Contains(again, "jobeffects: cache hit") || !strings.Contains(again, "undefined: undefinedThing") {
		t.Errorf("exit %d then %d; the rerun should replay the errors:\n%s\n---\n%s", first.code, code, stderr, again)
	}
	if second := runOutcome(t, dir, env, "inventory", "./..."); second != first {
		t.Errorf("the replay differs:\n%+v\n%+v", second, first)
	}
	writeTree(t, dir, map[string]string{"broken/broken.go": "package broken\n\nfunc F() error { return nil }\n"})
	if fixed := runOutcome(t, dir, env, "inventory", "./..."); fixed.code != 0 {
		t.Errorf("after the fix: exit %d\n%s", fixed.code, fixed.stderr)
	}
}

// A package with a type error in one file is analysed for the rest
// (issue 28): a handler that calls its well-typed functions is decided
// from their code; one that calls the ill-typed function is unknown, with
// the type error's file:line as the reason; the package is still listed
// under incomplete: and the exit is 2.
func TestIllTypedPartial(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel,
		"repo/repo.go": `package repo

import "example.com/ledger/store"

// Mark is well typed.
func Mark(id string) error {
	return store.Exec("insert into ledger(id) values ($1)", id)
}
`,
		"repo/bad.go": `package repo

import "example.com/ledger/store"

// Credit does not type-check.
func Credit(id string) error {
	return store.Exec("insert into ledger(id) values ($1)", undefinedAmount(id))
}
`,
		"jobs/more.go": `package jobs

import "example.com/ledger/repo"

//jobeffects:handler ledger:mark
func Mark(id string) error {
	return repo.Mark(id)
}

//jobeffects:handler ledger:credit
func Credit(id string) error {
	return repo.Credit(id)
}
`,
	})
	env := []string{"JOBEFFECTS_CACHE=off"}
	stdout, stderr, code := runCmdEnv(t, dir, env, binary, "inventory", "./...")
	if code != 2 || !strings.Contains(stderr, "repo/bad.go:7:58: undefined: undefinedAmount") {
		t.Fatalf("exit %d (want 2, the type error printed):\n%s", code, stderr)
	}
	handler := func(name string) string {
		i := strings.Index(stdout, "handler: example.com/ledger/jobs."+name+"\n")
		if i < 0 {
			t.Fatalf("no handler jobs.%s:\n%s", name, stdout)
		}
		rest := stdout[i:]
		if j := strings.Index(rest[1:], "\n  - "); j >= 0 {
			rest = rest[:j+1]
		}
		return rest
	}
	mark := handler("Mark")
	if !strings.Contains(mark, "risk: medium") || !strings.Contains(mark, "rule: unguarded") || strings.Contains(mark, "kind: unknown") {
		t.Errorf("jobs.Mark, which calls only well-typed code, should be decided from it:\n%s", mark)
	}
	credit := handler("Credit")
	if !strings.Contains(credit, "risk: unknown") || !strings.Contains(credit, "repo.Credit does not type-check, so it was not analysed: repo/bad.go:7:58: undefined: undefinedAmount") {
		t.Errorf("jobs.Credit should be unknown because of repo/bad.go:7:58:\n%s", credit)
	}
	if !strings.Contains(stdout, "incomplete:\n  - package: example.com/ledger/repo\n") {
		t.Errorf("the ill-typed package should stay listed under incomplete:\n%s", stdout)
	}
}

// A package importing a module go.mod does not require (as when the
// module proxy refuses one) has no type error of its own: its import is a
// package with load errors, left without bodies. The whole program must
// still create that import before building the importer (the loading
// model of stop 57 panicked in SSA there): exit 2, the error said, the
// rest analysed.
func TestUnrequiredModuleImport(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml": storeModel,
		"broken/broken.go": "package broken\n\nimport _ \"example.org/not/required\"\n",
	})
	stdout, stderr, code := runCmdEnv(t, dir, []string{"JOBEFFECTS_CACHE=off"}, binary, "inventory", "./...")
	if code != 2 || strings.Contains(stderr, "panic") || !strings.Contains(stderr, "example.org/not/required") ||
		!strings.Contains(stdout, "handler: example.com/ledger/jobs.Add") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
