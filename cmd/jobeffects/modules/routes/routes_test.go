package routes

import (
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
	"go.yaml.in/yaml/v3"
)

// TestRoutesModule runs the inventory on testdata/routes, a worker, a chi
// API and a gRPC service (real grpc-go) in one module: a job that calls
// the module's own API has the effects of the route's handler or the
// service's method (a status set, an upsert and a delete are safe, an
// insert is not), with the route or gRPC method in the path. Under go vet
// the API is not a dependency of the worker, so the HTTP calls stay HTTP
// effects and the gRPC calls are unresolved (the README's "go vet vs the
// jobeffects command").
func TestRoutesModule(t *testing.T) {
	t.Parallel()
	dir := e2etest.TestdataDir(t, "routes")
	// Both answers first (e2etest.BothAnswers: one run for go vet's and
	// the command's, checked at the end): that run reads no cache but
	// writes the run cache, so the inventory below replays its analysis.
	// In the other order the inventory analysed the module and the
	// both-answers run analysed it again.
	vetErr, vetCode := e2etest.PerPackage(t, binary, dir, nil)
	stdout, stderr, code := e2etest.RunShared(t, dir, nil, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	var inv struct {
		Handlers []struct {
			Task  string
			Risk  string
			Guard struct {
				Kind    string
				KeyNote string `yaml:"key_note"`
			}
			Findings    []struct{ Rule string }
			SideEffects []struct {
				Kind, Operation, Target, Risk string
				Path                          []string
			} `yaml:"side_effects"`
		}
	}
	if err := yaml.Unmarshal([]byte(stdout), &inv); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, h := range inv.Handlers {
		var effs []string
		for _, e := range h.SideEffects {
			via := ""
			for _, hop := range e.Path {
				for _, mark := range []string{"(http ", "(grpc "} {
					if i := strings.Index(hop, mark); i >= 0 {
						via = " via " + hop[i:]
					}
				}
			}
			effs = append(effs, e.Kind+"/"+e.Operation+" "+e.Target+" "+e.Risk+via)
		}
		got[h.Task] = h.Risk + ": " + strings.Join(effs, "; ")
	}
	for task, want := range map[string]string{
		"order:ship":      "safe: db_write/update-set orders safe via (http PUT /orders/{id}/status → (*api.API).SetStatus)",
		"order:note":      "medium: db_write/insert notes medium via (http POST /orders/{id}/notes → (*api.API).AddNote)",
		"order:release":   "safe: db_write/delete holds safe via (http DELETE /orders/{id}/hold → (*api.API).Release)",
		"order:address":   "safe: db_write/upsert-set addresses safe via (http POST /orders/{id}/address → (*api.API).SetAddress)",
		"order:paid":      "safe: db_write/update-set orders safe via (grpc /orders.v1.Orders/SetStatus → (*api.OrdersServer).SetStatus)",
		"order:refund":    "medium: db_write/insert refunds medium via (grpc /orders.v1.Orders/AddRefund → (*api.OrdersServer).AddRefund)",
		"order:readdress": "safe: db_write/upsert-set addresses safe via (grpc /orders.v1.Orders/SetAddress → (*api.OrdersServer).SetAddress)",
		// State that outlives the request (issue 28): the route adds to a
		// map of the long-lived server struct (an increment in another
		// process), or sets a package-level map's entry (a set).
		"customer:tally": "medium: memory_write/increment example.com/routes/api.API.Tally medium via (http POST /customers/{id}/tally → (*api.API).AddTally)",
		"order:seen":     "safe: memory_write/set api.seen safe via (http POST /orders/{id}/seen → api.MarkSeen)",
		// A GET to the program's own route is judged by the route's effects
		// (issue 28): one that inserts, one that reads.
		"order:confirm": "medium: db_write/insert confirmations medium via (http GET /orders/{id}/confirm → (*api.API).Confirm)",
		"order:lookup":  "safe: db_read/select orders safe via (http GET /orders/{id} → (*api.API).GetOrder)",
		// Routes under a group's prefix (api/groups.go): a chi Route
		// group (an insert, and a GET counting in a package-level map), a
		// router mounted under /admin, a net/http sub-mux behind
		// http.StripPrefix; near misses: the path without the prefix, or
		// under another group's, reaches no route.
		"order:v2-note":    "medium: db_write/insert notes medium via (http POST /v2/orders/{id}/notes → (*api.API).AddNote)",
		"order:visit":      "medium: memory_write/increment api.visits medium via (http GET /v2/orders/{id}/visit → api.Visit)",
		"order:admin-ship": "safe: db_write/update-set orders safe via (http PUT /admin/orders/{id}/status → (*api.API).SetStatus)",
		"order:gift":       "medium: db_write/insert gifts medium via (http POST /store/orders/{id}/gifts → (*api.API).AddGift)",
		"order:gift-bare":  "high: http/post http high",
		"order:v2-ship":    "high: http/put http high",
		// Grouped routes whose handlers call a service through an
		// interface the route link does not follow (api/invoicing.go):
		// the call keeps its own reading, a POST repeats, and a GET gains
		// beside it what the route decides (an insert).
		"invoice:issue":   "high: http/post http high",
		"invoice:preview": "medium: db_write/insert invoice_previews medium via (http GET /v3/orders/{id}/invoice-preview → (*api.Invoicing).PreviewInvoice); http/get http safe",
		// POSTs to services outside the module that only read (issue 28,
		// stops 49 and 51), each beside its near miss that acts: a SOAP
		// operation named by the envelope's Body element (a generic
		// helper's type argument), a POST whose response body a fetch…
		// function returns, an AIP-136 custom method that computes.
		"doc:consult":      "safe: http/post soap consultarDocumento safe",
		"doc:send":         "high: http/post soap enviarProcesso high",
		"invoice:pdf":      "safe: http/post  safe",
		"report:submit":    "high: http/post  high",
		"image:annotate":   "safe: http/post http safe",
		"operation:cancel": "high: http/post http high",
		// A URL a helper of the program joins under its base URL is read
		// at the call (issue 28, stop 52): /embed and /classify (two
		// helpers deep) compute; the near miss /send acts.
		"ai:vector":   "safe: http/post /embed safe",
		"ai:classify": "safe: http/post /classify safe",
		"ai:send":     "high: http/post /send high",
		// A route of one wildcard (POST /{name}) is linked only from a
		// call to the program's own host (stop 52): /publish under the
		// configured base stays a POST.
		"event:publish":    "high: http/post http high",
		"name:renamelocal": "medium: db_write/insert renames medium via (http POST /{name} → (*api.API).Rename)",
	} {
		if got[task] != want {
			t.Errorf("%s:\n got %q\nwant %q", task, got[task], want)
		}
	}
	// A route that claims the request's Idempotency-Key guards a job that
	// sends a stable one, and not one that sends none.
	for _, h := range inv.Handlers {
		switch h.Task {
		case "order:pay":
			if len(h.Findings) != 0 || h.Guard.Kind != "processed_jobs" || !strings.Contains(h.Guard.KeyNote, `the job sends "payment-" + order`) {
				t.Errorf("order:pay: findings %v, guard %+v: want guarded end to end", h.Findings, h.Guard)
			}
		case "order:pay-unkeyed":
			if len(h.Findings) != 1 || h.Findings[0].Rule != "unguarded" {
				t.Errorf("order:pay-unkeyed: findings %v, want unguarded", h.Findings)
			}
		}
	}
	// What go vet prints: the CLI's per-package run (e2etest.PerPackage;
	// go vet itself runs on the example, clean, gormv1 and consumers
	// modules, where it must print the same: each module whose
	// dependencies go vet compiles costs CI minutes).
	stderr, code = vetErr, vetCode
	if code != 1 || strings.Count(stderr, ": unguarded: ") != 19 || strings.Count(stderr, ": unresolved: ") != 3 {
		t.Errorf("go vet: exit %d, want 1, nineteen unguarded HTTP findings (seven to the API, the keyed POST guarded by its key; six to or beside its grouped routes, the GETs not; the three near misses of jobs/remote.go; ai:send, event:publish, and name:renamelocal, whose route go vet does not see) and three unresolved gRPC calls\n%s", code, stderr)
	}
}
