package wholeprogram_test

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/wholeprogram"
)

// resolve loads fixture packages of testdata/src (GOPATH mode, as
// analysistest does), analyses them and resolves them over the whole
// program.
func resolve(t *testing.T, patterns ...string) []*result.Result {
	t.Helper()
	return resolveWith(t, analyzer.Hooks{KeepSummaries: true}, patterns...)
}

// handlerLines is one line per handler of the results, as line writes
// it, sorted: what a test compares with its want (wantLines).
func handlerLines(results []*result.Result, line func(*result.Handler) string) []string {
	var got []string
	for _, res := range results {
		for _, h := range res.Handlers {
			got = append(got, line(h))
		}
	}
	sort.Strings(got)
	return got
}

// wantLines fails the test when the handlers' lines differ from want.
func wantLines(t *testing.T, got, want []string) {
	t.Helper()
	sameLines(t, "handlers", got, want)
}

// resolveWith is resolve with the analyzer's hooks (Whole: as the command
// runs it, dynamic calls left to this phase unread).
func resolveWith(t *testing.T, hooks analyzer.Hooks, patterns ...string) []*result.Result {
	t.Helper()
	return resolveOpts(t, analyzer.Options{}, hooks, patterns...)
}

// resolveOpts is resolveWith with analyzer options (a config, whose
// directory's migrations are read).
func resolveOpts(t *testing.T, opts analyzer.Options, hooks analyzer.Hooks, patterns ...string) []*result.Result {
	t.Helper()
	return resolveKeep(t, opts, hooks, false, patterns...)
}

// versioned, when set, is a module path of testdata/src whose packages
// resolveKeep loads as a versioned dependency's (foldedcalls_test.go).
var versioned string

// resolveKeep is resolveOpts with the input's KeepUnreached.
func resolveKeep(t *testing.T, opts analyzer.Options, hooks analyzer.Hooks, keepUnreached bool, patterns ...string) []*result.Result {
	t.Helper()
	return resolveLoaded(t, opts, hooks, keepUnreached, loadFixtures(t, patterns...))
}

// resolveLoaded analyses loaded root packages (and, for their facts,
// their dependencies) and resolves them over the whole program. Like
// analysistest.Run, it checks the diagnostics against the fixtures'
// `// want` comments (wantDiagnostics), so every whole-program test does.
func resolveLoaded(t *testing.T, opts analyzer.Options, hooks analyzer.Hooks, keepUnreached bool, pkgs []*packages.Package) []*result.Result {
	t.Helper()
	a := analyzer.WithHooks(opts, hooks)
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var results []*result.Result
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", act.Package.PkgPath, act.Err)
		}
		results = append(results, act.Result.(*result.Result))
	}
	ix, _ := models.Builtin()
	out, _ := wholeprogram.Resolve(wholeprogram.Input{
		Fset: pkgs[0].Fset, Packages: pkgs, Graph: graph, Results: results, Index: ix,
		Report:        func(res *result.Result) *report.Context { return report.ForResult(res, false, nil) },
		KeepUnreached: keepUnreached,
	})
	wantDiagnostics(t, out)
	return out
}

// A framework handler that runs jobs created by reflection dispatches to
// every implementation of the job interface: each is a handler, named by
// its registry key. Near miss: Validate's type switch on an error calls
// MultiError.Errors, which no value flow resolves either; an error is not
// an untyped registry entry, so multi.Errors is no handler.
func TestRegistryFallback(t *testing.T) {
	var got []string
	for _, res := range resolve(t, "registryfix") {
		for _, h := range res.Handlers {
			line := h.FullName + " task=" + h.Task + " " + h.Risk.String() + " " + h.Confidence
			for _, f := range h.Findings {
				if f.Diagnostic != nil {
					line += " " + f.Rule
				}
			}
			got = append(got, line)
			if h.Confidence == "low" && !strings.Contains(h.Note, "found through a registry") {
				t.Errorf("%s: note %q", h.FullName, h.Note)
			}
		}
	}
	want := []string{
		"registryfix.Handle task=jobs unknown high",
		"registryfix.(*Email).Run task=EMAIL high low unguarded",
		"registryfix.(*GC).Run task=GC safe low",
		"registryfix.Validate task=validate safe high",
	}
	sameLines(t, "handlers", got, want)
}

// A job that calls a route its own program serves has the route handler's
// effects, with the route in the path; a method the route does not serve
// leaves the HTTP post.
func TestRoutes(t *testing.T) {
	got := map[string]string{}
	for _, res := range resolve(t, "routefix") {
		for _, h := range res.Handlers {
			line := h.Risk.String()
			for _, e := range h.Effects {
				line += " " + e.Kind + "/" + e.Op + " " + e.Target
				for _, hop := range e.Path {
					if strings.Contains(hop.Func, "(http ") {
						line += " via " + hop.Func[strings.Index(hop.Func, "(http "):]
					}
					if i := strings.Index(hop.Func, "(grpc "); i >= 0 {
						line += " via " + hop.Func[i:]
					}
				}
			}
			got[h.Name] = line
			for _, e := range h.Effects {
				if e.Target == "payments" {
					got[h.Name] = fmt.Sprintf("%s guarded=%v", e.Op, e.Guard != nil)
				}
			}
		}
	}
	want := map[string]string{
		"(*routefix.Worker).Ship":    "safe db_write/update-set orders via (http POST /orders/{id}/status → (*routefix.API).SetStatus)",
		"(*routefix.Worker).Address": "safe db_write/upsert-set addresses via (http PUT /orders/{id}/address → (*routefix.API).UpsertAddress)",
		"(*routefix.Worker).Note":    "medium db_write/insert notes via (http POST /orders/{id}/notes → (*routefix.API).AddNote)",
		"(*routefix.Worker).Wrong":   "high http/post /orders/{}/address",
		// Only a route of wildcards would match: another service's path.
		"(*routefix.Worker).Publish":     "high http/post http",
		"(*routefix.Worker).RenameLocal": "medium db_write/insert renames via (http POST /{name} → (*routefix.API).Rename)",
		"(*routefix.Payer).Credit":       "medium db_write/update-increment accounts via (grpc /ledger.v1.Ledger/Credit → (*routefix.ledger).Credit)",
		"(*routefix.Payer).Audit":        "medium db_write/insert audit via (grpc /pb.audit/recordEntry → (*routefix.audit).RecordEntry)",
		"(*routefix.Worker).Pay":         "insert guarded=true",
		"(*routefix.Worker).PayNoKey":    "insert guarded=false",
		"(*routefix.Payer).Touch":        "safe db_write/update-set accounts via (grpc /ledger.v1.Ledger/Touch → (*routefix.ledger).Touch)",
		// A GET to the program's own route is judged by the route (issue 28).
		"(*routefix.Worker).Confirm": "medium db_write/insert confirmations via (http GET /orders/{id}/confirm → (*routefix.API).Confirm)",
		"(*routefix.Worker).Lookup":  "safe db_read/select orders via (http GET /orders/{id} → (*routefix.API).Order)",
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s:\n got %s\nwant %s", name, got[name], w)
		}
	}
}

// TestFunctionQueue: a call of a function value received from a channel
// runs the function the handler's own chain sent, not every one sent.
func TestFunctionQueue(t *testing.T) {
	got := map[string]string{}
	for _, res := range resolve(t, "queuefix") {
		for _, h := range res.Handlers {
			line := h.Risk.String()
			for _, e := range h.Effects {
				line += " " + e.Kind + "/" + e.Op + " " + e.Target
			}
			got[h.Name] = line
		}
	}
	for name, w := range map[string]string{
		"(*queuefix.Jobs).Rename": "safe db_write/upsert-set names",
		"(*queuefix.Jobs).Record": "medium db_write/insert events",
	} {
		if got[name] != w {
			t.Errorf("%s:\n got %s\nwant %s", name, got[name], w)
		}
	}
}

// routerLines resolves the routers fixture once for both router tests:
// per handler, its risk, effects and the routes they went through (plain),
// and the same with the calls kept against their route and the finding
// rules (full).
func routerLines(t *testing.T) (plain, full map[string]string) {
	t.Helper()
	plain, full = map[string]string{}, map[string]string{}
	for _, res := range resolve(t, "routers") {
		for _, h := range res.Handlers {
			line, kept := h.Risk.String(), h.Risk.String()
			for _, e := range h.Effects {
				eff := " " + e.Kind + "/" + e.Op + " " + e.Target
				for _, hop := range e.Path {
					if i := strings.Index(hop.Func, "(http "); i >= 0 {
						eff += " via " + hop.Func[i:]
					}
				}
				line += eff
				kept += eff
				if strings.Contains(e.Detail, "is not taken for this call") {
					kept += " (kept)"
				}
			}
			var rules []string
			for _, f := range h.Findings {
				rules = append(rules, f.Rule)
			}
			plain[h.Name] = line
			full[h.Name] = kept + " [" + strings.Join(rules, ",") + "]"
		}
	}
	return plain, full
}

// TestRouters: gorilla/mux (HandleFunc(…).Methods), gin (RouterGroup
// through Engine) and echo routes are followed like net/http's.
//
// Grouped routes (issue 28) are followed only when a reviewer can read
// them (the undecided table): a GET whose grouped route inserts is that
// insert, with its finding; a route whose handler calls a service nothing
// implements (left undecided) does not replace the call's own reading, a
// POST stays a non-idempotent HTTP call, and what the route does decide
// (an insert) is listed beside a GET, which is then not safe.
func TestRouters(t *testing.T) {
	got, full := routerLines(t)
	for name, w := range map[string]string{
		"(*routers.Worker).GorillaStatus": "safe db_write/update-set orders via (http PUT /v1/orders/{id}/status → (*routers.API).gorillaStatus)",
		"(*routers.Worker).GorillaNote":   "medium db_write/insert notes via (http POST /v1/orders/{id}/notes → (*routers.API).gorillaNote)",
		"(*routers.Worker).GinTag":        "safe db_write/claim tags via (http POST /v2/orders/:id/tags → (*routers.API).ginTag)",
		"(*routers.Worker).GinEvent":      "medium db_write/insert events via (http POST /v2/orders/:id/events → (*routers.API).ginEvent)",
		"(*routers.Worker).EchoAddress":   "safe db_write/upsert-set addresses via (http PUT /v3/orders/:id/address → (*routers.API).echoAddress)",
		// Route groups (issue 28): nested gin groups, a group handed to a
		// function and kept in a field, an echo group (a GET whose handler
		// counts in a package-level map), a gorilla/mux subrouter and a
		// net/http sub-mux behind http.StripPrefix serve under the prefix.
		"(*routers.Worker).GroupNote":   "medium db_write/insert group_notes via (http POST /api/v1/notes/:id → (*routers.API).ginGroupNote)",
		"(*routers.Worker).GroupMemo":   "medium db_write/insert memos via (http POST /api/v1/memos/:id → (*routers.API).ginMemo)",
		"(*routers.Worker).AdminReport": "medium db_write/insert reports via (http POST /admin/reports/:id → (*routers.API).ginReport)",
		"(*routers.Worker).Hit":         "medium memory_write/increment routers.hits via (http GET /api/hits/:id → (*routers.API).echoHit)",
		"(*routers.Worker).JobTask":     "safe db_write/update-set tasks via (http PUT /jobs/tasks/{id} → (*routers.API).gorillaTask)",
		"(*routers.Worker).StoreItem":   "medium db_write/insert items via (http POST /store/items/{id} → (*routers.API).itemPut)",
		// Near misses: the path without its group's prefix, and a route of
		// one group under another group's prefix, reach no route.
		"(*routers.Worker).NoPrefix":   "high http/post http",
		"(*routers.Worker).OtherGroup": "high http/post http",
	} {
		if got[name] != w {
			t.Errorf("%s:\n got %s\nwant %s", name, got[name], w)
		}
	}
	for name, w := range map[string]string{
		"(*routers.Worker).VisitCert": "medium db_write/insert visits via (http GET /pki/v1/certs/:id/visit → (*routers.Service).ginVisit) [unguarded]",
		"(*routers.Worker).IssueCert": "high http/post http (kept) [unguarded]",
		"(*routers.Worker).AuditCert": "medium db_write/insert audit via (http GET /pki/v1/certs/:id/audit → (*routers.Service).audited) http/get http (kept) [unguarded]",
		// Not grouped: the route is read as before.
		"(*routers.Worker).GinEvent": "medium db_write/insert events via (http POST /v2/orders/:id/events → (*routers.API).ginEvent) [unguarded]",
	} {
		if full[name] != w {
			t.Errorf("%s:\n got %s\nwant %s", name, full[name], w)
		}
	}
}

// A handler that calls its real handler from a map of functions in a
// field lists each constant-keyed entry as a handler, its key the task
// and its effects resolved (the ledger credit through an interface). The
// dispatcher's finding names the entry that repeats the effect, as go vet
// says it (analyzer TestDispatchMapEntries); a map filled by registration
// is resolved by VTA.
func TestDispatchMap(t *testing.T) {
	var got []string
	for _, res := range resolve(t, "dispatchfix") {
		for _, h := range res.Handlers {
			line := h.FullName + " task=" + h.Task + " " + h.Risk.String()
			for _, f := range h.Findings {
				if f.Diagnostic != nil {
					line += " " + f.Rule
				}
			}
			got = append(got, line)
			dispatcher := h.Task == "events" || h.Task == "registry"
			if !dispatcher && !strings.Contains(h.Note, "dispatched by dispatchfix.Dispatcher.Handle") {
				t.Errorf("%s: note %q", h.FullName, h.Note)
			}
			if h.Task == "events" {
				const via = `dispatchfix.Dispatcher.Handle (dynamic call → dispatchfix.sendEmail, entry "email.send") → `
				if len(h.Findings) == 0 || h.Findings[0].Diagnostic == nil || !strings.Contains(h.Findings[0].Diagnostic.Message, via) {
					t.Errorf("%s: findings %+v, want one whose path goes %s", h.FullName, h.Findings, via)
				}
			}
		}
	}
	sort.Strings(got)
	want := []string{
		"dispatchfix.(*Registry).Handle task=registry high unguarded",
		"dispatchfix.Dispatcher.Handle task=events high unguarded",
		"dispatchfix.NewDispatcher.func1 task=invoice.paid medium unguarded",
		"dispatchfix.NewDispatcher.func2 task=user.deleted safe",
		"dispatchfix.sendEmail task=email.send high unguarded",
	}
	sameLines(t, "handlers", got, want)
}

// The whole program resolves the interface calls it can (the code then
// decides, whatever the method's name reads as) and reads the others by
// their names (by: name, confidence medium).
func TestNamesAfterResolution(t *testing.T) {
	var got []string
	for _, res := range resolve(t, "inferwhole/jobs", "inferwhole/cmd") {
		for _, h := range res.Handlers {
			if !h.Owner {
				continue // also listed by main, which registers it
			}
			line := h.Name + " " + h.Risk.String() + " " + effect.Confidence(h.Effects)
			for _, e := range h.Effects {
				line += " " + e.Kind + "/" + e.Op + " by=" + e.By
			}
			for _, f := range h.Findings {
				if f.Diagnostic != nil {
					line += " " + f.Rule
				}
			}
			got = append(got, line)
		}
	}
	sort.Strings(got)
	want := []string{
		"(*jobs.Deps).Create medium medium db_write/insert by=name unguarded",
		"(*jobs.Deps).Ensure safe medium db_write/insert by=name",
		"(*jobs.Deps).Read safe medium db_read/read by=name",
		"(*jobs.Deps).Status medium high db_write/insert by=code unguarded",
		"(*jobs.Deps).Welcome high medium email/send by=name unguarded",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Jobs registered as values of the application's job interface are
// handlers each over the whole program too, with their own effects; the
// closure registered under a constant name calling a dependency's method
// is resolved to what main wires (nothing here: it stays unknown, and
// this test's analysis, not told of the whole-program phase, says so).
func TestInterfaceJobs(t *testing.T) {
	got := handlerLines(resolve(t, "ifacejobs/..."), func(h *result.Handler) string {
		line := h.Task + " " + h.FullName + " " + h.Risk.String()
		for _, f := range h.Findings {
			if f.Diagnostic != nil {
				line += " " + f.Rule
			}
		}
		return line
	})
	want := []string{
		"CleanupJobs ifacejobs/background.(*CleanupHandler).HandleConsumeJob safe",
		"CleanupJobsScheduler ifacejobs/background.CleanupHandler.EnqueueTriggeredJob medium unguarded",
		"Probe ifacejobs/background.Probe.HandleConsumeJob safe",
		"SyncPlaid ifacejobs/background.(*SyncHandler).HandleConsumeJob medium unguarded",
		"audit:write ifacejobs.audit.Run medium unguarded",
		"email:send ifacejobs/jobs.(*SendEmail).Run medium unguarded",
		"jobs ifacejobs/registry.(*MapRegistry).Dispatch medium unguarded",
		"ledger:credit ifacejobs.ledger.Run medium unguarded",
		"report:build ifacejobs.(*reporter).Process medium unguarded",
		"sessions:cleanup ifacejobs/jobs.Cleanup.Run safe",
		"store:cleanup ifacejobs.RegisterCleanup.func1 unknown unresolved",
	}
	sameLines(t, "handlers", got, want)
}

// A memory write an implementation reached through an interface makes to
// its receiver is an effect when the receiver is wired into a field, not
// when the handler made the value; a route of the program that writes its
// server struct's map or a package-level map has that effect for the job
// that calls it (issue 28's tally).
func TestMemoryThroughInterfaces(t *testing.T) {
	got := handlerLines(resolve(t, "memwhole"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op
		}
		return line
	})
	want := []string{
		"bill medium memory_write/increment",
		"scratch safe",
		"seen safe memory_write/set",
		"tally medium memory_write/increment",
	}
	sameLines(t, "handlers", got, want)
}

// TestCallbacksThroughInterfaces: a callback handed to a store's
// WithTransaction through an interface runs there; its effects are the
// handler's — the closure a method returns, a closure literal, a function
// kept in a field (as the call graph resolves it) — never none.
func TestCallbacksThroughInterfaces(t *testing.T) {
	got := wholeLines(t, effectsLine, "txcallback")
	want := []string{
		"audit medium db_write/insert audit",
		"decrement medium db_write/update-increment namespaces",
		"purge safe",
	}
	sameLines(t, "handlers", got, want)
}

// A querier interface bound to the transaction (q.WithTx(tx) returning the
// application's Querier) and passed to a helper: the insert, an interface
// call per package, resolves to sqlc's generated method, which writes on
// its receiver, so River's JobCompleteTx on that transaction guards it.
func TestTxGuard(t *testing.T) {
	for _, res := range resolve(t, "completions") {
		for _, h := range res.Handlers {
			if h.Task != "order:querier" {
				continue
			}
			var got []string
			for _, e := range h.Effects {
				s := e.Kind + "/" + e.Op + " " + e.Target
				if e.Guard != nil {
					s += fmt.Sprintf(" guarded=%s same_tx=%v", e.Guard.Kind, e.Guard.SameTx)
				}
				got = append(got, s)
			}
			sort.Strings(got)
			want := "db_write/complete job\ndb_write/insert orders guarded=job_complete_tx same_tx=true"
			if g := strings.Join(got, "\n"); g != want || len(h.Findings) != 0 {
				t.Errorf("order:querier effects:\n%s\nwant:\n%s\nfindings: %v", g, want, h.Findings)
			}
			return
		}
	}
	t.Error("handler order:querier not found")
}

// A generated OpenAPI client (openapi-generator's Go shape): the handler
// builds a request whose Execute calls the service through an interface
// field of the API client, and the service method sets the HTTP method in
// a local before one shared callAPI sends it. The whole program follows
// it to net/http with the method: the create is a POST, the get a read.
func TestOpenAPIClient(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "openapifix", "openapifix/apiclient"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " by " + e.By
		}
		return line
	})
	want := []string{
		"project:create high http/post by code",
		"project:show safe http/get by code",
	}
	sameLines(t, "handlers", got, want)
}

// TestCheckThenActThroughInterfaces: the check, the act and the record
// behind a store interface are check-then-act once the whole program
// resolves them (shellhub's device cleanup); a call that also writes (it
// creates the subscriptions it looked the event up for) is not a check; a
// deferred closure's effect after the check is covered (lamassuiot's
// RegisterCA reports a failure in a defer). A validation helper whose
// interface call reads the key row and returns a sentinel the helper
// turns into "acknowledge" (after idempotent bookkeeping) is the check;
// the export before the key row's insert inside one interface call is
// the act it exposes; the answer ignored, or the key row inserted before
// the export, is no check-then-act. An act behind a helper the handler
// calls before a Redis replay check (its success path) and again between
// the check and the mark (its alert path) is check-then-act on the path
// after the check and unguarded on the one before (alert); reached only
// before the check, it is no check-then-act (alertfirst). An act whose
// record only some of its returns write, whose reading makes it safe (a
// POST to a text service's /entities), is listed once (tagentities); one
// to a path that names no computation twice (tagnotify).
func TestCheckThenActThroughInterfaces(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "checkactwhole"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target
			if e.Issue != "" {
				line += " issue=" + e.Issue
			}
		}
		return line
	})
	want := []string{
		"alert medium unguarded check-then-act db_write/insert notices db_write/insert notices issue=check-then-act kv_read/read  kv_write/set ",
		"alertfirst medium unguarded db_write/insert notices kv_read/read  kv_write/set ",
		"cleanup medium check-then-act db_write/update-increment namespaces issue=check-then-act db_read/select devices db_write/delete devices",
		"export medium check-then-act db_write/insert job_keys issue=check-then-act db_write/insert exports issue=check-then-act db_read/select job_keys db_write/update-set jobs",
		"exportmarkedfirst medium unguarded db_write/insert job_keys db_write/insert exports db_read/select job_keys db_write/update-set jobs",
		"exportunchecked medium unguarded db_write/insert job_keys db_write/insert exports db_read/select job_keys db_write/update-set jobs",
		"match medium unguarded db_write/insert subscriptions db_write/insert deliveries db_read/select events db_write/update-set events",
		"screen medium unguarded check-then-act db_write/insert detections db_write/insert detections issue=check-then-act db_read/select members db_write/update-set members",
		"screenalways medium check-then-act db_write/insert detections issue=check-then-act db_read/select members db_write/update-set members",
		"ship medium check-then-act db_write/insert deliveries issue=check-then-act db_write/insert audit issue=check-then-act db_write/update-set events db_read/select events",
		"tagentities safe db_read/select summaries db_write/update-set summaries http/post /entities issue=check-then-act",
		"tagnotify high unguarded check-then-act http/post /notify http/post /notify issue=check-then-act db_read/select summaries db_write/update-set summaries",
	}
	sameLines(t, "handlers", got, want)
}

// A consumer whose functions are kept in a generic config struct
// (ConsumerConfig[T].Handle set where the config is built): the pull loop
// calls the field's function value, resolved like any func-value field.
func TestGenericConfigFuncs(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "genericcfg") {
		for _, h := range res.Handlers {
			line := h.Name + " " + h.Risk.String()
			for _, e := range h.Effects {
				line += " " + e.Kind + "/" + e.Op + " " + e.Target
			}
			got = append(got, line)
		}
	}
	want := []string{"genericcfg.Consume medium db_write/insert orders"}
	sameLines(t, "handlers", got, want)
}

// An application's HTTP client behind an interface takes the method in a
// field of its request type (client.Send(ctx, &Request{Method: "POST"})):
// resolved over the whole program, the method the caller gives decides
// the effect. Its URL and body fields decide whether a PATCH is a set (a
// JSON merge patch of an identified resource), behind a second interface
// too.
func TestMethodThroughInterfaces(t *testing.T) {
	const mergeSet = "a PATCH of a JSON object (a JSON merge patch, RFC 7396) to the identified resource /v3/deals/{}: repeating it leaves the same state (rule http-merge-patch-set)"
	const clock = "not read as a set: its body's value time.Now().String() derives from time.Now: new on every delivery"
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "ifacemethod"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op
			if e.Op == effect.OpSet || e.Op == "patch" {
				line += " " + e.Target + " by " + e.By + ": " + e.Detail
			}
		}
		return line
	})
	want := []string{
		"crm:add high http/post",
		"crm:amount safe http/set api.crm.example.com/v3/deals by code: " + mergeSet,
		"crm:amount-via safe http/set api.crm.example.com/v3/deals by code: " + mergeSet,
		"crm:read safe http/get",
		"crm:remove-amount high http/patch api.crm.example.com/v3/deals by code: not read as a set: its Content-Type is application/json-patch+json (JSON Patch operations)",
		"crm:touch high http/patch api.crm.example.com/v3/deals by code: " + clock,
		"crm:touch-via high http/patch api.crm.example.com/v3/deals by code: " + clock,
	}
	sameLines(t, "handlers", got, want)
}

// An OAuth2 client-credentials token request sent through a shared HTTP
// wrapper behind an interface (DIMO's ExecuteRequest, its URL from
// configuration): the form the caller passes as the body's bytes sets
// grant_type, so the POST resolved over the whole program is a token
// request, safe by code, also when the handler encodes the form and hands
// it to a helper that makes the interface call (fleet:helper-token). A
// form without it stays a POST (high).
func TestTokenGrantThroughInterfaces(t *testing.T) {
	const grant = "a POST of a form with grant_type client_credentials (an OAuth2 token request, RFC 6749): a repeat gets another access token, nothing changes at the provider (rule http-token-grant)"
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "ifacetoken"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " by " + e.By
			if e.Detail != "" {
				line += ": " + e.Detail
			}
		}
		return line
	})
	want := []string{
		"fleet:form high http/post by code",
		"fleet:helper-form high http/post by code",
		"fleet:helper-token safe http/post by code: " + grant,
		"fleet:token safe http/post by code: " + grant,
	}
	sameLines(t, "handlers", got, want)
}

// A rate-limit gate behind an interface takes its own request type, which
// keeps the *http.Request its caller built in a field (through a
// constructor, a wrapper choosing between constructors, and a setter that
// returns its receiver), and sends a clone of it (ghsync's budget.Gate):
// the method the request was built with decides; a wrapper that may hold
// either of two requests leaves it unknown.
func TestMethodThroughWrappedRequest(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "ifacegate"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op
		}
		return line
	})
	want := []string{
		"gate:close high http/post",
		"gate:either unknown http/unknown",
		"gate:list safe http/get",
		"gate:pulls safe http/post",
		"gate:redeliver high http/post",
		"gate:runquery high http/post",
		"gate:token safe http/post",
	}
	sameLines(t, "handlers", got, want)
}

// TestFiveDynamicHops: a write five interface calls below the handler
// (a consumer's service, database, writer and table) is the
// implementation's, read from its SQL (a claim), not inferred from the
// last method's name (InsertKey: an insert).
func TestFiveDynamicHops(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "deepdynfix") {
		for _, h := range res.Handlers {
			if h.Task != "keys:assign" {
				continue // wrapped.go's handlers: TestDynamicHopBoundFollowedElsewhere
			}
			for _, e := range h.Effects {
				got = append(got, h.Risk.String()+" "+e.Kind+"/"+e.Op+" "+e.Target+" by "+e.By)
			}
		}
	}
	want := []string{"safe db_write/claim keys by code"}
	if !slices.Equal(got, want) {
		t.Errorf("effects:\n got %q\nwant %q", got, want)
	}
}

// TestDynamicHopBoundFollowedElsewhere: a call reached past the bound on
// dynamic hops on one path of a handler and within it on another (a
// tracing transaction client wrapping the real one adds a hop) was
// followed on the shorter path: the longer one does not read it from its
// name (CreateParams: a creation) where its code computes. Near miss:
// reached only past the bound, it is read by name.
func TestDynamicHopBoundFollowedElsewhere(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "deepdynfix"), func(h *result.Handler) string {
		line := h.Name + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target + " by=" + e.By
		}
		return line
	})
	want := []string{
		"(*deepdynfix.BillHandler).ProcessTask safe",
		"(*deepdynfix.DeepHandler).ProcessTask medium db_write/insert (deepdynfix.Params).CreateParams by=name",
		"(*deepdynfix.Handler).ProcessTask safe db_write/claim keys by=code",
	}
	sameLines(t, "handlers", got, want)
}

// A library's method reached through its interface is another module's
// code: what it cannot resolve (a logger the application may replace,
// writes to a connection) is one effect named at the boundary, read from
// the method's name as a static call into the library is (Connect opens a
// connection); a name that says nothing (Handle) stays unknown. A
// creation read so whose failure a caller takes as success when it says
// "already exists" is a create-if-absent (safe); one whose every failure
// is returned stays the creation.
func TestBoundaryThroughInterfaces(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "wpboundary"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target + " by=" + e.By + " (" + e.Detail + ")"
		}
		return line
	})
	want := []string{
		`wire:index safe http/post (*wire.client).CreateIndex by=name (inferred from the name (*wire.client).CreateIndex: a creation with a payload; example.org/wire.(*client).CreateIndex performs network I/O; create-if-absent: (*wpboundary.Deps).ensureIndex takes its failure on a duplicate ("already exists") as success)`,
		"wire:index-once high http/post (*wire.client).CreateIndex by=name (inferred from the name (*wire.client).CreateIndex: a creation with a payload; example.org/wire.(*client).CreateIndex performs network I/O)",
		"wire:open safe dynamic_call/read (*wire.client).Connect by=name (inferred from the name (*wire.client).Connect: a connection opened or closed; example.org/wire.(*client).Connect performs network I/O)",
		"wire:send unknown network/call (*wire.client).Handle by= (example.org/wire.(*client).Handle performs network I/O)",
	}
	sameLines(t, "handlers", got, want)
}

// A generic worker registered once per job kind: each handler's function
// values are resolved in the instantiation its registration makes, so
// the label kind sets and the audit kind inserts; the predicate a gate
// closure captured is resolved (every captured predicate is pure), the
// persist function a middleware captured is not (the graph merges a set
// and an insert): the note kind stays unknown.
func TestGenericWorkerInstances(t *testing.T) {
	got := wholeLines(t, effectsLine, "genericworker")
	want := []string{
		"audit medium db_write/insert audit",
		"label safe db_write/update-set items",
		"note unknown dynamic_call/call genericworker.config[A].persist",
	}
	sameLines(t, "handlers", got, want)
}

// A create GitHub refuses to repeat behind a repository interface: over
// the whole program its failure reaches the handler (duplicate-as-error,
// not unguarded), and the record made after it (in the create's function,
// through another interface) is guarded by it; a handler that swallows
// the failure stays unguarded. In the handler, a record made through an
// interface after it returned on the create's failure (which a static
// helper returns) is guarded; one made before that test is not, nor one
// after an interface call that may reach an implementation that creates
// nothing.
func TestFailsOnDuplicateThroughInterfaces(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "duperrwhole"), guardedLine)
	want := []string{
		"either-repo high unguarded duplicate-as-error http/post github pull requests db_write/insert pr_log",
		"open high duplicate-as-error http/post github pull requests",
		"record-first high unguarded duplicate-as-error http/post github pull requests db_write/insert pr_log",
		"recorded high duplicate-as-error http/post github pull requests db_write/insert pr_log guarded",
		"swallow high unguarded http/post github pull requests",
		"then-record high duplicate-as-error http/post github pull requests db_write/insert pr_log guarded",
	}
	sameLines(t, "handlers", got, want)
}

// A gorm create whose only-id primary key is the order's UID from the
// payload, behind an interface the whole program resolves: a handler that
// only logs the duplicate's failure is guarded by the key, one that
// returns it is duplicate-as-error, and a uuid id stays unguarded.
func TestBusinessIDKeyThroughInterfaces(t *testing.T) {
	// The declared fixture's config: its migrations have nk_orders.
	opts := declaredOpts()
	got := handlerLines(resolveOpts(t, opts, analyzer.Hooks{KeepSummaries: true, Whole: true}, "natkeywhole"), guardedLine)
	want := []string{
		"fresh medium unguarded db_write/insert nk_orders",
		"logged medium db_write/insert nk_orders guarded",
		"returned medium duplicate-as-error db_write/insert nk_orders",
	}
	sameLines(t, "handlers", got, want)
}

// natkeywhole two interface calls deep (convoy's event channels): the
// insert's only-id key is a field of the *Event a channel builds and hands
// to a repository interface. Built from the payload, or from the
// handler's stable argument passed down both calls, it is a business key
// (returned: duplicate-as-error; logged: guarded); a uuid made by the
// channel or by the handler stays unguarded.
func TestBusinessIDKeyThroughNestedInterfaces(t *testing.T) {
	opts := declaredOpts()
	got := handlerLines(resolveOpts(t, opts, analyzer.Hooks{KeepSummaries: true, Whole: true}, "natkeynest", "natkeynest/store"), guardedLine)
	wantLines(t, got, []string{
		"by-id medium duplicate-as-error db_write/insert nk_events",
		"by-id-helper medium duplicate-as-error db_write/insert nk_events",
		"by-new-id medium unguarded db_write/insert nk_events",
		"by-new-id-helper medium unguarded db_write/insert nk_events",
		"fresh medium unguarded db_write/insert nk_events",
		"logged medium db_write/insert nk_events guarded",
		"returned medium duplicate-as-error db_write/insert nk_events",
	})
}

// A channel made in one package and handed to two constructors in two
// others, kept in fields of different types: the consumer's send is
// received by the service's worker, whose insert is the handler's (with
// the channel hop in the path). Two different makes are not linked.
func TestChannelAliasedAcrossPackages(t *testing.T) {
	got := handlerLines(resolve(t, "chanalias/app", "chanalias/broker", "chanalias/service"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target
			for _, hop := range e.Path {
				if strings.Contains(hop.Func, effect.ChannelHopMark) {
					line += " via " + hop.Func
				}
			}
		}
		return line
	})
	// The broker's package also finds both by their shape (task "").
	want := []string{
		" medium unguarded db_write/insert orders via (*broker.Consumer).push (channel Consumer.out = Service.inbox, made at app.go:18 → (*service.Service).Run)",
		" safe",
		"audit safe",
		"order medium unguarded db_write/insert orders via (*broker.Consumer).push (channel Consumer.out = Service.inbox, made at app.go:18 → (*service.Service).Run)",
	}
	sameLines(t, "handlers", got, want)
}

// TestMessageLoopAcks: a handler found behind the application's message
// loop (msgloop) acks and nacks through the application's QueueMessage
// interface, which the program fills with gocloud's *pubsub.Message: the
// catalog models Ack (an ack) and Nack (none) by themselves, without
// their package, and the calls VTA resolves to them have no effect, as a
// static call of them has none, rather than the unknown of their bodies.
func TestMessageLoopAcks(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "msgloop/..."), func(h *result.Handler) string {
		line := h.Name + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op
		}
		return line
	})
	wantLines(t, got, []string{"(*orders.handler).Handle medium db_write/insert"})
}

// A function variable set at init to assembly (monetr's calc): a routine
// that calls nothing is a computation, so the handler is safe; one that
// makes a system call stays unknown (amd64 only: the fixture's assembly).
func TestAssemblyThroughFunctionValues(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the fixture's assembly is amd64")
	}
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "asmwhole/..."), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target
		}
		return line
	})
	wantLines(t, got, []string{
		"cluster safe",
		"leak unknown dynamic_call/call calc.leakImpl",
	})
}

// The key of the object an implementation in one package writes is the
// argument a call through an interface passes in another: built from the
// clock there, the overwrite is a new object on every delivery (as for a
// static call into the package); from the job's payload it stays an
// overwrite. So also when the interface holds the library's client itself
// (put:*, through a field; mirror:*, through another package's exported
// variable): the library method's model reads the key the call passes.
func TestObjectKeyThroughInterfaces(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "xpkgobj/files", "xpkgobj"), guardedLine)
	wantLines(t, got, []string{
		"archive:stable safe file_write/write minio",
		"archive:stamped medium unguarded file_write/create minio",
		"charge:random high random-key http/post payments.example.com/charges",
		"charge:random-helper high random-key http/post payments.example.com/charges",
		"charge:stable high http/post payments.example.com/charges guarded",
		"export:stable safe file_write/write minio",
		"export:stamped medium unguarded file_write/create minio",
		"mirror:stable safe file_write/write minio",
		"mirror:stamped medium unguarded file_write/create minio",
		"put:stable safe file_write/write minio",
		"put:stamped medium unguarded file_write/create minio",
		"save:stable safe file_write/write minio",
		"save:stamped medium unguarded file_write/create minio",
		"upload:stable safe file_write/write minio",
		"upload:stamped medium unguarded file_write/create minio",
	})
}

// TestRiverUniqueArgsThroughInterfaces: a River insert deduplicated by its
// job args, two interface calls below the handler (a service, then the
// application's inserter interface): keyed by the args, traced up both
// calls (the job's ID: guarded; a uuid: random-key).
func TestRiverUniqueArgsThroughInterfaces(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "riveruniquewp") {
		for _, h := range res.Handlers {
			for _, e := range h.Effects {
				if e.Kind != "publish" {
					continue
				}
				line := h.Task + " " + e.Kind + "/" + e.Op + " " + e.Target
				if e.Guard != nil {
					line += " guarded=" + e.Guard.Kind
				}
				if e.Issue != "" {
					line += " issue=" + e.Issue
				}
				got = append(got, line)
			}
		}
	}
	sort.Strings(got)
	want := []string{
		"wp:fan publish/enqueue river guarded=idempotency_key",
		"wp:fresh publish/enqueue river issue=random-key",
	}
	sameLines(t, "effects", got, want)
}

// TestWideFoldKeepsOtherCalls: a handler with more interface calls than a
// summary keeps (140 calls of one accessor, then the push client's
// Notify) still resolves the push client's call to its POST: the
// repeated calls of one method on one receiver are kept as one.
func TestWideFoldKeepsOtherCalls(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "widefoldfix") {
		for _, h := range res.Handlers {
			for _, e := range h.Effects {
				if e.Risk.NonIdempotent() || e.Folded {
					got = append(got, h.Risk.String()+" "+e.Kind+"/"+e.Op+" folded="+fmt.Sprint(e.Folded))
				}
			}
		}
	}
	want := []string{"high http/post folded=false"}
	if !slices.Equal(got, want) {
		t.Errorf("effects:\n got %q\nwant %q", got, want)
	}
}

// TestParamFieldCallbackThroughInterface: a callback stored in a field of
// the struct a handler passes to an interface method runs where the
// implementation calls that field (the handler's insert, unguarded); a
// handler that stores nothing there leaves the call unknown, not none.
func TestParamFieldCallbackThroughInterface(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "paramfieldwhole") {
		for _, h := range res.Handlers {
			for _, e := range h.Effects {
				got = append(got, h.Task+" "+h.Risk.String()+" "+e.Kind+"/"+e.Op+" "+e.Target)
			}
		}
	}
	sort.Strings(got)
	want := []string{
		"shadow:bare unknown dynamic_call/call paramfieldwhole.ListInput.ApplyFunc",
		"shadow:update medium db_write/insert shadow_updates",
		"shadow:update medium memory_write/set ", // err, which the closure captured
	}
	sameLines(t, "effects", got, want)
}

// An insert (mongo InsertMany in a wrapper that returns its failure)
// whose duplicate-key failure a caller on its path tests and does not
// return (it falls back to the update) is an insert-if-absent: safe, and
// guarded by its unique key, also
// where the whole program resolves the store behind an interface; the
// same insert with no such test, or with the duplicate returned, stays
// unguarded; $set through a wrapper whose update document is a parameter
// is a set, $inc an increment.
func TestDuplicateFallbackThroughInterfaces(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "ecomongo") {
		for _, h := range res.Handlers {
			if !strings.Contains(h.Name, "Block") {
				continue
			}
			line := h.Name + " " + h.Risk.String()
			for _, f := range h.Findings {
				line += " " + f.Rule
			}
			for _, e := range h.Effects {
				line += " " + e.Kind + "/" + e.Op
				if e.Guard != nil {
					line += " guarded"
				}
			}
			got = append(got, line)
		}
	}
	sort.Strings(got)
	want := []string{
		"(*ecomongo.BlockDeps).CountRead medium unguarded db_write/increment",
		"(*ecomongo.BlockDeps).InsertDupFails medium unguarded db_write/insert",
		"(*ecomongo.BlockDeps).InsertOnly medium unguarded db_write/insert",
		"(*ecomongo.BlockDeps).InsertOrSet safe db_write/set db_write/insert guarded",
		"(*ecomongo.BlockDeps).InsertOrSetLoop safe db_write/set db_write/insert guarded",
		"(*ecomongo.BlockDeps).WriteSlot safe db_write/set",
		"(*ecomongo.BlockWriter).Write safe db_write/set db_write/insert guarded",
	}
	sameLines(t, "handlers", got, want)
}

// A create behind a store interface whose own call reaches two querier
// implementations (a *DB and a *Tx wrapper): its SQL fails on a duplicate
// whichever runs it, so it is the create; the records it keeps a
// redelivery from commit apart from it (guard-separate-tx), and a record
// made before it repeats (unguarded). A part keyed by the id of the row a
// create returns, given a new uuid, fails on nothing: it repeats, and so
// does what follows it (unguarded, no guard-separate-tx).
func TestAfterDupSeparateTx(t *testing.T) {
	opts := declaredOpts()
	got := handlerLines(resolveOpts(t, opts, analyzer.Hooks{KeepSummaries: true, Whole: true}, "afterduptx"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target
			if e.Guard != nil {
				line += " guarded"
			}
			if e.Issue != "" {
				line += " " + e.Issue
			}
		}
		return line
	})
	want := []string{
		"import medium duplicate-as-error guard-separate-tx db_write/insert sb_files db_write/insert sb_records guard-separate-tx",
		"record-first medium unguarded duplicate-as-error db_write/insert sb_files db_write/insert sb_records",
		"save-parts-keyed medium duplicate-as-error guard-separate-tx db_write/insert sb_records guard-separate-tx db_write/insert sb_parts2",
		"save-recipe medium unguarded db_write/insert sb_records db_write/insert sb_recipes db_write/insert sb_parts",
		"save-recipe-parts medium unguarded db_write/insert sb_records db_write/insert sb_recipes2 db_write/insert sb_parts2",
	}
	sameLines(t, "handlers", got, want)
}

// TestInfeasibleThroughInterface: a call through an interface with a
// constant (here a package-level variable nothing else assigns) rules
// out the implementation's branches that test it otherwise; a variable
// assigned at run time decides nothing.
func TestInfeasibleThroughInterface(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "condwhole/..."), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		var effs []string
		for _, e := range h.Effects {
			effs = append(effs, e.Kind+"/"+e.Op+" "+e.Target)
		}
		sort.Strings(effs)
		return line + " " + strings.Join(effs, " ")
	})
	want := []string{
		"cancel medium db_write/update-increment moves db_write/update-set orders",
		"pay medium db_write/update-increment counters db_write/update-increment moves db_write/update-set orders",
	}
	sameLines(t, "handlers", got, want)
}

// TestNilFuncFieldWhole: over the whole program, the hook a writer runs
// only if hook != nil is what a handler's literal stores in Hook (the
// followups insert, unguarded); a handler whose literals leave Hook out
// runs no hook at all, while one whose batch has an unknown origin keeps
// every hook stored anywhere (nilhookfix, ghsync's BackfillRepoPage).
func TestNilFuncFieldWhole(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "nilhookfix") {
		for _, h := range res.Handlers {
			for _, e := range h.Effects {
				got = append(got, h.Task+" "+h.Risk.String()+" "+e.Kind+"/"+e.Op+" "+e.Target)
			}
		}
	}
	sort.Strings(got)
	want := []string{
		"hooked medium db_write/insert followups",
		"hooked medium db_write/update-set items",
		// The hook's own call, whose site is the writer's call (as
		// before this test; unknown, never none).
		"hooked medium dynamic_call/call nilhookfix.Apply.Hook",
		"page safe db_write/update-set items",
		"queued medium db_write/insert followups",
		"queued medium db_write/update-set items",
		"queued medium dynamic_call/call nilhookfix.Apply.Hook",
		"relay safe db_write/update-set items", // through Submit, which passes its batch on
	}
	sameLines(t, "effects", got, want)
}

// A reflective method call by a constant name resolves to the method of
// the receiver's type: the type argument of the instantiation the
// handler calls (two instantiations share the call's position) or a
// concrete type; a name that is not a constant, a name without such a
// method and an interface receiver stay unknown.
func TestReflectiveMethodByName(t *testing.T) {
	got := wholeLines(t, effectsLine, "reflectwhole")
	want := []string{
		"concrete safe",
		"generic safe",
		"generic-write medium db_write/insert predicates",
		"iface unknown dynamic_call/call ",
		"missing unknown dynamic_call/call ",
		"named unknown dynamic_call/call ",
	}
	sameLines(t, "handlers", got, want)
}

// An ent create under the id of the row a repository interface is given
// (SetID(r.ID)), its failure returned through an error builder at both
// levels (flexprice's CreateTask): the handler that fills the id from the
// payload is duplicate-as-error, though another field of the row is the
// clock's (the key is the id field, not the row); one that swallows the
// failure stays unguarded.
func TestSetIDFieldThroughInterface(t *testing.T) {
	got := wholeLines(t, findingsLine, "entidwhole")
	want := []string{
		"keyed medium duplicate-as-error db_write/insert reports",
		"swallowed medium unguarded db_write/insert reports",
	}
	sameLines(t, "handlers", got, want)
}

// wholeLines resolves patterns over the whole program (summaries kept)
// and returns one line per handler, sorted: its task, its risk and what
// line says of it.
func wholeLines(t *testing.T, line func(h *result.Handler) string, patterns ...string) []string {
	t.Helper()
	return handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, patterns...), func(h *result.Handler) string {
		return h.Task + " " + h.Risk.String() + line(h)
	})
}

// effectsLine lists a handler's effects as " kind/op target".
func effectsLine(h *result.Handler) string {
	var b strings.Builder
	for _, e := range h.Effects {
		b.WriteString(" " + e.Kind + "/" + e.Op + " " + e.Target)
	}
	return b.String()
}

// findingsLine lists a handler's findings' rules, then its effects.
func findingsLine(h *result.Handler) string {
	var b strings.Builder
	for _, f := range h.Findings {
		b.WriteString(" " + f.Rule)
	}
	return b.String() + effectsLine(h)
}

// guardedLine is a handler's task, risk, findings' rules and effects,
// each effect marked " guarded" when a guard covers it.
func guardedLine(h *result.Handler) string {
	line := h.Task + " " + h.Risk.String()
	for _, f := range h.Findings {
		line += " " + f.Rule
	}
	for _, e := range h.Effects {
		line += " " + e.Kind + "/" + e.Op + " " + e.Target
		if e.Guard != nil {
			line += " guarded"
		}
	}
	return line
}

// sameLines fails the test when got and want differ, printing both.
func sameLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n%s\nwant:\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A closure registered under several tasks, each registration binding a
// channel of its own type (perregfix byChannel: default, broadcast): each
// handler's interface call reaches its own channel's method. Near misses:
// the closure registered once (once) is one handler; the one whose
// registrations bind a channel of a type they do not fix (any-a, any-b:
// pick returns either) keeps both channels' methods.
func TestPerRegistrationBound(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "perregfix"), func(h *result.Handler) string {
		line := h.Task
		var effs []string
		for _, e := range h.Effects {
			effs = append(effs, e.Kind+"/"+e.Op+" "+e.Target)
		}
		sort.Strings(effs)
		return line + ": " + strings.Join(effs, ", ")
	})
	want := []string{
		"any-a: db_write/insert events, db_write/update-set broadcasts",
		"any-b: db_write/insert events, db_write/update-set broadcasts",
		"broadcast: db_write/update-set broadcasts",
		"default: db_write/insert events",
		"once: db_write/insert events",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// declaredOpts are the analyzer options with the declared fixture's
// config, whose migrations the key tests need.
func declaredOpts() analyzer.Options {
	testdata, _ := filepath.Abs(filepath.Join("..", "testdata"))
	return analyzer.Options{Config: filepath.Join(testdata, "src", "declared", ".jobeffects.yaml")}
}

// TestForwardingRegistrationBound: fwdregfix's TaskHandler.func1, one
// handler per call of the forwarding closure in Initialize, calls the
// Execute of the task that call binds (a func value returning the
// constructor's result, through the closure, the Router interface and
// AddTask): insert its insert, update its update. The near miss, Wrap.func1
// registered under names not known, keeps every task's.
func TestForwardingRegistrationBound(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "fwdregfix"), taskEffectsLine)
	want := []string{
		"fwdregfix.TaskHandler.func1 insert: db_write/insert events",
		"fwdregfix.TaskHandler.func1 update: db_write/update-set counters",
		"fwdregfix.Wrap.func1 : db_write/insert events, db_write/update-set counters",
	}
	sameLines(t, "handlers", got, want)
}

// TestFieldForwardBound: fieldregfix's literals of basew.Worker, each a
// registration of Worker.perform of its own (a field forward), call the
// Perform their literal sets: Insert the inserter's insert, Mark the
// marker's update, and the literal of computed name its own update. The
// forwarder's own registration, in basew, keeps every literal's.
func TestFieldForwardBound(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "fieldregfix", "fieldregfix/basew"), taskEffectsLine)
	want := []string{
		"basew.Worker.perform : db_write/insert events, db_write/update-set events",
		"basew.Worker.perform : db_write/update-set events",
		"basew.Worker.perform Insert: db_write/insert events",
		"basew.Worker.perform Mark: db_write/update-set events",
	}
	sameLines(t, "handlers", got, want)
}

// taskEffectsLine is a handler's name and task, then its effects' kind,
// operation and target, sorted: what the forwarding tests compare.
func taskEffectsLine(h *result.Handler) string {
	var effs []string
	for _, e := range h.Effects {
		effs = append(effs, e.Kind+"/"+e.Op+" "+e.Target)
	}
	sort.Strings(effs)
	return h.Name + " " + h.Task + ": " + strings.Join(effs, ", ")
}

// Functional options handed on through two interfaces (a tracing wrapper,
// a model that appends a default): the slice's elements are followed as
// single values at each dynamic hop, the options only set fields, and the
// library call's folded dynamic calls reach only the catalogued request
// its summary kept: safe, nothing unknown. Options from a field whose
// values are not known stay unknown.
func TestOptionsThroughInterfaces(t *testing.T) {
	got := wholeLines(t, effectsLine, "optsiface")
	want := []string{
		"intent safe http/post openai",
		"kept unknown dynamic_call/call (optsiface.Model).Call http/post openai",
	}
	sameLines(t, "handlers", got, want)
}

// TestStatusRowsThroughInterfaces: a loop that skips each projector whose
// status row says succeeded, marks the others pending, POSTs and writes
// succeeded, its status writes made through an interface over ent's
// builders (UpdateOneID or Create, then Save), is check-then-act once
// the whole program resolves the writes to users (the builder's table);
// a skip on a status nothing writes stays unguarded. The same check
// outside a loop is check-then-act too (status); behind a presence test
// (ok && …, a limit) it stays unguarded (one). A read that only shapes
// the request (refresh-one) is no check, nor one that chooses which way
// to fetch, each of which acts (refresh-ways: ghsync's refreshPROnce).
func TestStatusRowsThroughInterfaces(t *testing.T) {
	got := wholeLines(t, findingsLine, "statuswhole")
	want := []string{
		"project:all high check-then-act http/post  db_write/insert users db_read/select users db_write/update-set users",
		"project:one high unguarded http/post  db_write/insert users db_read/select users db_write/update-set users",
		"project:refresh-one high unguarded http/post  db_write/insert users db_write/update-set users db_read/select users",
		"project:refresh-ways high unguarded http/post  http/post  db_write/insert users db_write/update-set users db_read/select users",
		"project:status high check-then-act http/post  db_write/insert users db_read/select users db_write/update-set users",
		"project:unrecorded high unguarded http/post  db_read/select users",
	}
	sameLines(t, "handlers", got, want)
}

// A CloudEvent's id reaching a POST behind an interface through a batch
// map and the signed JSON a helper returns (DIMO's telemetry batcher,
// summary/msgpath.go): the implementation's POST, resolved over the whole
// program, is random-key where the id is made new on every delivery;
// an id derived from the task keys it (near miss).
func TestMessageKeyThroughInterfaces(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "ifacecloudevent"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			if e.Kind == effect.KindMemory {
				continue
			}
			line += " " + e.Kind + "/" + e.Op
			if e.Issue != "" {
				line += " issue=" + e.Issue + " at " + filepath.Base(e.IssuePos)
			}
			if e.Guard != nil {
				line += " guarded=" + string(e.Guard.Kind)
			}
		}
		return line
	})
	want := []string{
		"telemetry:batch high http/post issue=random-key at ifacecloudevent.go:66:22",
		"telemetry:stable high http/post guarded=idempotency_key",
	}
	sameLines(t, "handlers", got, want)
}

// TestRiverClientBehindAppInterface: the River client stored in the
// workers' interface field after river.NewClient returns (riverenqueuer):
// the insert through the field is the client's; with no options at the
// call (a batch element without InsertOpts, nil options) the args' own
// InsertOpts() decide the key: unique by args, guarded; none, unguarded.
func TestRiverClientBehindAppInterface(t *testing.T) {
	var got []string
	for _, res := range resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "riverenqueuer") {
		for _, h := range res.Handlers {
			for _, e := range h.Effects {
				line := h.Task + " " + e.Kind + "/" + e.Op + " " + e.Target + " by=" + string(e.By)
				if e.Guard != nil {
					line += " guarded=" + e.Guard.Kind
				}
				got = append(got, line)
			}
		}
	}
	sort.Strings(got)
	want := []string{
		"enq:one publish/enqueue river by=model guarded=idempotency_key",
		"enq:ping publish/enqueue river by=model",
		"enq:scan publish/enqueue river by=model guarded=idempotency_key",
	}
	sameLines(t, "effects", got, want)
}

// TestSQLArgThroughInterface: a repository builds its SQL (a squirrel
// builder, a text) and hands it to a retrier behind an interface, itself
// reached through one (NFT-com/indexer's AdditionStage). The retrier's
// execution is decided by the SQL the call passes, as at a static call:
// the upsert is safe, the plain insert unguarded, the text an update-set.
// A log line handed to the execer is no SQL: its execution stays unknown.
func TestSQLArgThroughInterface(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "sqlargiface/..."), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		for _, e := range h.Effects {
			_, at, _ := strings.Cut(e.Evidence(), "sqlargiface/")
			line += " " + e.Kind + "/" + e.Op + " " + e.Target + " " + at
		}
		return line
	})
	wantLines(t, got, []string{
		"append medium unguarded db_write/insert sa_notes db/db.go:16:22 db_write/insert sa_notes db/db.go:18:22",
		"log unknown db_write/unknown  db/db.go:28:21",
		"touch safe db_write/update-set sa_items db/db.go:28:21",
		"upsert safe db_write/upsert-set sa_items db/db.go:16:22 db_write/upsert-set sa_items db/db.go:18:22",
	})
}

// TestSequentialMarkThroughInterfaces: serialmark's mark before the act
// with the ledger and the provider behind interfaces (orako's bridge
// projector): the whole program sees the check of the rows an interface
// call returned, and the mark and the post behind the static helper's
// interface calls. On the sequential GoChannel the mark guards the post
// (serial; closure, orako's shape: the rows' state a named type tested in
// a range loop, its item's work after a skip of the winner's row); on
// one that does not wait for acks the post stays unguarded (overlapping,
// closure-overlapping), as serialmark's helper that marks and posts. One
// function on a sequential and a loose subscription is unguarded
// (twice-loose: the method's one handler; shared-loose: a closure's
// second registration), on two sequential ones guarded (serial-a).
func TestSequentialMarkThroughInterfaces(t *testing.T) {
	got := handlerLines(resolveWith(t, analyzer.Hooks{KeepSummaries: true, Whole: true}, "serialmarkwp/..."), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, f := range h.Findings {
			line += " " + f.Rule
		}
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target
			if e.Issue != "" {
				line += " issue=" + e.Issue
			}
			if e.Guard != nil {
				line += " guard=" + string(e.Guard.Kind)
			}
		}
		return line
	})
	wantLines(t, got, []string{
		"closure high http/post chat.example.com/post guard=status_mark db_read/select wp_messages db_write/update-set wp_messages",
		"closure-overlapping high unguarded http/post chat.example.com/post db_read/select wp_messages db_write/update-set wp_messages",
		"overlapping high unguarded http/post chat.example.com/post db_read/select wp_messages db_write/update-set wp_messages",
		"serial high http/post chat.example.com/post guard=status_mark db_read/select wp_messages db_write/update-set wp_messages",
		"serial-a high http/post chat.example.com/post guard=status_mark db_read/select wp_messages db_write/update-set wp_messages",
		"shared-loose high unguarded http/post chat.example.com/post db_read/select wp_messages db_write/update-set wp_messages",
		"shared-serial high http/post chat.example.com/post guard=status_mark db_read/select wp_messages db_write/update-set wp_messages",
		"twice-loose high unguarded http/post chat.example.com/post db_read/select wp_messages db_write/update-set wp_messages",
	})
}

// A gorm Save, behind a repository interface, of the row the caller hands
// it: a copy (generic ConvertToStruct) of the row another interface call
// returned with its read's error, which the caller tested, is the loaded
// row, an upsert-set; the error untested, the key assigned, or a row the
// repository builds leave the insert (savedrowcopy).
func TestSavedRowThroughCopy(t *testing.T) {
	got := handlerLines(resolveOpts(t, declaredOpts(), analyzer.Hooks{KeepSummaries: true, Whole: true}, "savedrowcopy"), guardedLine)
	want := []string{
		"blind medium unguarded db_write/insert copy_orders db_read/select copy_orders",
		"pay safe db_read/select copy_orders db_write/upsert-set copy_orders",
		"rekey medium unguarded db_write/insert copy_orders db_read/select copy_orders",
		"renew medium unguarded db_write/insert copy_orders db_read/select copy_orders",
	}
	sameLines(t, "handlers", got, want)
}

// A gorm Save of a row a repository interface returned: loaded by every
// implementation (First, its error tested), an upsert-set; returned new
// when the read finds none, an insert (savedrowwhole).
func TestSavedRowThroughInterface(t *testing.T) {
	got := handlerLines(resolveOpts(t, declaredOpts(), analyzer.Hooks{KeepSummaries: true, Whole: true}, "savedrowwhole"), guardedLine)
	want := []string{
		"clean safe db_write/upsert-set srw_segments db_read/select srw_segments",
		"reset medium unguarded db_write/insert srw_segments db_read/select srw_segments",
	}
	sameLines(t, "handlers", got, want)
}

// A gorm row loaded by key, the read's error tested, has a non-zero
// primary key: a create under `if w.ID == 0` (and a track's under
// `w.Track.ID != 0`'s else) never runs for it, at a static read or a
// repository interface's (loadedkey). A row built new, a read whose
// error is not tested, a key set after the read, or a repository that
// may return a new row keep the create.
func TestLoadedRowKeyNotZero(t *testing.T) {
	got := handlerLines(resolveOpts(t, declaredOpts(), analyzer.Hooks{KeepSummaries: true, Whole: true}, "loadedkey"), guardedLine)
	want := []string{
		"blind medium unguarded db_write/insert lk_workouts db_write/insert lk_workouts db_write/insert lk_tracks db_write/insert lk_tracks db_read/select lk_workouts",
		"fresh medium unguarded db_write/insert lk_workouts",
		"rekey medium unguarded db_write/insert lk_workouts db_write/upsert-set lk_workouts db_write/upsert-set lk_tracks db_read/select lk_workouts",
		"renew medium unguarded db_write/insert lk_workouts db_write/insert lk_workouts db_write/insert lk_tracks db_write/insert lk_tracks db_read/select lk_workouts",
		"touch safe db_write/upsert-set lk_workouts db_write/upsert-set lk_tracks db_read/select lk_tracks db_read/select lk_workouts",
		"update safe db_write/upsert-set lk_workouts db_write/upsert-set lk_tracks db_read/select lk_tracks db_read/select lk_workouts",
	}
	sameLines(t, "handlers", got, want)
}
