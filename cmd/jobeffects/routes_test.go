package main

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestRoutesModule runs the inventory on testdata/routes, a worker and a
// chi API in one module: a job that calls the module's own API has the
// effects of the route's handler (a status set and a delete are safe, an
// insert is not), with the route in the path. Under go vet the API is not
// a dependency of the worker, so the calls stay HTTP effects (the README's
// "go vet vs the jobeffects command").
func TestRoutesModule(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "routes")
	stdout, stderr, code := runCmd(t, dir, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	var inv struct {
		Handlers []struct {
			Task        string
			Risk        string
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
				if i := strings.Index(hop, "(http "); i >= 0 {
					via = " via " + hop[i:]
				}
			}
			effs = append(effs, e.Kind+"/"+e.Operation+" "+e.Target+" "+e.Risk+via)
		}
		got[h.Task] = h.Risk + ": " + strings.Join(effs, "; ")
	}
	for task, want := range map[string]string{
		"order:ship":    "safe: db_write/update-set orders safe via (http PUT /orders/{id}/status → (*api.API).SetStatus)",
		"order:note":    "medium: db_write/insert notes medium via (http POST /orders/{id}/notes → (*api.API).AddNote)",
		"order:release": "safe: db_write/delete holds safe via (http DELETE /orders/{id}/hold → (*api.API).Release)",
	} {
		if got[task] != want {
			t.Errorf("%s:\n got %q\nwant %q", task, got[task], want)
		}
	}
	_, stderr, code = runCmd(t, dir, "go", "vet", "-vettool="+binary, "./...")
	if code != 1 || strings.Count(stderr, ": unguarded: ") != 3 {
		t.Errorf("go vet: exit %d, want 1 and three unguarded HTTP findings\n%s", code, stderr)
	}
}
