// Package e2etest holds what the end-to-end tests share: building the
// jobeffects binary once for the test binaries of a go test run, running it (and go vet) in the
// example modules under testdata the way users do, and reading what they
// print. The tests live in several packages so that each stays well inside
// go test's per-package timeout: cmd/jobeffects (the command on the
// example, clean and broken modules) and one package per framework module
// under cmd/jobeffects/modules (consumers, drivers, ecosystem, locks, routes, saas, shapes).
package e2etest

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
)

// Build builds the command and points the run and fact caches at a
// temporary directory of this test binary's (a module's runs are replayed
// only within it). It returns the binary and a cleanup function.
//
// The binary is shared by the test binaries of one go test run (the
// command's own and one per framework module): each used to link its own
// copy of the same build. Where a file lock is available (unix), the build
// goes to a fixed path under GOCACHE, locked, so that go build relinks
// only when the sources changed (it compares the file's build ID with the
// build's); the test binary then runs a copy in a directory named by its
// content, which a later build for other sources never overwrites. Elsewhere
// each test binary builds its own, as before.
func Build() (binary string, cleanup func(), err error) {
	dir, err := os.MkdirTemp("", "jobeffects-e2e")
	if err != nil {
		return "", nil, err
	}
	if binary, err = buildShared(); err != nil {
		binary = filepath.Join(dir, "jobeffects"+exeSuffix())
		err = goBuild(binary)
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	os.Setenv("JOBEFFECTS_CACHE_DIR", filepath.Join(dir, "cache"))
	if shared := filepath.Dir(filepath.Dir(binary)); filepath.Base(filepath.Dir(shared)) == "jobeffects-e2e" {
		// The standard library's vet units (cmd/jobeffects/stdvetx.go)
		// are one set for all the test binaries: keyed by the build and
		// the files, not by a module's config, they are what every
		// module's go vet repeats under its own version line.
		os.Setenv("JOBEFFECTS_VETX_CACHE_DIR", filepath.Join(shared, "vetx"))
	}
	return binary, func() { os.RemoveAll(dir) }, nil
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// goBuild builds the command into binary.
func goBuild(binary string) error {
	cmd := exec.Command("go", "build", "-o", binary, "github.com/jobeffects/jobeffects/cmd/jobeffects")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building jobeffects: %v\n%s", err, out)
	}
	return nil
}

// buildShared builds the command at GOCACHE/jobeffects-e2e/<this
// checkout>/build (under a lock: the test binaries of a go test run start
// side by side) and returns a copy of it named by its content's SHA-256.
// An error (no lock here, no GOCACHE) makes Build build its own.
func buildShared() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("no caller")
	}
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	gocache := strings.TrimSpace(string(out))
	if err != nil || gocache == "" || gocache == "off" {
		return "", fmt.Errorf("no GOCACHE")
	}
	// One directory per checkout: two worktrees' tests do not take turns
	// rebuilding one file.
	root := sha256.Sum256([]byte(filepath.Dir(file)))
	shared := filepath.Join(gocache, "jobeffects-e2e", hex.EncodeToString(root[:8]))
	if err := os.MkdirAll(shared, 0o755); err != nil {
		return "", err
	}
	unlock, err := lockFile(filepath.Join(shared, "lock"))
	if err != nil {
		return "", err
	}
	defer unlock()
	build := filepath.Join(shared, "build"+exeSuffix())
	if err := goBuild(build); err != nil {
		return "", err
	}
	f, err := os.Open(build)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	_, err = io.Copy(h, f)
	f.Close()
	if err != nil {
		return "", err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	// The file is named jobeffects, as the command calls itself in
	// what it prints; its directory is named by the content.
	binDir := filepath.Join(shared, "bin-"+sum[:24])
	binary := filepath.Join(binDir, "jobeffects"+exeSuffix())
	if _, err := os.Stat(binary); err == nil {
		return binary, nil
	}
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return "", err
	}
	// A copy, not a hard link: go build may rewrite build in place (it
	// copies a linked binary it finds in its cache into the file).
	if err := copyFile(build, binary+".tmp"); err != nil {
		return "", err
	}
	if err := os.Rename(binary+".tmp", binary); err != nil {
		return "", err
	}
	// The copies of earlier builds (other sources) older than a day go:
	// a test binary that started from one has long ended.
	old, _ := filepath.Glob(filepath.Join(shared, "bin-*"))
	for _, p := range old {
		if fi, err := os.Stat(p); err == nil && p != binDir && time.Since(fi.ModTime()) > 24*time.Hour {
			os.RemoveAll(p)
		}
	}
	// So do the standard units of earlier builds (keyed by the build).
	_ = filepath.WalkDir(filepath.Join(shared, "vetx"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil && time.Since(fi.ModTime()) > 24*time.Hour {
				os.Remove(p)
			}
		}
		return nil
	})
	return binary, nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// TestdataDir is the absolute path of the repository's testdata/name.
func TestdataDir(t testing.TB, name string) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", name)
}

// Run runs a command in dir with extra environment variables (nil: none)
// and returns stdout, stderr and the exit code. The go command's progress
// lines are dropped from its stderr.
func Run(t testing.TB, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	if name == "go" {
		compileFirst(t, dir, args)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	logCPU(t, cmd, start, name, args)
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		code = ee.ExitCode()
	}
	errText := stderr.String()
	if name == "go" {
		errText = WithoutProgress(errText)
	}
	return stdout.String(), errText, code
}

// logCPU appends, with JOBEFFECTS_TEST_CPULOG=file, each command's CPU
// (its own and its children's: go vet's compiles and vet tool runs) and
// wall time to that file, to find what makes a test package slow.
func logCPU(t testing.TB, cmd *exec.Cmd, start time.Time, name string, args []string) {
	f := os.Getenv("JOBEFFECTS_TEST_CPULOG")
	if f == "" || cmd.ProcessState == nil {
		return
	}
	lf, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer lf.Close()
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	fmt.Fprintf(lf, "%s\t%.1f\t%.1f\t%s %v\n", t.Name(), cpu.Seconds(), time.Since(start).Seconds(), filepath.Base(name), args)
}

// WithoutProgress drops what the go command says about its own work
// ("go: downloading m v1.2.3", "go: extracting …") from its stderr: on a
// machine with an empty module cache go vet prints those lines before the
// diagnostics, and a test must not depend on the cache's state. Anything
// else the go command says (an error) is kept and fails the comparison.
func WithoutProgress(s string) string {
	if s == "" {
		return s
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		if ProgressLine(line) {
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// ProgressLine reports whether line is the go command's progress.
func ProgressLine(line string) bool {
	for _, p := range []string{"go: downloading ", "go: extracting ", "go: finding ", "go: found "} {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// Diagnostics splits vet-style text into diagnostics (a line plus its
// indented Related lines), sorted: go vet prints packages in build order.
func Diagnostics(text string) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.Contains(line, ": \t") && len(out) > 0:
			out[len(out)-1] += "\n" + line
		default:
			out = append(out, line)
		}
	}
	sort.Strings(out)
	return out
}

// FindingSet maps "file:line:col rule" to the diagnostic's first line.
func FindingSet(out string) map[string]string {
	set := map[string]string{}
	for _, d := range Diagnostics(out) {
		first := strings.SplitN(d, "\n", 2)[0]
		parts := strings.SplitN(first, ": ", 3)
		if len(parts) < 3 {
			continue
		}
		set[parts[0]+" "+parts[1]] = first
	}
	return set
}

// Golden compares got with testdata/golden/name, or rewrites the file
// first with update (go test -update).
func Golden(t testing.TB, name string, got []byte, update bool) {
	t.Helper()
	path := filepath.Join(TestdataDir(t, "golden"), name)
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// CopyModule copies the module tree src to dst, so that a test can change
// it, and rewrites its go.mod's relative replace directives (the example
// module replaces this repository with ../..) to absolute paths: a copy
// elsewhere builds the same code as the original.
func CopyModule(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if rel == "go.mod" {
			if data, err = absoluteReplaces(p, data, src); err != nil {
				return err
			}
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// absoluteReplaces rewrites go.mod's replace directives whose target is a
// relative directory to that directory's absolute path under dir.
func absoluteReplaces(path string, data []byte, dir string) ([]byte, error) {
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return nil, err
	}
	changed := false
	for _, r := range f.Replace {
		if r.New.Version == "" && modfile.IsDirectoryPath(r.New.Path) && !filepath.IsAbs(r.New.Path) {
			abs, err := filepath.Abs(filepath.Join(dir, r.New.Path))
			if err != nil {
				return nil, err
			}
			if err := f.AddReplace(r.Old.Path, r.Old.Version, abs, ""); err != nil {
				return nil, err
			}
			changed = true
		}
	}
	if !changed {
		return data, nil
	}
	return f.Format()
}

// shared holds the outputs of RunShared's commands, one per distinct
// command line, directory and environment.
var shared sync.Map // string → *sharedRun

type sharedRun struct {
	once           sync.Once
	stdout, stderr string
	code           int
}

// Main builds the command once for a test binary, points *binary at it,
// runs the tests and exits: the TestMain of every end-to-end package.
func Main(m *testing.M, binary *string) {
	flag.Parse()
	bin, cleanup, err := Build()
	if err != nil {
		panic(err)
	}
	*binary = bin
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// RunShared is Run for a command that only reads its directory (go vet or
// the command on an unchanged example module): the first test to ask runs
// it, and every other test of the binary, in parallel or later, gets the
// same output instead of redoing minutes of work. Never for a run whose
// inputs a test changes in between.
func RunShared(t testing.TB, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	key := strings.Join(append(append([]string{dir, name}, args...), env...), "\x00")
	v, _ := shared.LoadOrStore(key, &sharedRun{})
	r := v.(*sharedRun)
	r.once.Do(func() { r.stdout, r.stderr, r.code = Run(t, dir, env, name, args...) })
	return r.stdout, r.stderr, r.code
}

// VetEqualsCommand checks that go vet reports the command's findings on a
// framework module (dir): the same
// handlers with the same rules (cmd/jobeffects checks the example and
// clean modules the same way). The shapes that differ (README, "go vet
// and the command") are a library callback registered in another package
// (a gorm callback, an ent hook), which only the command joins to the
// operations that run it, and a channel made in one package and kept in
// fields of other packages' types, which only the command follows.
// wholeOnly are the files (module-relative, "jobs/gates.go") whose
// handlers test the outcome of a claim helper reached through an
// interface another package implements: only the command has both the
// handler's code and the helper's, and decides what the claim guards
// there (wholeprogram/claims.go), or return on the failure of a create
// reached through such an interface before further effects, which only
// the command places after the create (wholeprogram/afterdup.go); go vet
// reports the effects after it as they are. Their findings are not
// compared.
//
// vetPkgs names the packages go vet itself runs on (PerPackage): the
// per-package answer compared is the CLI's, checked against go vet there.
func VetEqualsCommand(t *testing.T, binary, dir string, vetPkgs []string, wholeOnly ...string) {
	t.Helper()
	vetOut, _ := PerPackage(t, binary, dir, vetPkgs)
	cliOut := BothAnswers(t, binary, dir).Stderr // the same run as PerPackage's
	vet, cli := FindingSet(vetOut), FindingSet(cliOut)
	skip := func(f string) bool {
		for _, file := range wholeOnly {
			if strings.HasPrefix(f, file+":") {
				return true
			}
		}
		return false
	}
	for f, line := range vet {
		if strings.HasSuffix(f, " unresolved") || skip(f) {
			continue
		}
		if _, ok := cli[f]; !ok {
			t.Errorf("go vet reports what the command does not:\n%s", line)
		}
	}
	for f, line := range cli {
		if _, ok := vet[f]; ok || skip(f) || strings.Contains(line, "run by the operation as its") {
			continue
		}
		// The claim tables' lifecycle needs the whole program (the
		// handlers that claim into a table and the program's DELETEs).
		if strings.Contains(line, ": prune-before-retry: ") || strings.Contains(line, ": claim-never-pruned: ") {
			continue
		}
		// A channel made in one package and kept in fields of other
		// packages' types is followed by the command only
		// (docs/limits.md): its hop says where the make is.
		if strings.Contains(line, "(channel ") && strings.Contains(line, ", made at ") {
			continue
		}
		// A job that invokes a serverless function of the same module
		// (Lambda's Invoke) does what the function the program registers
		// does: only the whole program holds both (wholeprogram/invoked.go);
		// per package the call stays unknown.
		if strings.Contains(line, " invoke → ") {
			continue
		}
		t.Errorf("the command reports what go vet does not:\n%s\n--- go vet:\n%s", line, vetOut)
	}
}

// CmdRun is the outcome of one command.
type CmdRun struct {
	Stdout, Stderr string
	Code           int
	Err            error
}

// RunConcurrently runs the commands in dir at the same time; each one's
// CPU is logged as Run's is (JOBEFFECTS_TEST_CPULOG).
func RunConcurrently(t testing.TB, dir string, cmds ...[]string) []CmdRun {
	out := make([]CmdRun, len(cmds))
	var wg sync.WaitGroup
	for i, c := range cmds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(c[0], c[1:]...)
			cmd.Dir = dir
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			err := cmd.Run()
			logCPU(t, cmd, start, c[0], c[1:])
			r := CmdRun{Stdout: stdout.String(), Stderr: stderr.String()}
			if ee, ok := err.(*exec.ExitError); ok {
				r.Code = ee.ExitCode()
			} else if err != nil {
				r.Code, r.Err = -1, err
				r.Stderr += err.Error()
			}
			out[i] = r
		}()
	}
	wg.Wait()
	return out
}

// LineOf returns the 1-based line of the first line of file containing s.
func LineOf(t testing.TB, file, s string) int {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.Contains(sc.Text(), s) {
			return n
		}
	}
	t.Fatalf("%s: no line contains %q", file, s)
	return 0
}
