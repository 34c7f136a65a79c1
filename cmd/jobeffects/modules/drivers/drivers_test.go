package drivers

import (
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// TestDriversModule runs the inventory on testdata/drivers, a module on the
// real github.com/segmentio/kafka-go, github.com/lib/pq,
// github.com/nsqio/go-nsq, gue v6, AWS Lambda (aws-lambda-go and the
// SDK's service/lambda), Watermill and squirrel, for mechanisms tested on stubs until now:
//
//   - a kafka-go pull loop built once per processor (queue.New keeps a
//     Processor interface; Run's fetch loop hands each message over a
//     channel to a pool of workers that call it): each processor app.Start
//     builds it with is a handler of its own, registered at its
//     construction site, with its own effects (discovery/pullpool.go);
//   - an insert … select … from unnest($1) of the ids a compare-and-set's
//     RETURNING gave back, bound with pq.Array, in the same transaction is
//     guarded by it (summary/rowsof.go, catalog array_params): Closer
//     repeats nothing; Escalator, whose ids come from a plain select,
//     logs them again; Counter increments on every delivery;
//   - NSQ (github.com/nsqio/go-nsq, catalog nsq.yaml): a Handler added with
//     AddHandler and a function through nsq.HandlerFunc with
//     AddConcurrentHandlers, each named by the topic its NewConsumer was
//     given; the indexer's publish repeats, the auditor finishes the
//     message before its insert;
//   - gue v6 (github.com/vgarvardt/gue/v6, database/sql; catalog gue.yaml):
//     a WorkMap given to NewWorkerPool, of method values and of a closure
//     a function returns, each named by its key; a write on j.Tx() commits
//     with the job's deletion (guarded), one on the pool repeats;
//   - AWS Lambda's Invoke (aws-sdk-go-v2/service/lambda, catalog aws.yaml
//     runs_handler): the thumbnail job runs the function cmd/thumbs
//     registers with lambda.Start, and repeats its insert
//     (wholeprogram/invoked.go);
//   - Watermill's GoChannel built with BlockPublishUntilSubscriberAck in
//     another package (bridge/bus, catalog watermill.yaml sequential): a
//     row marked 'reserving' before its post, and skipped while marked,
//     guards the post (status_mark); the same work on a GoChannel that does
//     not wait is unguarded;
//   - squirrel (github.com/Masterminds/squirrel): an InsertBuilder passed
//     to a retry helper that executes it is each caller's statement
//     (summary SQLArg): a claim and an insert, not db_write/unknown;
//   - the same through interface calls (traits: the processors hold the
//     repository as an interface, the repository its retrier and text
//     executor): the builder decides the retrier's Exec over the whole
//     program, one row added per trait in a loop keeps the statement an
//     upsert (Upserter safe; Noter's plain rows insert: unguarded), and
//     a text an interface executes is read as its SQL;
//   - the bridge's projection with the ledger (bridge/ledger, database/sql)
//     and the chat provider behind interfaces: the mark still guards the
//     post on the sequential bus (project-serial), not on the GoChannel
//     that does not wait (project-overlapping);
//   - one method registered on the sequential bus and on the GoChannel
//     that does not wait (stop 64, discovery/sequential.go; the sequential
//     registration first, the fixture's order reversed): one handler,
//     bridge.both-serial, unguarded; near miss SerialTwice, twice on the
//     sequential bus: guarded by its mark;
//   - the Lambda client's operations on the account's functions (stop 64,
//     catalog aws.yaml; gue jobs in ledger/deploy.go): AddPermission under
//     a fixed statement id returns the duplicate's error (deploy.grant:
//     duplicate-as-error), near miss deploy.grant-logged logs it
//     and goes on (guarded: the statement id is the job's, so the repeat is
//     refused and taken as success, stop 65's rule); PublishLayerVersion publishes anew (deploy.layer:
//     unguarded), near miss PublishVersion after UpdateFunctionCode
//     (deploy.release: safe); DeleteFunction is safe but fails on the
//     repeat, and Retire returns that error (deploy.retire: duplicate-as-error),
//     near miss RetireQuiet only logs it (safe, no finding); a statement id
//     from the clock is refused by nothing (deploy.grant-fresh: unguarded
//     though its failure is only logged; stop 65); a layer published only
//     after a returned delete's success is guarded by it (stop 66:
//     deploy.retire-layer), near miss deploy.retire-layer-quiet logs the
//     delete's failure and publishes again (unguarded);
//   - go-retryablehttp v0.7.8 (stop 65, catalog builds_request; ledger/hooks.go):
//     hooks.notify's POST through NewRequestWithContext and Do: unguarded;
//     near miss hooks.probe's GET: safe.
//
// The inventory is golden (drivers.inventory.yaml), and each handler's
// registration, risk, effects and findings are asserted here.
func TestDriversModule(t *testing.T) {
	t.Parallel()
	dir := e2etest.TestdataDir(t, "drivers")
	stdout, stderr, code := e2etest.RunShared(t, dir, nil, binary, "inventory", "./...")
	if code != 0 {
		t.Fatalf("inventory exit %d\n%s", code, stderr)
	}
	e2etest.Golden(t, "drivers.inventory.yaml", []byte(stdout), *update)
	var inv struct {
		Handlers []struct {
			Task, Framework, Handler, Registered, Risk string
			SideEffects                                []struct {
				Kind, Operation, Target, Risk string
				Guarded                       bool
			} `yaml:"side_effects"`
			Findings []struct{ Rule string }
		}
	}
	if err := yaml.Unmarshal([]byte(stdout), &inv); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, h := range inv.Handlers {
		var effs, rules []string
		for _, e := range h.SideEffects {
			s := e.Kind + "/" + e.Operation + " " + e.Target + " " + e.Risk
			if e.Guarded {
				s += " guarded"
			}
			effs = append(effs, s)
		}
		for _, f := range h.Findings {
			rules = append(rules, f.Rule)
		}
		sort.Strings(rules)
		got[h.Task] = h.Framework + " " + h.Handler + " at " + h.Registered + ", " + h.Risk + ": " + strings.Join(effs, "; ") + " [" + strings.Join(rules, ",") + "]"
	}
	want := map[string]string{
		"alerts.Closer":              "kafka-go example.com/drivers/alerts.(*Closer).Process at app/app.go:14, medium: db_write/insert alert_logs medium guarded; db_write/update-set alerts safe []",
		"alerts.Escalator":           "kafka-go example.com/drivers/alerts.(*Escalator).Process at app/app.go:15, medium: db_write/insert alert_logs medium; db_read/select alerts safe [unguarded]",
		"alerts.Counter":             "kafka-go example.com/drivers/alerts.(*Counter).Process at app/app.go:16, medium: db_write/update-increment actors medium [unguarded]",
		"blocks":                     "nsq example.com/drivers/blocks.(*Indexer).HandleMessage at blocks/blocks.go:34, medium: publish/publish parsed medium; db_write/upsert-set blocks safe [unguarded]",
		"audit":                      "nsq example.com/drivers/blocks.Start.func1 at blocks/blocks.go:39, medium: db_write/insert audit_log medium [ack-before-effect,unguarded]",
		"ledger.credit":              "gue example.com/drivers/ledger.(*Jobs).Credit at ledger/ledger.go:59, medium: db_write/update-increment wallets medium guarded []",
		"ledger.reserve":             "gue example.com/drivers/ledger.(*Jobs).Reserve at ledger/ledger.go:59, medium: db_write/insert reservations medium [unguarded]",
		"ledger.thumb":               "gue example.com/drivers/ledger.makeThumbnail.func1 at ledger/ledger.go:59, medium: db_write/insert thumbnails medium [unguarded]",
		"bridge.serial":              "watermill example.com/drivers/bridge.(*Deps).Serial at bridge/bridge.go:101, high: http/post chat.example.com/post high guarded; db_read/select provider_messages safe; db_write/update-set provider_messages safe []",
		"bridge.overlapping":         "watermill example.com/drivers/bridge.(*Deps).Overlapping at bridge/bridge.go:103, high: http/post chat.example.com/post high; db_read/select provider_messages safe; db_write/update-set provider_messages safe [unguarded]",
		"files.Importer":             "kafka-go example.com/drivers/files.(*Importer).Process at cmd/worker/main.go:50, medium: db_write/insert file_records medium; db_write/insert file_records medium; db_write/claim imported_files safe; db_write/claim imported_files safe [unguarded]",
		"traits.Upserter":            "kafka-go example.com/drivers/traits.(*Upserter).Process at traits/traits.go:47, safe: db_write/upsert-set item_traits safe; db_write/upsert-set item_traits safe; db_write/update-set items safe []",
		"traits.Noter":               "kafka-go example.com/drivers/traits.(*Noter).Process at traits/traits.go:48, medium: db_write/insert trait_notes medium; db_write/insert trait_notes medium [unguarded]",
		"bridge.project-serial":      "watermill example.com/drivers/bridge.(*Projector).ProjectSerial at bridge/bridge.go:105, high: http/post chat.example.com/post high guarded; db_read/select provider_messages safe; db_write/update-set provider_messages safe []",
		"bridge.project-overlapping": "watermill example.com/drivers/bridge.(*Projector).ProjectOverlapping at bridge/bridge.go:106, high: http/post chat.example.com/post high; db_read/select provider_messages safe; db_write/update-set provider_messages safe [unguarded]",
		"bridge.both-serial":         "watermill example.com/drivers/bridge.(*Deps).Both at bridge/bridge.go:107, high: http/post chat.example.com/post high; db_read/select provider_messages safe; db_write/update-set provider_messages safe [unguarded]",
		"bridge.serial-a":            "watermill example.com/drivers/bridge.(*Deps).SerialTwice at bridge/bridge.go:109, high: http/post chat.example.com/post high guarded; db_read/select provider_messages safe; db_write/update-set provider_messages safe []",
		"deploy.grant":               "gue example.com/drivers/ledger.(*Deploy).Grant at ledger/deploy.go:92, high: http/post aws lambda high [duplicate-as-error]",
		"deploy.grant-logged":        "gue example.com/drivers/ledger.(*Deploy).GrantLogged at ledger/deploy.go:92, high: http/post aws lambda high guarded []",
		"deploy.layer":               "gue example.com/drivers/ledger.(*Deploy).Layer at ledger/deploy.go:92, medium: http/post aws lambda medium [unguarded]",
		"deploy.release":             "gue example.com/drivers/ledger.(*Deploy).Release at ledger/deploy.go:92, safe: http/put aws lambda safe; http/post aws lambda safe []",
		"deploy.retire":              "gue example.com/drivers/ledger.(*Deploy).Retire at ledger/deploy.go:92, safe: http/delete aws lambda safe [duplicate-as-error]",
		"deploy.grant-fresh":         "gue example.com/drivers/ledger.(*Deploy).GrantFresh at ledger/deploy.go:92, high: http/post aws lambda high [unguarded]",
		"deploy.retire-quiet":        "gue example.com/drivers/ledger.(*Deploy).RetireQuiet at ledger/deploy.go:92, safe: http/delete aws lambda safe []",
		"deploy.retire-layer":        "gue example.com/drivers/ledger.(*Deploy).RetireLayer at ledger/deploy.go:92, medium: http/post aws lambda medium guarded; http/delete aws lambda safe [duplicate-as-error]",
		"deploy.retire-layer-quiet":  "gue example.com/drivers/ledger.(*Deploy).RetireLayerQuiet at ledger/deploy.go:92, medium: http/post aws lambda medium; http/delete aws lambda safe [unguarded]",
		"hooks.notify":               "gue example.com/drivers/ledger.(*Hooks).Notify at ledger/deploy.go:92, high: http/post hooks.example.com/deploys high [unguarded]",
		"hooks.probe":                "gue example.com/drivers/ledger.(*Hooks).Probe at ledger/deploy.go:92, safe: http/get status.example.com safe []",
		"":                           "lambda example.com/drivers/cmd/thumbs.(*renderer).render at cmd/thumbs/main.go:30, medium: db_write/insert thumbnails medium [unguarded]",
	}
	for task, w := range want {
		if got[task] != w {
			t.Errorf("%s:\n got %q\nwant %q", task, got[task], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d handlers, want %d (the loop is no handler of its own): %v", len(got), len(want), got)
	}
}
