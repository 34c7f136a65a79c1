package e2etest

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Answers are the command's two answers on a module from one run of
// ./...: the whole run's (what "jobeffects ./..." prints) and the
// per-package one (what "jobeffects -whole=false ./..." prints on
// stderr, and its exit status).
type Answers struct {
	Stdout, Stderr string
	Code           int
	PerPackageErr  string
	PerPackageCode int
}

// bothRuns holds BothAnswers' runs, one per binary and directory.
var bothRuns sync.Map // string → *bothRun

type bothRun struct {
	once sync.Once
	a    Answers
}

// BothAnswers runs the command once on dir's ./... for both answers
// (JOBEFFECTS_DEBUG_PERPACKAGE: each package's pass decides go vet's
// answer beside the command's from the same summaries; the run uses
// neither cache), shared as RunShared is. The whole answer is also
// RunShared's for "binary ./...": a test asking for it gets this run's;
// a "binary -whole=false ./..." after it replays its per-package answer,
// which the run keeps as that run's entry in the run cache. It halves the CPU of a module's go vet versus command comparison (the
// loading, type-checking and summarising are done once, not twice).
func BothAnswers(t testing.TB, binary, dir string) Answers {
	t.Helper()
	v, _ := bothRuns.LoadOrStore(binary+"\x00"+dir, &bothRun{})
	r := v.(*bothRun)
	r.once.Do(func() {
		tmp, err := os.MkdirTemp("", "jobeffects-both")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(tmp)
		file := filepath.Join(tmp, "perpackage.txt")
		key := strings.Join([]string{dir, binary, "./..."}, "\x00")
		sv, _ := shared.LoadOrStore(key, &sharedRun{})
		s := sv.(*sharedRun)
		s.once.Do(func() {
			s.stdout, s.stderr, s.code = Run(t, dir, []string{"JOBEFFECTS_DEBUG_PERPACKAGE=" + file}, binary, "./...")
		})
		r.a = Answers{Stdout: s.stdout, Stderr: s.stderr, Code: s.code, PerPackageCode: -1}
		pp, err := os.ReadFile(file)
		if os.IsNotExist(err) {
			// RunShared ran "binary ./..." first, without the per-package
			// answer: run -whole=false for it.
			var out string
			out, r.a.PerPackageErr, r.a.PerPackageCode = RunShared(t, dir, nil, binary, "-whole=false", "./...")
			if out != "" {
				t.Fatalf("jobeffects -whole=false ./...: stdout %q", out)
			}
			return
		}
		code, err := os.ReadFile(file + ".exit")
		if err == nil {
			r.a.PerPackageCode, err = strconv.Atoi(strings.TrimSpace(string(code)))
		}
		if err != nil {
			t.Fatalf("the per-package exit status: %v", err)
		}
		r.a.PerPackageErr = string(pp)
	})
	return r.a
}

// PerPackage returns what go vet prints for the module in dir (stderr,
// exit code), taken from the CLI's per-package run (-whole=false ./...),
// and checks go vet itself on the packages vet names (patterns: "./x",
// "./x/...", "./..."): for those, go vet must print exactly the CLI's
// diagnostics.
//
// Why not go vet on every package: go vet needs every dependency
// compiled (export data) and runs the tool once per dependency for its
// facts, while the CLI type-checks from source in one process. On the
// framework modules that is minutes of CPU against seconds — Pub/Sub's
// gRPC and Google API stack, the Temporal SDK, AWS SDK v2 — and it made
// CI the slowest thing in the project (stop 48: 1,468 s). The analysis
// is the same code in both (the CLI's -whole=false runs the analyzer
// package by package with the same facts); what go vet adds is its
// driver (unit configs, vetx files, the standard library's units), which
// the packages in vet exercise on real frameworks, and cmd/jobeffects'
// tests on the example module over ./... . vet empty: the CLI only (a
// module whose every package imports the heavy stack).
//
// Both runs are shared: the module's tests ask for them again for free.
// The CLI's per-package answer comes from the command's whole run of
// ./... (BothAnswers), which gives both answers in one process.
func PerPackage(t *testing.T, binary, dir string, vet []string) (string, int) {
	t.Helper()
	b := BothAnswers(t, binary, dir)
	cliErr, cliCode := b.PerPackageErr, b.PerPackageCode
	if b.Stdout != "" || (cliCode != 0 && cliCode != 1) {
		t.Fatalf("jobeffects -whole=false ./...: exit %d, stdout %q\n%s", cliCode, b.Stdout, cliErr)
	}
	if len(vet) == 0 {
		return cliErr, cliCode
	}
	_, vetErr, vetCode := RunShared(t, dir, nil, "go", append([]string{"vet", "-vettool=" + binary}, vet...)...)
	if vetCode != 0 && vetCode != 1 {
		t.Fatalf("go vet %v: exit %d\n%s", vet, vetCode, vetErr)
	}
	var want []string
	for _, d := range Diagnostics(cliErr) {
		if inPatterns(diagnosticDir(d), vet) {
			want = append(want, d)
		}
	}
	if got, want := strings.Join(Diagnostics(vetErr), "\n"), strings.Join(want, "\n"); got != want {
		t.Errorf("go vet %v and the per-package CLI differ on those packages\n--- go vet\n%s\n--- CLI\n%s", vet, got, want)
	}
	return cliErr, cliCode
}

// diagnosticDir is the module-relative directory of the file a
// diagnostic's first line is reported in ("jobs" for
// "jobs/a.go:3:4: unguarded: …").
func diagnosticDir(d string) string {
	file, _, _ := strings.Cut(d, ":")
	return path.Dir(file)
}

// inPatterns reports whether a module-relative directory is matched by
// one of the go package patterns ("./x", "./x/...", "./...").
func inPatterns(dir string, patterns []string) bool {
	for _, p := range patterns {
		p = strings.TrimPrefix(p, "./")
		switch {
		case p == "...":
			return true
		case strings.HasSuffix(p, "/..."):
			root := strings.TrimSuffix(p, "/...")
			if dir == root || strings.HasPrefix(dir, root+"/") {
				return true
			}
		case dir == p:
			return true
		}
	}
	return false
}
