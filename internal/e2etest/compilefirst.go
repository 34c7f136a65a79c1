package e2etest

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// compileFirst compiles the packages a go command names in dir (its
// relative patterns, "./..." when it names none) and their dependencies,
// once per directory, patterns and test binary, before that go command
// (go vet, go test, go build) runs. Only the named packages: a test that
// runs go vet on a few packages of a large module (consumers: 90 of 569
// dependencies) must not compile the whole module first. go test and go
// vet add -test (vet checks test files too), so the test variants'
// dependencies are compiled too.
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
//
// Its CPU is logged with the commands' (logCPU, JOBEFFECTS_TEST_CPULOG) as
// "go list …" under the test that first asked: on empty caches (CI) it is
// most of what a go vet of a module costs, and a profile without it named
// the go vet that came after as the cost.
func compileFirst(t testing.TB, dir string, args []string) {
	if len(args) == 0 || (args[0] != "vet" && args[0] != "test" && args[0] != "build") {
		return
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	list := []string{"list", "-e", "-export", "-deps"}
	if args[0] == "test" || args[0] == "vet" {
		list = append(list, "-test") // go vet checks the test files too
	}
	var patterns []string
	for _, a := range args[1:] {
		if strings.HasPrefix(a, ".") {
			patterns = append(patterns, a)
		}
	}
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	list = append(list, patterns...)
	v, _ := compiled.LoadOrStore(abs+"\x00"+strings.Join(list, " "), new(sync.Once))
	v.(*sync.Once).Do(func() {
		compileMu.Lock()
		defer compileMu.Unlock()
		if unlock := lockCompile(); unlock != nil {
			defer unlock()
		}
		cmd := exec.Command("go", list...)
		cmd.Dir = abs
		cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
		start := time.Now()
		_ = cmd.Run()
		logCPU(t, cmd, start, "go", list)
	})
}

var (
	compiled  sync.Map // absolute directory and go list arguments → *sync.Once
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
