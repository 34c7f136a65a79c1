package locks

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
	"go.yaml.in/yaml/v3"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// vetPackages are the packages go vet itself runs on (e2etest.PerPackage):
// none, the CLI's per-package answer stands for go vet on the whole
// module, as for testdata/shapes. Measured on empty caches (stop 56),
// go vet costs CI's budget what the module's other runs do not: 96 CPU s
// on ./events and ./sync alone (asynq, go-redis and the SDK compiled for
// their export data), 162 on go-zero's stores, against 29 for the
// download and the command's two runs over ./... (docs/accuracy.md).
var vetPackages []string

// TestLocksModule runs the command on testdata/locks, three of issue 28's
// mechanisms on their real libraries, each with its near miss: a goctl
// cached model on go-zero v1.9.2 (v1.10 requires a go-redis newer than
// the one testdata/api.txt pins) with its optimistic lock (`UPDATE …
// WHERE id = ? AND version = ?`, no row changed an error) against the
// plain update by id; a redsync v4 mutex over its go-redis v9 pool held
// across a status check, the work and the status write, against the
// check made before the lock; and a CloudEvent (cloudevents/sdk-go v2)
// whose id is set from the upstream event's id, against a fresh uuid;
// and go-zero's Redis client (catalog gozero.yaml): a view counted with
// INCRBY only when SETNX claimed its key, against the bare INCRBY, and
// redsync's case under go-zero's RedisLock.
// What go vet prints (golden locks.vet.txt) and the inventory (golden
// locks.inventory.yaml) are golden.
func TestLocksModule(t *testing.T) {
	t.Parallel()
	dir := e2etest.TestdataDir(t, "locks")
	vetErr, code := e2etest.PerPackage(t, binary, dir, vetPackages)
	if code != 1 {
		t.Fatalf("per-package exit code %d, want 1\n%s", code, vetErr)
	}
	e2etest.Golden(t, "locks.vet.txt", []byte(strings.Join(e2etest.Diagnostics(vetErr), "\n")+"\n"), *update)

	stdout, stderr, code := e2etest.RunShared(t, dir, nil, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	e2etest.Golden(t, "locks.inventory.yaml", []byte(stdout), *update)
	var inv struct {
		Handlers []struct {
			Task        string
			Framework   string
			Risk        string
			SideEffects []struct {
				Operation, Target string
				Guarded           bool
				GuardKind         string `yaml:"guard_kind"`
				Issue             string
			} `yaml:"side_effects"`
			Findings []struct{ Rule, Position string }
		}
	}
	if err := yaml.Unmarshal([]byte(stdout), &inv); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	var tasks []string
	for _, h := range inv.Handlers {
		var effs, rules []string
		for _, e := range h.SideEffects {
			s := e.Operation + " " + e.Target
			switch {
			case e.Guarded:
				s += " guarded=" + e.GuardKind
			case e.Issue != "":
				s += " issue=" + e.Issue
			}
			effs = append(effs, s)
		}
		sort.Strings(effs)
		for _, f := range h.Findings {
			rules = append(rules, f.Rule)
		}
		got[h.Task] = fmt.Sprintf("%s %s: %s | %s", h.Framework, h.Risk, strings.Join(effs, ", "), strings.Join(rules, " "))
		tasks = append(tasks, h.Task)
	}
	want := map[string]string{
		// go-zero: the state read, then the optimistic lock on the version
		// read with no row changed an error, before the enqueue: guarded.
		// The plain update by id lets two deliveries that both read the
		// order unpaid both notify (check-then-act).
		"order:pay":       "asynq medium: claim order, claim order, enqueue asynq guarded=processed_jobs, select order | ",
		"order:pay-plain": "asynq medium: enqueue asynq issue=check-then-act, select order, update-set order, update-set order | check-then-act",
		// redsync: the mutex held over the check, the post and the status
		// write guards the post; the check made before the lock does not.
		"link:sync":             "asynq high: delete redsync, post docs.example.com/blocks guarded=processed_jobs, select links, set redsync, update-set links | ",
		"link:sync-check-first": "asynq high: delete redsync, post docs.example.com/blocks issue=check-then-act, select links, set redsync, update-set links | check-then-act",
		// CloudEvents: SetID(up.ID) keys the send (the consumer drops the
		// redelivered event); SetID(uuid.New().String()) is random-key.
		"event:forward":       "asynq medium: publish cloudevents guarded=idempotency_key | ",
		"event:forward-fresh": "asynq medium: publish cloudevents issue=random-key | random-key",
		// go-zero's Redis client: SETNX of the view's key before the
		// INCRBY claims it (the claim a model: as code, v1.9.2's client
		// lookup leaves a dynamic call beside it); the bare INCRBY adds one
		// on every delivery.
		"view:count-once": "asynq medium: claim , increment  guarded=processed_jobs | ",
		"view:count":      "asynq medium: increment  | unguarded",
		// go-zero's RedisLock held over the check, the post and the status
		// write (AcquireCtx true: held) guards the post as redsync's mutex
		// does; the check made before the lock does not.
		"link:sync-zero":             "asynq high: delete go-zero redis lock, post docs.example.com/blocks guarded=processed_jobs, select links, set go-zero redis lock, update-set links | ",
		"link:sync-zero-check-first": "asynq high: delete go-zero redis lock, post docs.example.com/blocks issue=check-then-act, select links, set go-zero redis lock, update-set links | check-then-act",
	}
	for task, w := range want {
		if got[task] != w {
			t.Errorf("%s:\n got %q\nwant %q", task, got[task], w)
		}
	}
	if len(tasks) != len(want) {
		t.Errorf("tasks %v, want %d", tasks, len(want))
	}
}
