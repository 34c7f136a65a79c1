package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
	"go.yaml.in/yaml/v3"
)

// These tests build the real binary and run it the ways users do, on
// example modules that import the real asynq, River, pgx and stripe-go
// from the module proxy.

var update = flag.Bool("update", false, "rewrite the golden files")

var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	bin, cleanup, err := e2etest.Build()
	if err != nil {
		panic(err)
	}
	binary = bin
	code := m.Run()
	cleanup()
	os.Exit(code)
}

func testdataDir(t *testing.T, name string) string { return e2etest.TestdataDir(t, name) }

// runCmd runs a command in dir and returns stdout, stderr and the exit code.
func runCmd(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	return e2etest.Run(t, dir, nil, name, args...)
}

// runCmdEnv is runCmd with extra environment variables.
func runCmdEnv(t *testing.T, dir string, env []string, name string, args ...string) (string, string, int) {
	t.Helper()
	return e2etest.Run(t, dir, env, name, args...)
}

func diagnostics(text string) []string { return e2etest.Diagnostics(text) }

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	e2etest.Golden(t, name, got, *update)
}

func TestVetExample(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "example")
	_, stderr, code := runShared(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if code != 1 {
		t.Fatalf("go vet exit code %d, want 1\n%s", code, stderr)
	}
	diags := diagnostics(stderr)
	golden(t, "example.vet.txt", []byte(strings.Join(diags, "\n")+"\n"))

	// One unguarded diagnostic per unguarded handler, at the handler (the
	// ones behind fields wired in cmd/worker included).
	var unguarded []string
	for _, d := range diags {
		if strings.Contains(d, ": unguarded: ") {
			unguarded = append(unguarded, d[:strings.Index(d, ": unguarded")])
		}
	}
	want := []string{"jobs/balance.go:27:27", "jobs/charge.go:38:16", "jobs/credit.go:13:16", "jobs/shipped.go:11:16", "jobs/shipped.go:21:16", "jobs/welcome.go:11:16"}
	if strings.Join(unguarded, " ") != strings.Join(want, " ") {
		t.Errorf("unguarded at %v, want %v", unguarded, want)
	}
	for _, rule := range []string{"guard-separate-tx", "random-key", "duplicate-as-error"} {
		if !strings.Contains(stderr, ": "+rule+": ") {
			t.Errorf("no %s diagnostic", rule)
		}
	}
}

// go vet -json carries a finding's path as its related positions, hop by
// hop. On a tiny module whose handler's insert is three packages away (no
// dependency): -json is a vet flag, part of the key of go vet's cache for
// every package it vets, so on the example it would analyse its 350
// packages (the dependencies' for their facts) once more; the example's
// paths are checked in text by TestVetExample's golden.
func TestVetJSONCarriesPath(t *testing.T) {
	t.Parallel()
	dir := writeTree(t, t.TempDir(), map[string]string{
		"go.mod":           "module example.com/chain\n\ngo 1.26\n",
		".jobeffects.yaml": "effects:\n  - {func: example.com/chain/store.Exec, sql: 0}\n",
		"store/store.go":   "package store\n\n// Exec runs a statement.\nfunc Exec(query string, args ...any) error { return nil }\n",
		"mail/mail.go":     "package mail\n\nimport \"example.com/chain/store\"\n\n// Queue puts a welcome mail in the outbox.\nfunc Queue(to string) error {\n\treturn store.Exec(\"insert into outbox(rcpt) values ($1)\", to)\n}\n",
		"notify/notify.go": "package notify\n\nimport \"example.com/chain/mail\"\n\n// Welcome welcomes a user.\nfunc Welcome(email string) error {\n\treturn mail.Queue(email)\n}\n",
		"jobs/welcome.go":  "package jobs\n\nimport \"example.com/chain/notify\"\n\n//jobeffects:handler user:welcome\nfunc SendWelcome(email string) error {\n\treturn notify.Welcome(email)\n}\n",
	})
	stdout, stderr, code := runCmd(t, dir, "go", "vet", "-json", "-vettool="+binary, "./...")
	if code != 0 {
		t.Fatalf("go vet -json exit code %d\n%s", code, stderr)
	}
	// go vet -json prints one JSON object per package (to stdout since
	// Go 1.26, to stderr before), possibly after "# pkg" headers.
	text := stdout + stderr
	start := strings.Index(text, "{")
	if start < 0 {
		t.Fatalf("no JSON in output:\n%s", text)
	}
	type tree map[string]map[string][]struct {
		Posn     string `json:"posn"`
		Category string `json:"category"`
		Message  string `json:"message"`
		Related  []struct {
			Posn    string `json:"posn"`
			Message string `json:"message"`
		} `json:"related"`
	}
	var trees []tree
	dec := json.NewDecoder(strings.NewReader(text[start:]))
	for dec.More() {
		var tr tree
		if err := dec.Decode(&tr); err != nil {
			t.Fatalf("decoding vet JSON: %v\n%s", err, text)
		}
		trees = append(trees, tr)
	}
	found := false
	for _, tr := range trees {
		for _, byAnalyzer := range tr {
			for _, d := range byAnalyzer["jobeffects"] {
				if d.Category == "unguarded" && strings.Contains(d.Message, "SendWelcome") {
					found = true
					var hops []string
					for _, r := range d.Related {
						hops = append(hops, filepath.Base(r.Posn[:strings.LastIndex(r.Posn, ":")]))
					}
					want := "welcome.go:7 notify.go:7 mail.go:7"
					if strings.Join(hops, " ") != want {
						t.Errorf("related hops %v, want %s", hops, want)
					}
				}
			}
		}
	}
	if !found {
		t.Errorf("no unguarded diagnostic for SendWelcome in vet JSON:\n%s", text)
	}
}

// With -whole=false the CLI answers per package, exactly as go vet does.
func TestCLIMatchesVet(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "example")
	_, vetOut, _ := runShared(t, dir, "go", "vet", "-vettool="+binary, "./...")
	stdout, cliOut, code := wholeFalseExample(t, dir)
	if code != 1 {
		t.Fatalf("jobeffects exit code %d, want 1\n%s", code, cliOut)
	}
	if stdout != "" {
		t.Errorf("unexpected stdout: %s", stdout)
	}
	if a, b := strings.Join(diagnostics(cliOut), "\n"), strings.Join(diagnostics(vetOut), "\n"); a != b {
		t.Errorf("CLI and go vet differ\n--- CLI\n%s\n--- vet\n%s", a, b)
	}
}

func TestInventoryGolden(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "example")
	tmp := t.TempDir()
	var outputs [][]byte
	for i := 0; i < 2; i++ {
		path := filepath.Join(tmp, "inventory.yaml")
		_, stderr, code := runCmd(t, dir, binary, "inventory", "./...", "-o", path)
		if code != 0 {
			t.Fatalf("inventory exit code %d\n%s", code, stderr)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, data)
	}
	if !bytes.Equal(outputs[0], outputs[1]) {
		t.Fatal("two inventory runs differ")
	}
	stdout, _, code := runShared(t, dir, binary, "inventory", "./...")
	if code != 0 || stdout != string(outputs[0]) {
		t.Errorf("inventory to stdout (exit %d) differs from -o output", code)
	}
	golden(t, "example.inventory.yaml", outputs[0])
}

func TestCleanModuleIsQuiet(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "clean")
	stdout, stderr, code := runShared(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if code != 0 || strings.TrimSpace(stdout+stderr) != "" {
		t.Errorf("go vet on the clean module: exit %d, output %q", code, stdout+stderr)
	}
	// The run TestVetEqualsCommand/clean compares with go vet: one run
	// gives both answers (e2etest.BothAnswers), where a plain run here
	// made the other test run -whole=false again.
	both := e2etest.BothAnswers(t, binary, dir)
	if both.Code != 0 || both.Stdout+both.Stderr != "" {
		t.Errorf("jobeffects on the clean module: exit %d, output %q", both.Code, both.Stdout+both.Stderr)
	}
	if both.PerPackageCode != 0 || both.PerPackageErr != "" {
		t.Errorf("jobeffects -whole=false on the clean module: exit %d, output %q", both.PerPackageCode, both.PerPackageErr)
	}
	stdout, _, code = runShared(t, dir, binary, "inventory", "./...")
	if code != 0 || !strings.Contains(stdout, "handlers: 4") || !strings.Contains(stdout, "findings: 0") {
		t.Errorf("inventory of the clean module: exit %d\n%s", code, stdout)
	}
}

func TestBrokenPackageExit2(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "broken")
	_, stderr, code := runShared(t, dir, binary, "./...")
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	if !strings.Contains(stderr, "broken.go:6:9: undefined: undefinedThing") {
		t.Errorf("error does not name file and line:\n%s", stderr)
	}
	if strings.Contains(stderr, "was not analysed") {
		t.Errorf("an importer of the broken package was kept from analysis:\n%s", stderr)
	}
	// Its importer is analysed (its own code type-checks); its call into
	// the broken package's ill-typed function is unknown, with the type
	// error as the reason (analyzer/illtyped).
	stdout, stderr, code := runShared(t, dir, binary, "inventory", "./...")
	if code != 2 || !strings.Contains(stderr, "broken.go:6:9") {
		t.Errorf("inventory: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"handler: example.com/broken/user.Use", "broken.Handler does not type-check, so it was not analysed: broken.go:6:9: undefined: undefinedThing", "- package: example.com/broken\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("inventory lacks %q:\n%s", want, stdout)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "clean")
	for _, args := range [][]string{{"-nope", "./..."}, {}, {"inventory"}, {"inventory", "-o"}} {
		_, stderr, code := runCmd(t, dir, binary, args...)
		if code != 2 {
			t.Errorf("jobeffects %v: exit %d, want 2\n%s", args, code, stderr)
		}
	}
}

// go vet reports the command's findings on every example module: the same
// handlers with the same rules. The package that wires a handler's
// fields (main) resolves the calls through them from its imports' facts;
// what it cannot resolve is an unresolved note naming the call. The one
// shape that differs (README, "go vet and the command") is a library
// callback registered in another package (a gorm callback, an ent hook),
// which only the command joins to the operations that run it.
//
// Not parallel: it runs before the parallel tests, so that the runs of the
// example and the clean module it shares with them (go vet's, the
// command's both answers) are made first, alone: the tests after it
// replay them (the run cache) and take their dependencies' facts (the fact
// cache) and vet units (go's build cache, the standard library's vetx)
// instead of computing the same side by side on a cold cache.
func TestVetEqualsCommand(t *testing.T) {
	for _, mod := range []string{"example", "clean"} {
		t.Run(mod, func(t *testing.T) {
			t.Parallel()
			e2etest.VetEqualsCommand(t, binary, testdataDir(t, mod), []string{"./..."})
		})
	}
	// The example's handlers behind Deps.Notifier and Deps.Audit, wired in
	// cmd/worker, are reported by go vet too.
	dir := testdataDir(t, "example")
	_, vetOut, _ := runShared(t, dir, "go", "vet", "-vettool="+binary, "./...")
	for _, want := range []string{
		"jobs/shipped.go:11:16: unguarded: handler (*jobs.Deps).NotifyShipped repeats its side effects when a job is delivered twice: http post (partner.example.com/hooks/shop) (high) at internal/webhook/webhook.go:22",
		"jobs/shipped.go:21:16: unguarded: handler (*jobs.Deps).AuditRefund repeats its side effects when a job is delivered twice: insert into audit_log (medium) at internal/store/store.go:26",
	} {
		if !strings.Contains(vetOut, want) {
			t.Errorf("go vet does not resolve:\n%s\n--- got\n%s", want, vetOut)
		}
	}
}

// findingSet maps "file:line:col rule" to the diagnostic's first line.
func findingSet(out string) map[string]string {
	set := map[string]string{}
	for _, d := range diagnostics(out) {
		first := strings.SplitN(d, "\n", 2)[0]
		parts := strings.SplitN(first, ": ", 3)
		if len(parts) < 3 {
			continue
		}
		set[parts[0]+" "+parts[1]] = first
	}
	return set
}

// Every effect of the per-package inventory is in the whole-program one;
// a dynamic call is either still there or its call site starts a path.
func TestInventoryPerPackageIsSubsetOfWholeProgram(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "example")
	wholeFalseExample(t, dir) // first: the inventory below replays its analysis
	perPkg, _, _ := runCmd(t, dir, binary, "inventory", "-whole=false", "./...")
	whole, _, _ := runShared(t, dir, binary, "inventory", "./...")
	type eff struct {
		Kind, Operation, Target, Evidence string
		Path                              []string
	}
	type inv struct {
		Handlers []struct {
			Handler     string
			SideEffects []eff `yaml:"side_effects"`
		}
	}
	var a, b inv
	if err := yaml.Unmarshal([]byte(perPkg), &a); err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal([]byte(whole), &b); err != nil {
		t.Fatal(err)
	}
	wholeBy := map[string][]eff{}
	for _, h := range b.Handlers {
		wholeBy[h.Handler] = h.SideEffects
	}
	resolved := 0
	for _, h := range a.Handlers {
		for _, e := range h.SideEffects {
			found := false
			for _, w := range wholeBy[h.Handler] {
				if w.Kind == e.Kind && w.Operation == e.Operation && w.Target == e.Target && w.Evidence == e.Evidence {
					found = true
				}
				if e.Kind == "dynamic_call" && len(w.Path) > 0 && strings.HasPrefix(w.Path[len(e.Path)-1], e.Evidence) {
					found = true
					resolved++
				}
			}
			if !found {
				t.Errorf("%s: per-package effect %+v missing from the whole-program inventory", h.Handler, e)
			}
		}
	}
	if resolved < 2 {
		t.Errorf("only %d dynamic calls resolved, want the Notifier and Audit calls", resolved)
	}
}

// TestBaseline: an inventory written today is a baseline; with it, the
// CLI is quiet and exits 0, and a finding missing from it (a new one) is
// still reported and fails the run, by the CLI and by go vet.
func TestBaseline(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "example")
	base := filepath.Join(t.TempDir(), "baseline.yaml")
	if _, stderr, code := runCmd(t, dir, binary, "inventory", "./...", "-o", base); code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	wholeFalseExample(t, dir) // first: the -whole=false run below takes its dependencies' facts
	for _, args := range [][]string{{"-baseline", base, "./..."}, {"-whole=false", "-baseline", base, "./..."}} {
		if _, stderr, code := runCmd(t, dir, binary, args...); code != 0 || stderr != "" {
			t.Errorf("jobeffects %v: exit %d, want 0 and nothing printed\n%s", args, code, stderr)
		}
	}

	// A finding the baseline forgot is new again: reported, and it fails
	// the run, by the CLI and by go vet. On a tiny module of two handlers
	// with a finding each, not on the example: each baseline is a new
	// version line, and go vet would analyse the example's 400 packages
	// again (most of this test's time) for what two handlers show.
	tiny := tinyModule(t, map[string]string{".jobeffects.yaml": storeModel, "jobs/sub.go": subHandler})
	base = filepath.Join(t.TempDir(), "tiny-baseline.yaml")
	if _, stderr, code := runCmd(t, tiny, binary, "inventory", "./...", "-o", base); code != 0 {
		t.Fatalf("inventory of the tiny module: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := runCmd(t, tiny, binary, "-baseline", base, "./..."); code != 0 || stderr != "" {
		t.Errorf("jobeffects -baseline on the tiny module: exit %d, want 0 and nothing printed\n%s", code, stderr)
	}
	data, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	var inv map[string]any
	if err := yaml.Unmarshal(data, &inv); err != nil {
		t.Fatal(err)
	}
	forgot := 0
	for _, h := range inv["handlers"].([]any) {
		if h := h.(map[string]any); h["task"] == "ledger:add" && h["findings"] != nil {
			delete(h, "findings")
			forgot++
		}
	}
	if forgot != 1 {
		t.Fatalf("the tiny module's inventory has %d ledger:add handlers with findings, want 1:\n%s", forgot, data)
	}
	data, _ = yaml.Marshal(inv)
	if err := os.WriteFile(base, data, 0o644); err != nil {
		t.Fatal(err)
	}
	const wantNew = "jobs/jobs.go:6:6: unguarded: handler jobs.Add"
	_, stderr, code := runCmd(t, tiny, binary, "-baseline", base, "./...")
	if diags := diagnostics(stderr); code != 1 || len(diags) != 1 || !strings.HasPrefix(diags[0], wantNew) {
		t.Errorf("jobeffects with ledger:add left out of the baseline: exit %d, diagnostics %q; want exit 1 and only Add's", code, diags)
	}
	// go vet, once: the finding the baseline lists (Sub's) is quiet, the
	// one it forgot is reported.
	_, stderr, code = runCmd(t, tiny, "go", "vet", "-vettool="+binary, "-jobeffects.baseline="+base, "./...")
	if diags := diagnostics(stderr); code != 1 || len(diags) != 1 || !strings.HasPrefix(diags[0], wantNew) {
		t.Errorf("go vet with ledger:add left out of the baseline: exit %d, diagnostics %q; want exit 1 and only Add's", code, diags)
	}

	// A baseline that is not an inventory is a usage error naming the file
	// (on a tiny module: the example would be analysed once more, in full,
	// for an error that does not depend on it).
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("schema: nope\n"), 0o644)
	_, stderr, code = runCmd(t, tinyModule(t, nil), binary, "-baseline", bad, "./...")
	if code != 2 || !strings.Contains(stderr, bad+":1: schema \"nope\"") {
		t.Errorf("bad baseline: exit %d, want 2 and the file named\n%s", code, stderr)
	}
}

func TestWithoutProgress(t *testing.T) {
	t.Parallel()
	in := "go: downloading golang.org/x/sync v0.22.0\njobs/a.go:1:2: unguarded: x\ngo: extracting m v1\ngo: inconsistent vendoring\n"
	want := "jobs/a.go:1:2: unguarded: x\ngo: inconsistent vendoring\n"
	if got := e2etest.WithoutProgress(in); got != want {
		t.Errorf("withoutProgress = %q, want %q", got, want)
	}
}

// version, -version and help inventory answer as staticcheck's and
// govulncheck's do; -V=full keeps go vet's protocol.
func TestVersionAndHelp(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "clean")
	for _, args := range [][]string{{"version"}, {"-version"}} {
		stdout, stderr, code := runCmd(t, dir, binary, args...)
		if code != 0 || !strings.HasPrefix(stdout, "jobeffects ") || !strings.Contains(stdout, runtime.Version()) {
			t.Errorf("jobeffects %v: exit %d, stdout %q, stderr %q; want \"jobeffects VERSION … %s\"", args, code, stdout, stderr, runtime.Version())
		}
	}
	stdout, _, code := runCmd(t, dir, binary, "help", "inventory")
	if code != 0 || !strings.HasPrefix(stdout, "usage: jobeffects inventory") || !strings.Contains(stdout, "-summary") {
		t.Errorf("jobeffects help inventory: exit %d\n%s", code, stdout)
	}
	stdout, _, code = runCmd(t, dir, binary, "-V=full")
	if code != 0 || !strings.Contains(stdout, " version devel jobeffects buildID=") {
		t.Errorf("jobeffects -V=full: exit %d, %q", code, stdout)
	}
}

// copyModule copies an example module into a temporary directory, so that
// a test can change it.
func copyModule(t *testing.T, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	e2etest.CopyModule(t, testdataDir(t, name), dst)
	return dst
}

// A migration statement that does not parse is a warning naming its file
// and line, from the command once and from go vet in the packages that
// write tables; the run's results stand otherwise. On a tiny module (no
// dependency but the standard library): go vet analyses every package
// again under a new version line, and the example's 400 would take
// minutes for what a dozen show.
func TestBadMigrationWarns(t *testing.T) {
	t.Parallel()
	dir := tinyModule(t, map[string]string{
		".jobeffects.yaml":       storeModel,
		"migrations/003_bad.sql": "-- a trigger, but broken\ncreate tabel oops (id int);\n",
	})
	want := "jobeffects: warning: migrations/003_bad.sql:2: syntax error at or near \"tabel\""
	_, stderr, code := runCmd(t, dir, binary, "inventory", "./...")
	if code != 0 || strings.Count(stderr, want) != 1 {
		t.Errorf("inventory: exit %d, stderr should say once %q:\n%s", code, want, stderr)
	}
	_, stderr, _ = runCmd(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if !strings.Contains(stderr, want) {
		t.Errorf("go vet should warn %q:\n%s", want, stderr)
	}
}

// A model of the config whose argument index does not fit the function it
// names fails the run with the config's file, line and field; a func that
// matches nothing is a warning; and with errors, inventory -o leaves the
// file alone and writes what it has beside it.
func TestBadConfigAndPartialInventory(t *testing.T) {
	t.Parallel()
	dir := copyModule(t, "example")
	cfg := "effects:\n" +
		"  - {func: \"example.com/shop/internal/mail.Send\", kind: email, op: send, risk: high, request: 99}\n" +
		"  - {func: \"example.com/shop/internal/mail.Nope\", kind: email, op: send, risk: high}\n"
	if err := os.WriteFile(filepath.Join(dir, ".jobeffects.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "baseline.yaml")
	os.WriteFile(out, []byte("keep me\n"), 0o644)
	// Only internal/notify, the package that calls mail.Send (and its
	// imports: mail and a few standard packages): the model's error is
	// reported where the model applies, the warning is the loaded
	// packages', and -o is kept or not whatever was loaded. ./... made a
	// fresh analysis of the copy's 380 packages (7.5 CPU s; the copy is
	// another module under another config: the example's run is not it).
	_, stderr, code := runCmd(t, dir, binary, "inventory", "./internal/notify", "-o", out)
	for _, want := range []string{
		"jobeffects: example.com/shop/internal/notify: .jobeffects.yaml:2:5 (effects[0]): example.com/shop/internal/mail.Send: request: argument 99, but example.com/shop/internal/mail.Send has 5 arguments",
		"jobeffects: warning: .jobeffects.yaml:3:5 (effects[1]): func example.com/shop/internal/mail.Nope matches no function of the loaded packages",
		"baseline.yaml left unchanged because of the errors above",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if data, _ := os.ReadFile(out); string(data) != "keep me\n" {
		t.Errorf("the -o file was overwritten: %q", data)
	}
	if _, err := os.Stat(out + ".partial"); err != nil {
		t.Errorf("no partial inventory: %v", err)
	}
}

// -safe analyses untrusted code: a cgo preamble that includes a file of
// the machine does not print it, and a config may not point the analysis
// outside the module.
func TestSafeMode(t *testing.T) {
	t.Parallel()
	secret := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(secret, []byte("TOPSECRET value\n"), 0o644)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fork\n\ngo 1.26.8\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "leak.go"), []byte("package fork\n\n/*\n#include \""+secret+"\"\n*/\nimport \"C\"\n\nfunc F() {}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "ok.go"), []byte("//go:build !cgo\n\npackage fork\n\nfunc F() {}\n"), 0o644)
	_, stderr, _ := runCmd(t, dir, binary, "-safe", "./...")
	if strings.Contains(stderr, "TOPSECRET") {
		t.Errorf("-safe printed the included file:\n%s", stderr)
	}
	os.WriteFile(filepath.Join(dir, ".jobeffects.yaml"), []byte("baseline: ../../../../etc/passwd\n"), 0o644)
	_, stderr, code := runCmd(t, dir, binary, "-safe", "./...")
	if code != 2 || !strings.Contains(stderr, "baseline ../../../../etc/passwd lies outside the module (-safe)") {
		t.Errorf("-safe with a baseline outside the module: exit %d\n%s", code, stderr)
	}
	mod := t.TempDir()
	os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/future\n\ngo 1.99\n"), 0o644)
	os.WriteFile(filepath.Join(mod, "f.go"), []byte("package future\n"), 0o644)
	_, stderr, code = runCmd(t, mod, binary, "-safe", "./...")
	if code != 2 || strings.TrimSpace(stderr) != "jobeffects: go.mod requires go >= 1.99 (running go "+strings.TrimPrefix(runtime.Version(), "go")+"; GOTOOLCHAIN=local)" {
		t.Errorf("a go.mod asking for a newer Go: exit %d, want one line\n%s", code, stderr)
	}
}

// wholeFalseExample is the example's "jobeffects -whole=false ./...",
// made once per test binary; the tests that run the example -whole=false
// otherwise run it first, and the inventory -whole=false and -whole=false
// -baseline runs replay it (the run cache). It runs after the run that
// gives both answers (TestVetEqualsCommand/example's), which keeps its
// per-package answer as this run's entry: it is a replay too, a real
// -whole=false run's key and output (TestPerPackageAnswerKeptForWholeFalse
// holds them to a run from nothing), not a second analysis of the
// example's 380 packages (9.6 CPU s).
func wholeFalseExample(t *testing.T, dir string) (string, string, int) {
	t.Helper()
	e2etest.BothAnswers(t, binary, dir)
	return runShared(t, dir, binary, "-whole=false", "./...")
}

// runShared is runCmd for a command that only reads dir: run once per test
// binary, its output shared by the tests that ask for it.
func runShared(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	return e2etest.RunShared(t, dir, nil, name, args...)
}
