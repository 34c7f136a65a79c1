package e2etest

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// compileFirst compiles the packages of the module in dir and their
// dependencies, once per directory and test binary, before the first go
// command there that compiles them (go vet, go test, go build) runs.
//
// Why: the build cache shares finished work, not work in progress. The
// tests of a package run in parallel, and several run go commands on the
// same module at once (go vet in three forms, go test of the ground
// truth, golangci-lint's and gorm's checks), and the test binaries of
// the framework modules start their first go vet together: each go
// command compiled the same dependencies — the standard library's among
// them — at the same time. One compile at a time, machine-wide (a file
// lock under GOCACHE), leaves every later command the cache; each compile
// is parallel itself (-p), so nothing waits on an idle core.
//
// go list -export compiles with the actions go vet and go build use (the
// same cache entries); -e: a module with broken packages (testdata/broken)
// compiles what it can and the test's own command reports the rest.
func compileFirst(dir string, args []string) {
	if len(args) == 0 || (args[0] != "vet" && args[0] != "test" && args[0] != "build") {
		return
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	v, _ := compiled.LoadOrStore(abs, new(sync.Once))
	v.(*sync.Once).Do(func() {
		compileMu.Lock()
		defer compileMu.Unlock()
		if unlock := lockCompile(); unlock != nil {
			defer unlock()
		}
		cmd := exec.Command("go", "list", "-e", "-export", "-deps", "./...")
		cmd.Dir = abs
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		_ = cmd.Run()
	})
}

var (
	compiled  sync.Map // absolute directory → *sync.Once
	compileMu sync.Mutex
)

// lockCompile takes the machine-wide compile lock
// (GOCACHE/jobeffects-e2e/compile.lock) and returns its release, or nil
// where there is none (no GOCACHE, no file lock): then test binaries
// compile side by side as before.
func lockCompile() func() {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	gocache := strings.TrimSpace(string(out))
	if err != nil || gocache == "" || gocache == "off" {
		return nil
	}
	dir := filepath.Join(gocache, "jobeffects-e2e")
	if os.MkdirAll(dir, 0o755) != nil {
		return nil
	}
	unlock, err := lockFile(filepath.Join(dir, "compile.lock"))
	if err != nil {
		return nil
	}
	return unlock
}
