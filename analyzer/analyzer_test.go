package analyzer_test

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/inventory"
)

// testdata is the repository's shared fixture tree (testdata/src/...).
var testdata, _ = filepath.Abs(filepath.Join("..", "testdata"))

func TestDiscoveryAsynq(t *testing.T) {
	runShared(t, "asynqforms")
}

func TestDiscoveryRiver(t *testing.T) {
	runShared(t, "riverforms")
}

func TestDiscoveryTemporal(t *testing.T) {
	runShared(t, "temporalforms/activities", "temporalforms/worker")
}

func TestGuards(t *testing.T) {
	runShared(t, "guards")
}

func TestCallsAcrossPackages(t *testing.T) {
	runShared(t, "calls/deep", "calls/lib", "calls/jobs")
}

func TestStrictUnknownEffect(t *testing.T) {
	stricts.run(t, "strict")
}

func TestUserGuardsFromConfig(t *testing.T) {
	a := analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "userguard", ".jobeffects.yaml")})
	analysistest.Run(t, testdata, a, "userguard")
}

func TestSuppression(t *testing.T) {
	runShared(t, "suppress")
}

func TestRetryPolicies(t *testing.T) {
	res := runShared(t, "retry")[0]
	var got []string
	for _, r := range res.Retries {
		who := r.Task
		if r.Handler != "" {
			who = r.Handler
		}
		if r.Global {
			who = "*"
		}
		line := fmt.Sprintf("%s %s: %s (runs %d within %v backoff %q replay %v)", r.Framework, who, r.Policy, r.Runs, r.Within, r.Backoff, r.Replay)
		if r.Rerun {
			line += " rerun"
		}
		if r.Unread {
			line += " unread"
		}
		got = append(got, line)
	}
	// Runs, Within, Backoff and Replay are what the inventory's retry
	// horizon is computed from (package horizon).
	want := []string{
		"asynq email:send: asynq.MaxRetry(5): up to 6 runs, timeout 1m0s (runs 6 within 0s backoff \"\" replay false)",
		"asynq report:build: asynq.MaxRetry(0): 1 run by retry (runs 1 within 0s backoff \"\" replay false)",
		"river sync: river InsertOpts MaxAttempts 3 (runs 3 within 0s backoff \"\" replay false)",
		"river *: river Config.MaxAttempts 7 (runs 7 within 0s backoff \"\" replay false)",
		"temporal retry.Charge: temporal RetryPolicy MaximumAttempts 4 (runs 4 within 0s backoff \"\" replay false)",
		"temporal notify: default: temporal retries without limit until ScheduleToClose (no RetryPolicy in the activity options) (runs -1 within 1h0m0s backoff \"\" replay false)",
		"gocraft report: gocraft/work MaxFails 3: up to 3 runs (runs 3 within 0s backoff \"\" replay false)",
		"asynq *:  (runs 0 within 0s backoff \"Config.RetryDelayFunc\" replay false)",
		"river *: dead-letter replay (*github.com/riverqueue/river.Client).JobRetry (runs 0 within 0s backoff \"\" replay true)",
		"river *: run again by github.com/riverqueue/river.JobSnooze (runs 0 within 0s backoff \"\" replay false) rerun",
		"river wait: run again by github.com/riverqueue/river.JobSnooze (runs 0 within 0s backoff \"\" replay false) rerun",
		"river *: a periodic job's InsertOpts not read (runs 0 within 0s backoff \"\" replay false) unread",
		"river *: Config.WorkerMiddleware set (runs 0 within 0s backoff \"\" replay false) unread",
		"river *: a worker's Middleware method (runs 0 within 0s backoff \"\" replay false) unread",
		"watermill *: watermill Retry MaxRetries 3 inside a PoisonQueue: up to 4 runs (runs 4 within 0s backoff \"\" replay false)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("retry policies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestRetryWrappers: the options and the task of an enqueue are read
// through the application's helpers, in the package and across packages
// (facts), and at River's Insert, InsertTx and InsertMany; the policy is
// recorded at the outermost call, and the inventory lists the policies of
// a task's enqueues when they differ, with what still runs a job again when
// they allow one run.
func TestRetryWrappers(t *testing.T) {
	results := runShared(t, "retrywrap/queue", "retrywrap")
	var got []string
	var res []*result.Result
	for _, rr := range results {
		res = append(res, rr)
		for _, p := range rr.Retries {
			got = append(got, fmt.Sprintf("%s %s %s: %q once=%v default=%v type=%v", fileLine(p.Pos), p.Framework, p.Task, p.Policy, p.Once, p.Default, p.Type))
		}
	}
	want := []string{
		// package queue enqueues only from its parameters: its callers record.
		`retrywrap/retrywrap.go:40 asynq email:send: "asynq.MaxRetry(10): up to 11 runs" once=false default=false type=false`,
		`retrywrap/retrywrap.go:41 asynq report:build: "asynq.MaxRetry(1): up to 2 runs" once=false default=false type=false`,
		`retrywrap/retrywrap.go:42 asynq charge:card: "asynq.MaxRetry(0): 1 run by retry" once=true default=false type=false`,
		`retrywrap/retrywrap.go:43 asynq digest:send: "asynq.MaxRetry(3): up to 4 runs" once=false default=false type=false`,
		`retrywrap/retrywrap.go:44 asynq export:run: "asynq.MaxRetry(0): 1 run by retry" once=true default=false type=false`,
		`retrywrap/retrywrap.go:45 asynq welcome:send: "asynq.MaxRetry(0): 1 run by retry" once=true default=false type=false`,
		`retrywrap/retrywrap.go:46 asynq welcome:send: "" once=false default=true type=false`,
		`retrywrap/retrywrap.go:48 asynq sync:run: "asynq options not read statically" once=false default=false type=false`,
		`retrywrap/retrywrap.go:95 river river:email: "river Insert MaxAttempts 1: 1 attempt by retry" once=true default=false type=false`,
		`retrywrap/retrywrap.go:96 river river:ledger: "river Insert MaxAttempts 4" once=false default=false type=false`,
		`retrywrap/retrywrap.go:97 river river:audit: "river Insert MaxAttempts 1: 1 attempt by retry" once=true default=false type=false`,
		`retrywrap/retrywrap.go:97 river river:ledger: "" once=false default=true type=false`,
		`retrywrap/retrywrap.go:101 river river:audit: "" once=false default=true type=false`,
		`retrywrap/retrywrap.go:102 river river:export: "river Insert MaxAttempts 2" once=false default=false type=false`,
		`retrywrap/retrywrap.go:103 river river:email: "river Insert MaxAttempts 1: 1 attempt by retry" once=true default=false type=false`,
		`retrywrap/retrywrap.go:64 river river:audit: "river InsertOpts MaxAttempts 5" once=false default=false type=true`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("retry policies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	inv := inventory.Build(res, filepath.Join(testdata, "src"))
	var policies []string
	for _, h := range inv.Handlers {
		p := strings.ReplaceAll(h.RetryPolicy, catalog.OnceNote(h.Framework), "<once>")
		policies = append(policies, h.Task+": "+p)
	}
	wantInv := []string{
		"charge:card: asynq.MaxRetry(0): 1 run by retry at retrywrap/retrywrap.go:42; <once>",
		"digest:send: asynq.MaxRetry(3): up to 4 runs at retrywrap/retrywrap.go:43",
		"email:send: asynq.MaxRetry(10): up to 11 runs at retrywrap/retrywrap.go:40",
		"export:run: asynq.MaxRetry(0): 1 run by retry at retrywrap/retrywrap.go:44; <once>",
		"report:build: asynq.MaxRetry(1): up to 2 runs at retrywrap/retrywrap.go:41",
		"river:audit: policies differ between enqueues: river Insert MaxAttempts 1: 1 attempt by retry at retrywrap/retrywrap.go:97; " +
			"none set at retrywrap/retrywrap.go:101: river InsertOpts MaxAttempts 5 at retrywrap/retrywrap.go:64; <once>",
		"river:email: river Insert MaxAttempts 1: 1 attempt by retry at retrywrap/retrywrap.go:95; " +
			"river Insert MaxAttempts 1: 1 attempt by retry at retrywrap/retrywrap.go:103; <once>",
		"river:export: river Insert MaxAttempts 2 at retrywrap/retrywrap.go:102",
		"river:ledger: policies differ between enqueues: river Insert MaxAttempts 4 at retrywrap/retrywrap.go:96; " +
			"none set at retrywrap/retrywrap.go:97: default: river makes 25 attempts",
		"sync:run: asynq options not read statically at retrywrap/retrywrap.go:48",
		"welcome:send: policies differ between enqueues: asynq.MaxRetry(0): 1 run by retry at retrywrap/retrywrap.go:45; " +
			"none set at retrywrap/retrywrap.go:46: default: asynq retries 25 times (26 runs), 30 min timeout; <once>",
	}
	if strings.Join(policies, "\n") != strings.Join(wantInv, "\n") {
		t.Errorf("inventory retry policies:\n%s\nwant:\n%s", strings.Join(policies, "\n"), strings.Join(wantInv, "\n"))
	}
}

func TestDeclaredHandlers(t *testing.T) {
	runShared(t, "declared/bus", "declared")
}

func TestTriggers(t *testing.T) {
	a := analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "trigfix", ".jobeffects.yaml")})
	results := analysistest.Run(t, testdata, a, "trigfix")
	res := results[0].Result.(*result.Result)
	for _, h := range res.Handlers {
		if h.Name != "(*trigfix.Deps).Credit" {
			continue
		}
		for _, e := range h.Effects {
			if e.Op == "update-increment" {
				var hops []string
				for _, hop := range e.Path {
					hops = append(hops, filepath.Base(hop.Pos)+" "+hop.Func)
				}
				want := "trigfix.go:17:28 (*trigfix.Deps).Credit|002_audit.sql:9 trigger ledger_audit on ledger|002_audit.sql:4 audit_ledger()|002_audit.sql:18 trigger audit_big on audit_log|002_audit.sql:14 count_big()"
				if got := strings.Join(hops, "|"); got != want {
					t.Errorf("trigger path:\n%s\nwant:\n%s", got, want)
				}
				return
			}
		}
	}
	t.Error("no trigger effect on Credit")
}

func TestGorm(t *testing.T) {
	runShared(t, "gormfix", "gormv1fix")
}

func TestThirdPartyBoundary(t *testing.T) {
	results := runShared(t, "example.org/sdk", "thirdparty")
	for _, res := range results {
		if res.Package != "thirdparty" {
			continue
		}
		for _, h := range res.Handlers {
			if h.Name == "(*thirdparty.Deps).Create" {
				// Read by its name (a creation), with the boundary's reason.
				if d := h.Effects[0].Detail; d != "inferred from the name (*sdk.Client).CreateThing: a creation with a payload; example.org/sdk.(*Client).CreateThing performs network I/O" {
					t.Errorf("boundary detail %q", d)
				}
			}
		}
	}
}

func TestConstraintClaims(t *testing.T) {
	runShared(t, "constraintfix")
}

func TestCheckThenAct(t *testing.T) {
	runShared(t, "checkactfix")
}

func TestBodyKeys(t *testing.T) {
	results := runShared(t, "bodykeyfix")
	// A key from the job's identity says so.
	found := false
	for _, h := range results[0].Handlers {
		if h.Name != "bodykeyfix.TaskID" {
			continue
		}
		found = true
		g := h.Effects[0].Guard
		if g == nil || g.Note != "derives from asynq.GetTaskID, the job's identity: the same on every retry of one job" {
			t.Errorf("TaskID guard %+v", g)
		}
	}
	if !found {
		t.Error("no handler bodykeyfix.TaskID")
	}
	// A Watermill message's UUID is its identity (catalog identity:).
	for _, h := range results[0].Handlers {
		if h.Name == "bodykeyfix.Forwarded" {
			if g := h.Effects[0].Guard; g == nil || !strings.Contains(g.Note, "the job's identity") {
				t.Errorf("Forwarded guard %+v", g)
			}
		}
	}
}

func TestKeysAcrossCalls(t *testing.T) {
	results := runShared(t, "keyflowfix/payclient", "keyflowfix")
	// A key passed from the task's ID says so at the handler.
	for _, r := range results {
		for _, h := range r.Handlers {
			if h.Name != "keyflowfix.Identity" {
				continue
			}
			if g := h.Effects[0].Guard; g == nil || g.Note != "derives from asynq.GetTaskID, the job's identity: the same on every retry of one job" {
				t.Errorf("Identity guard %+v", g)
			}
			return
		}
	}
	t.Error("no handler keyflowfix.Identity")
}

func TestTransactionWrappers(t *testing.T) {
	runShared(t, "txwrapfix/store", "txwrapfix")
}

func TestLockIsNotAClaim(t *testing.T) {
	runShared(t, "lockfix")
}

// A recheck under the completion's advisory lock whose work is a River
// enqueue unique by its args while live: guarded when another function
// writes the checked table; not without the lock, without a writer, or
// without the unique options.
func TestLockedRecheckEnqueue(t *testing.T) {
	runShared(t, "livelockfix")
}

// Bazel's nogo runs analyzers from their exported Analyzer variable, with
// options set as analyzer flags (nogo.json's analyzer_flags) and no go.mod
// to find a config next to: the config given by flag applies.
func TestNogoContract(t *testing.T) {
	a := analyzer.New(analyzer.Options{})
	if err := a.Flags.Set("config", filepath.Join(testdata, "src", "userguard", ".jobeffects.yaml")); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"strict", "baseline", "rules", "unresolved"} {
		if a.Flags.Lookup(f) == nil {
			t.Errorf("no -%s flag", f)
		}
	}
	analysistest.Run(t, testdata, a, "userguard") // GOPATH mode: no go.mod
}

func TestCompletions(t *testing.T) {
	runShared(t, "completions")
}

// The entries of a dispatch map filled in the dispatcher's package are
// handlers under go vet too, each reported at its definition.
func TestDispatchMapEntries(t *testing.T) {
	runShared(t, "dispatchfix")
}

// TestClaimLifecycle: a package's inserting claims carry their unique key
// from the migrations (or what is missing), its pruning DELETEs their
// retention; the inventory joins them (claim tables).
func TestClaimLifecycle(t *testing.T) {
	res := runShared(t, "lifecyclefix")[0]
	var got []string
	for _, c := range res.Claims {
		got = append(got, fmt.Sprintf("%s claim %s %s: %s", fileLine(c.Pos), c.Table, c.State, strings.ReplaceAll(c.Constraint, filepath.Join(testdata, "src")+"/", "")))
	}
	for _, p := range res.Prunes {
		got = append(got, fmt.Sprintf("%s prune %s %s: %s", fileLine(p.Pos), p.Table, p.Retention, p.Text))
	}
	m := "declared/migrations/001_lifecyclefix.sql"
	want := []string{
		"lifecyclefix/lifecyclefix.go:29 claim lc_claims ok: primary key (job_key) at " + m + ":3",
		"lifecyclefix/lifecyclefix.go:47 claim lc_nokey none: no unique key on lc_nokey within the inserted columns (job_key) in the migrations: it has no unique key",
		"lifecyclefix/lifecyclefix.go:65 claim lc_composite none: no unique key on lc_composite (job_id) in the migrations: its unique keys are unique index lc_composite_key (tenant, job_id) at " + m + ":10",
		"lifecyclefix/lifecyclefix.go:83 claim lc_elsewhere unknown: no migration creates lc_elsewhere",
		"lifecyclefix/lifecyclefix.go:103 claim lc_nokey none: no unique key on lc_nokey within the inserted columns (job_key) in the migrations: it has no unique key",
		"lifecyclefix/lifecyclefix.go:125 prune lc_claims 336h0m0s: interval '14 days'",
		"lifecyclefix/lifecyclefix.go:130 prune lc_composite 2h0m0s: $1 = 2h0m0s",
		"lifecyclefix/lifecyclefix.go:135 prune lc_claims 720h0m0s: $1 = 30 × interval '1 day'",
		"lifecyclefix/lifecyclefix.go:140 prune lc_nokey 48h0m0s: $1 = time.Now().Add(-48h0m0s)",
		"lifecyclefix/lifecyclefix.go:158 prune lc_claims 168h0m0s: $1 = 168h0m0s, given to the DELETE in lifecyclefix.pruneOlder",
		"lifecyclefix/lifecyclefix.go:165 prune lc_composite : not by age: the rows matching (tenant) deleted",
		"lifecyclefix/lifecyclefix.go:172 prune lc_nokey : not by age: every row deleted",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lifecycle:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Every user option is defined once (analyzer.Settings) and reaches each
// surface that has it: go vet's flags and the command's flags set the
// same field; golangci-lint's settings decode into it.
func TestSettingsSurfaces(t *testing.T) {
	for _, s := range analyzer.Settings {
		var vet, cmd analyzer.Options
		vfs, cfs := flag.NewFlagSet("vet", flag.ContinueOnError), flag.NewFlagSet("cmd", flag.ContinueOnError)
		vet.Register(vfs, analyzer.Vet)
		cmd.Register(cfs, analyzer.Command)
		value := "x"
		if f := vfs.Lookup(s.Name); f != nil {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				value = "false"
				if s.Name != "unresolved" {
					value = "true"
				}
			}
		}
		onVet, onCmd := vfs.Lookup(s.Name) != nil, cfs.Lookup(s.Name) != nil
		if onVet != (s.Surfaces&analyzer.Vet != 0) || onCmd != (s.Surfaces&analyzer.Command != 0) {
			t.Errorf("%s: on vet %v, on the command %v; the table says %b", s.Name, onVet, onCmd, s.Surfaces)
		}
		if onVet {
			vfs.Set(s.Name, value)
			if vet == (analyzer.Options{}) {
				t.Errorf("-jobeffects.%s=%s set nothing", s.Name, value)
			}
		}
		if onCmd {
			cfs.Set(s.Name, value)
			if onVet && cmd != vet {
				t.Errorf("-%s=%s: the command's %+v, go vet's %+v", s.Name, value, cmd, vet)
			}
		}
		if s.Surfaces&analyzer.Golangci != 0 {
			var v any = value
			if value != "x" {
				v = value == "true"
			}
			g, err := analyzer.DecodeGolangci(map[string]any{s.Name: v})
			if err != nil || g != vet {
				t.Errorf("golangci %s: %v: %+v, go vet's %+v", s.Name, err, g, vet)
			}
		}
	}
}

// docs/architecture.md lists every package's imports of the module's
// own packages; the list is what go list says.
func TestArchitectureImports(t *testing.T) {
	const module = "github.com/jobeffects/jobeffects/"
	doc, err := os.ReadFile(filepath.Join("..", "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, _ := strings.Cut(string(doc), "<!-- imports: begin -->")
	block, _, _ = strings.Cut(block, "<!-- imports: end -->")
	want := map[string]string{}
	for _, line := range strings.Split(block, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "```") {
			want[f[0]] = strings.Join(f[1:], " ")
		}
	}
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	got := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], module)
		switch {
		case strings.HasPrefix(pkg, "twice"), strings.HasPrefix(pkg, "scripts/"), strings.HasPrefix(pkg, "testdata/"),
			strings.HasPrefix(pkg, "cmd/jobeffects/modules"), pkg == "internal/e2etest", pkg == "internal/ssatest", pkg == "internal/fixtureload":
			continue // tests' and tools' packages
		}
		var deps []string
		for _, d := range f[1:] {
			if strings.HasPrefix(d, module) {
				deps = append(deps, strings.TrimPrefix(d, module))
			}
		}
		sort.Strings(deps)
		got[pkg] = strings.Join(deps, " ")
	}
	for pkg, deps := range got {
		if w, ok := want[pkg]; !ok {
			t.Errorf("docs/architecture.md does not list package %s (imports: %s)", pkg, deps)
		} else if w != deps {
			t.Errorf("docs/architecture.md: %s imports %q, go list says %q", pkg, w, deps)
		}
	}
	for pkg := range want {
		if _, ok := got[pkg]; !ok {
			t.Errorf("docs/architecture.md lists %s, which is not a package", pkg)
		}
	}
}

// TestSchemaInGo: the unique keys and triggers an application declares in
// Go string constants run at startup (declared/goschema) are schema like a
// migration's (issue 28); near misses: a key in a _test.go file, in a text
// that is not SQL, under a down name. Its manual-ack consumers
// (ackheld.go) ack only when the insert succeeded: duplicate-as-error;
// near misses: the failure acked too, an insert with no unique key. The
// subscription's ack mode (ackmode.go): JetStream with ManualAck, amqp
// autoAck false and STAN options in a configuration field with
// SetManualAckMode flagged, options from a parameter flagged with "ack
// mode not found"; near misses: the same handlers acked by the library
// (no ManualAck, no SetManualAckMode), amqp autoAck true, a sarama mark
// (a cumulative commit) only on success.
func TestSchemaInGo(t *testing.T) {
	runShared(t, "goschemafix")
}

// TestModelTagKeys: unique keys declared in bun model tags, the tables
// created from the models (declared/bunmodels), make an insert of a row
// whose key the message fills fail on a redelivery (a struct, a slice
// built in a loop, a named group); near misses: an untagged field, a key
// from uuid.NewString.
func TestModelTagKeys(t *testing.T) {
	runShared(t, "bunkeyfix")
}

func TestFailsOnDuplicate(t *testing.T) {
	runShared(t, "duperrfix/queries", "duperrfix/strutil", "duperrfix")
}

// TestLostClaimAsError: store helpers whose compare-and-set reports a
// lost claim as an error made there (a lock table's "can't lock", an
// optimistic lock's "no records found") are claim helpers: the mail sent
// after a won lock is guarded, a lost lock returned is
// duplicate-as-error, an unlock's error that a deferred closure only logs
// fails nothing; a pgx Query insert whose rows are only closed never
// returns its duplicate's failure. Near misses: a mail before the lock,
// rows.Err() returned. Per handler (the helpers' pitfalls each handler
// carries): wholeprogram's TestLostClaimAsErrorBehindInterface.
func TestLostClaimAsError(t *testing.T) {
	runShared(t, "lockerrfix")
}

// TestBusinessIDKey: a gorm Create whose only-id primary key is filled
// from the message fails on a redelivery; a logged failure is taken as
// success, a returned one is duplicate-as-error, a uuid id repeats.
func TestBusinessIDKey(t *testing.T) {
	runShared(t, "natkeyfix/model", "natkeyfix")
}

// TestDuplicateStopped: a duplicate-as-error that a caller turns into
// success (its sentinel tested and nil returned) or never reaches (a
// lookup's "not found" decides the create) is not reported; near misses
// are.
func TestDuplicateStopped(t *testing.T) {
	runShared(t, "dupstopfix")
}

// TestReplace: a scope of a table cleared and its rows inserted again on
// the same handle is a set; near misses stay inserts.
func TestReplace(t *testing.T) {
	runShared(t, "replacefix")
}

// TestCallerTx: a helper's claim and effect on the same parameter handle
// commit together when the caller passes a transaction (ghsync's
// applyRepositoryTx), separately when it passes the pool.
func TestCallerTx(t *testing.T) {
	res := defaults.run(t, "callertx")[0]
	want := map[string]string{
		"(*callertx.Deps).WithTxArg": "", "(*callertx.Deps).NewTxArg": "", "(*callertx.Deps).PassOnTx": "",
		"(*callertx.Deps).PoolArg": "guard-separate-tx", "(*callertx.Deps).PassOnPool": "guard-separate-tx",
		"(*callertx.Deps).MixedTx":         "guard-separate-tx",
		"(*callertx.Deps).NewTxThenHelper": "", "(*callertx.Deps).NewTxThenPool": "guard-separate-tx",
		"(*callertx.Deps).ConnTx": "", "(*callertx.Deps).ConnPool": "guard-separate-tx",
		"(*callertx.Deps).WithTxThenHelper": "", "(*callertx.Deps).WithTxThenReceiver": "guard-separate-tx",
	}
	for _, h := range res.Handlers {
		w, ok := want[h.Name]
		if !ok {
			continue
		}
		delete(want, h.Name)
		var got []string
		for _, f := range h.Findings {
			got = append(got, f.Rule)
		}
		if strings.Join(got, ",") != w {
			t.Errorf("%s: findings %v, want [%s]", h.Name, got, w)
		}
	}
	for name := range want {
		t.Errorf("no handler %s", name)
	}
}

// TestQueryBuilders: SQL built with squirrel and go-sqlbuilder is read
// from the chain that builds it (kind, table, ON CONFLICT suffix,
// increments); a dynamic table stays unnamed, a suffix set at run time, a
// builder from the caller or through a helper stay unknown.
func TestQueryBuilders(t *testing.T) {
	runShared(t, "sqlbuildfix")
}
