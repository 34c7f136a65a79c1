package ecosystem

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
	"go.yaml.in/yaml/v3"
)

// TestEcosystemModule runs the binary on testdata/ecosystem, a module on
// the real gorm (with an AfterCreate hook), ent (generated code), sqlx,
// bun, sqlc-shaped code, the MongoDB v2 driver, NATS JetStream and gue, with a
// migration whose trigger audits every order, pgx v4 (pool, acquired
// connection, BeginFunc), a gorm business key in an only-id primary key,
// sqlc queriers whose transaction the caller decides, and jinzhu/copier's Copy
// running a method named after a field: go vet and the CLI give the
// same diagnostics (golden ecosystem.vet.txt), and the inventory (golden
// ecosystem.inventory.yaml) is byte-identical over two runs and shows the
// hook's email and the trigger's insert with their paths.
func TestEcosystemModule(t *testing.T) {
	// Its own module: it runs beside the tests of testdata/example, so
	// that one compiles or downloads while the other analyses.
	t.Parallel()
	dir := e2etest.TestdataDir(t, "ecosystem")
	tmp := t.TempDir()
	invPath := func(i int) string { return filepath.Join(tmp, fmt.Sprintf("inventory%d.yaml", i)) }

	// What go vet prints: the per-package CLI's answer, which go vet
	// itself gives on vetPackages (e2etest.PerPackage; the runs are
	// TestVetEqualsCommand's, shared).
	vetErr, vetCode := e2etest.PerPackage(t, binary, dir, vetPackages)
	if vetCode != 1 {
		t.Fatalf("per-package exit code %d, want 1\n%s", vetCode, vetErr)
	}
	vet := e2etest.Diagnostics(vetErr)
	e2etest.Golden(t, "ecosystem.vet.txt", []byte(strings.Join(vet, "\n")+"\n"), *update)

	// The inventory: byte-identical over two runs, golden.
	res := e2etest.RunConcurrently(t, dir,
		[]string{binary, "inventory", "./...", "-o", invPath(0)},
		[]string{binary, "inventory", "./...", "-o", invPath(1)})
	var outputs [][]byte
	for i, r := range res {
		if r.Code != 0 {
			t.Fatalf("inventory exit code %d\n%s", r.Code, r.Stderr)
		}
		data, err := os.ReadFile(invPath(i))
		if err != nil {
			t.Fatal(err)
		}
		outputs = append(outputs, data)
	}
	if !bytes.Equal(outputs[0], outputs[1]) {
		t.Fatal("two inventory runs differ")
	}
	e2etest.Golden(t, "ecosystem.inventory.yaml", outputs[0], *update)

	var inv struct {
		Handlers []struct {
			Handler     string
			Task        string
			RetryPolicy string `yaml:"retry_policy"`
			Findings    []struct{ Rule string }
			SideEffects []struct {
				Kind      string
				Operation string
				Target    string
				Risk      string
				Guarded   bool
				Evidence  string
				Path      []string
			} `yaml:"side_effects"`
		}
	}
	if err := yaml.Unmarshal(outputs[0], &inv); err != nil {
		t.Fatal(err)
	}
	// Dedup by a unique key on the real pgx and Mongo drivers: the
	// violation taken as success guards the insert and, in one
	// transaction, what follows; outside one, the later write commits
	// separately.
	for _, c := range []struct{ handler, effects, rules string }{
		{"PgxDedup", "insert:true update-increment:true", ""},
		{"MongoDedup", "insert:true increment:false", "guard-separate-tx"},
		// The check is not held: check-then-act at the check; the record
		// insert repeats too, in the same windows as the credit (a
		// delivery the check lets through), so it carries the same rule.
		{"CheckThenRecord", "update-increment:false insert:false select:false", "check-then-act"},
		// A compare-and-set of the order's state, tested, is the claim.
		{"StateTransition", "insert:true claim:false", ""},
		// pgx v4: the pool's SQL, and a claim in a BeginFunc transaction.
		{"V4Credit", "update-increment:false", "unguarded"},
		{"V4Claimed", "insert:true claim:false", ""},
	} {
		var effs, rules []string
		for _, h := range inv.Handlers {
			if h.Handler == "example.com/ecosystem/jobs.(*DedupDeps)."+c.handler || h.Handler == "example.com/ecosystem/jobs.(*PgxV4Deps)."+c.handler {
				for _, e := range h.SideEffects {
					effs = append(effs, fmt.Sprintf("%s:%v", e.Operation, e.Guarded))
				}
				for _, f := range h.Findings {
					rules = append(rules, f.Rule)
				}
			}
		}
		if strings.Join(effs, " ") != c.effects || strings.Join(rules, " ") != c.rules {
			t.Errorf("%s: effects %v findings %v, want %s / %q", c.handler, effs, rules, c.effects, c.rules)
		}
	}

	// gue on the real v5.8.0: writes on j.Tx() commit with the job's
	// deletion (guarded) unless an error return follows them (the worker
	// then commits them with the rescheduling).
	for _, c := range []struct{ handler, effects, rules string }{
		{"GueCredit", "update-increment:true insert:true", ""},
		{"GueReserve", "insert:false", "unguarded"},
	} {
		var effs, rules []string
		for _, h := range inv.Handlers {
			if h.Handler == "example.com/ecosystem/jobs."+c.handler {
				for _, e := range h.SideEffects {
					effs = append(effs, fmt.Sprintf("%s:%v", e.Operation, e.Guarded))
				}
				for _, f := range h.Findings {
					rules = append(rules, f.Rule)
				}
			}
		}
		if strings.Join(effs, " ") != c.effects || strings.Join(rules, " ") != c.rules {
			t.Errorf("%s: effects %v findings %v, want %s / %q", c.handler, effs, rules, c.effects, c.rules)
		}
	}

	// Mechanisms on the real libraries, each with its near miss: the
	// effects (operation target:guarded) and the findings of a handler.
	for _, c := range []struct{ handler, effects, rules string }{
		// gorm: an only-id primary key (nk_orders, migrations/002) filled
		// from the job's order UID is a business key: a duplicate's
		// failure only logged is success (guarded), returned it fails the
		// job (duplicate-as-error); an id from uuid.New repeats. The model
		// and its TableName() are internal/nkrepo's; directly and through
		// the OrderRepo interface wired in cmd/worker.
		{"(*NatKeyDeps).NatKeyLogged", "insert nk_orders:true", ""},
		{"(*NatKeyDeps).NatKeyReturned", "insert nk_orders:false", "duplicate-as-error"},
		{"(*NatKeyDeps).NatKeyFresh", "insert nk_orders:false", "unguarded"},
		{"(*NatKeyDeps).NatKeyRepoLogged", "insert nk_orders:true", ""},
		{"(*NatKeyDeps).NatKeyRepoFresh", "insert nk_orders:false", "unguarded"},
		// pgx v5, two interface calls deep (convoy's event channels): the
		// channel builds the event, its UID from the payload, and hands it
		// to the repository interface, whose insert has it as the only-id
		// key (nk_events, migrations/005); a uuid UID repeats.
		{"(*NestKeyDeps).NestKeyLogged", "insert nk_events:true", ""},
		{"(*NestKeyDeps).NestKeyReturned", "insert nk_events:false", "duplicate-as-error"},
		{"(*NestKeyDeps).NestKeyFresh", "insert nk_events:false", "unguarded"},
		// pgx v4: SQL on a connection acquired from the pool
		// (pgxpool.Pool.Acquire → *pgxpool.Conn.Exec) is the statement's.
		{"(*PgxV4Deps).V4Acquired", "insert ledger:false", "unguarded"},
		// sqlc on pgx v5, the caller decides: a helper claims and inserts
		// on the querier its caller passes; built from a transaction
		// (q.WithTx(tx), sqlcdb.New(tx), two helpers deep) they commit
		// together, on the pool they do not. The orders_audit trigger's
		// insert goes with the insert.
		{"(*CallerDeps).CallerWithTx", "insert orders:true insert audit_log:true claim processed_jobs:false", ""},
		{"(*CallerDeps).CallerNewTx", "insert orders:true insert audit_log:true claim processed_jobs:false", ""},
		{"(*CallerDeps).CallerPool", "insert orders:false insert audit_log:false claim processed_jobs:false", "guard-separate-tx"},
		{"(*CallerDeps).CallerNewPool", "insert orders:false insert audit_log:false claim processed_jobs:false", "guard-separate-tx"},
		// jinzhu/copier v0.4.0: Copy has no effect of its own; it runs the
		// methods named after a field of the other value (copierPayment.Note
		// inserts a payment), not the others (copierView.Describe).
		{"(*CopierDeps).CopierView", "update-set accounts:false", ""},
		{"(*CopierDeps).CopierNote", "insert payments:false", "unguarded"},
		// asynq v0.26.0 through the application's queue interface
		// (internal/jobq, convoy's queue.Job): a TaskID from the payload
		// keys the enqueue when the caller's delay is proven non-zero
		// (if delay == 0 { delay = 30s }); with Delay: 0 it repeats.
		{"(*TaskIDDeps).TaskIDRetry", "enqueue asynq:true delete asynq:false", ""},
		{"(*TaskIDDeps).TaskIDNow", "enqueue asynq:false delete asynq:false", "unguarded"},
		// minio-go v7 through blobs' exported Mirror, which only the whole
		// program resolves to (*minio.Client).PutObject: the key the call
		// passes is read as a static call's is: from the clock a new
		// object (create, medium), the order's key an overwrite.
		{"BlobMirrorStamped", "create minio:false", "unguarded"},
		{"BlobMirror", "write minio:false", ""},
		// River v0.51.2 on pgx v5: a recheck under the advisory lock the
		// refresh's completion takes, then an InsertTx unique by args
		// while live (ByState leaves finished jobs out) on the locked
		// transaction: guarded when the refresh writes the checked table,
		// unguarded when nothing does.
		{"(*OrphanScanWorker).Work", "insert river_job:true select :false select orphan_intents:false", ""},
		{"(*OrphanBacklogWorker).Work", "insert river_job:false select :false select orphan_backlog:false", "unguarded"},
		// gorm v1.31.2 and asynq (issue 28, stop 51): tasks collected in
		// an in-memory outbox only after the create a unique key makes a
		// claim (a duplicate taken as success collects nothing) are
		// flushed over an empty outbox on a second delivery: guarded;
		// collected before the create, they are flushed again.
		{"(*OutboxDeps).OutboxAfter", "enqueue asynq:true insert article_summaries:true", ""},
		{"(*OutboxDeps).OutboxBefore", "enqueue asynq:false insert article_summaries:true", "unguarded"},
		// gorm (stop 49): an association loaded with Preload and tested
		// empty is the check of its rows' create where no unique key holds
		// their reference (check-then-act); one summary per article turns
		// the second create away.
		{"(*OutboxDeps).AssocLabel", "insert article_labels:false enqueue asynq:false select article_labels:false select articles:false", "check-then-act"},
		{"(*OutboxDeps).AssocSummarize", "insert article_summaries:true enqueue asynq:true select article_summaries:false select articles:false", ""},
		// gorm (stop 66, btl-ktpm): a Save, behind the repository
		// interface, of the row another interface call returned beside
		// its read's error (tested by the handler) and copied through a
		// generic ConvertToStruct with its status set: the loaded row, an
		// upsert-set; its key cleared first, an insert.
		{"(*SavedCopyDeps).CopyClose", "select copy_tickets:false upsert-set copy_tickets:false", ""},
		{"(*SavedCopyDeps).CopyClone", "insert copy_tickets:false select copy_tickets:false", "unguarded"},
		// go-redis v9 (stops 50 and 51): a marker's GET/EXISTS, the act,
		// the marker's SET. An act a helper does on a path that returns
		// before the check and again between the check and the set is
		// check-then-act after it and unguarded before, also with the
		// replay gate behind an interface; with the act only before the
		// check, or a read of another key than the one set, unguarded only.
		{"(*ReplayDeps).ReplayAlert", "insert notices:false insert notices:false read :false set :false", "check-then-act unguarded"},
		{"(*ReplayDeps).ReplayAlertFirst", "insert notices:false read :false set :false", "unguarded"},
		{"(*ReplayDeps).MarkerTwice", "insert marker_exports:false insert marker_exports:false read :false set :false", "unguarded check-then-act"},
		{"(*ReplayDeps).MarkerTwiceFirst", "insert marker_exports:false read :false set :false", "unguarded"},
		{"(*ReplayDeps).MarkerCache", "insert marker_exports:false read :false set :false", "unguarded"},
		// pgx v5 (stop 50): an id made with uuid only when the message
		// lacks one is the message's key, the same on every delivery: the
		// insert's returned failure is duplicate-as-error; made on every
		// run, the insert repeats.
		{"(*FillDeps).FilledWhenEmpty", "insert nk_events:false", "duplicate-as-error"},
		{"(*FillDeps).AlwaysFresh", "insert nk_events:false", "unguarded"},
		// pgx v5 (stop 49, jobs/dupshapes.go): a create on the caller's
		// transaction or its own, whose wrapped test decides nothing, and
		// a nil row read on every way of the duplicate's branch: the
		// returned failure is duplicate-as-error; a look-up whose found
		// branch returns first, or a nil row read on one way only, is
		// none. A check of the inserted table that returns success
		// answers the duplicate's retry; one of another table does not.
		{"(*DupShapeDeps).WrappedRun", "insert wf_runs:false", "duplicate-as-error"},
		{"(*DupShapeDeps).WrappedRunLooked", "insert wf_runs:true select wf_runs:false", ""},
		{"(*DupShapeDeps).NilRunJoined", "insert wf_runs:false select wf_runs:false", "duplicate-as-error"},
		{"(*DupShapeDeps).NilRunSometimes", "insert wf_runs:true", ""},
		{"(*DupShapeDeps).CheckedRun", "insert wf_runs:false select wf_runs:false", ""},
		{"(*DupShapeDeps).CheckedRunOther", "insert wf_runs:false select wf_events:false", "duplicate-as-error"},
		// gorm, pgx v5 and asynq (stops 50 and 52, jobs/gormshapes.go): a
		// row two helpers build carries its unique key to the create (the
		// enqueue after it guarded); a label row has none. Labels created
		// only when the list is not empty leave the enqueues around the
		// create unguarded (its near miss is AssocLabel). Find-or-create
		// in a transaction whose violation only SQLSTATE 23505 recognises
		// guards the enqueue after the commit; on the pool it does not.
		{"(*GormShapeDeps).RowDigest", "insert article_summaries:true enqueue asynq:true select article_summaries:false select articles:false", ""},
		{"(*GormShapeDeps).RowNote", "insert article_labels:false enqueue asynq:false select articles:false", "unguarded"},
		{"(*GormShapeDeps).RowClassify", "insert article_labels:false enqueue asynq:false enqueue asynq:false select article_labels:false select articles:false", "unguarded check-then-act"},
		{"(*GormShapeDeps).FindOrCreateSummary", "insert article_summaries:true enqueue asynq:true select article_summaries:false select articles:false", ""},
		{"(*GormShapeDeps).FindOrCreateSummaryNoTx", "insert article_summaries:true enqueue asynq:false select article_summaries:false select articles:false", "unguarded"},
		// A gorm count as the look-up (stop 66, jobs/gormcount.go): Count
		// reads the model's table and the count compared with zero is its
		// "not found": check-then-act where no unique key backs it
		// (article_labels), none where one does (article_summaries).
		{"(*GormCountDeps).CountLabel", "insert article_labels:false select article_labels:false", "check-then-act"},
		{"(*GormCountDeps).CountSummary", "insert article_summaries:true select article_summaries:false", ""},
		// A channel worker's type switch (stop 51, jobs/typeswitch.go)
		// runs only the cases of the sent value's type; a decoded
		// interface{} reaches every case.
		{"(*TypedTasks).TaskSave", "insert ts_saved:false", "unguarded"},
		{"(*TypedTasks).TaskMail", "insert ts_mails:false", "unguarded"},
		{"(*TypedTasks).TaskDecoded", "insert ts_saved:false insert ts_mails:false", "unguarded"},
		// A callback a helper hands on to an interface method (stop 49,
		// jobs/fwdcb.go, internal/idem/memo.go) runs its caller's closure
		// only: the cached reads stay reads; one stored in a field first
		// stands for every closure handed to the method (the insert too).
		{"(*CachedDeps).PriceCached", "set example.com/ecosystem/internal/idem.Memory.items:false select fc_prices:false", ""},
		{"(*CachedDeps).StockCached", "set example.com/ecosystem/internal/idem.Memory.items:false select fc_stock:false", ""},
		{"(*CachedDeps).GrantCached", "insert fc_grants:false set example.com/ecosystem/internal/idem.Memory.items:false", "unguarded"},
		{"(*CachedDeps).NoteCached", "insert fc_grants:false set example.com/ecosystem/internal/idem.Memory.items:false select fc_prices:false select fc_stock:false select fc_notes:false", "unguarded"},
		// A status check under a Redis lock (SETNX deleted when the
		// handler returns) with the status written before the release
		// (stop 54, jobs/distlock.go): guarded, the record's registered
		// callback too; the lock alone guards nothing; gorm's Scan of the
		// listed rows is the per-row check of check-then-act.
		{"(*DistLockDeps).DistLockSync", "post events.example.com/updates:true post docs.example.com/blocks:true lock :false delete :false select dl_links:false update-set dl_links:true", ""},
		{"(*DistLockDeps).DistLockOnly", "post events.example.com/updates:false post docs.example.com/blocks:false lock :false delete :false update-set dl_links:false", "unguarded"},
		{"(*DistLockDeps).DlRefreshAll", "post auth.example.com/refresh:false select dl_accounts:false upsert-set dl_accounts:false", "check-then-act"},
		// River v0.51.2 through the application's generic registrar
		// (internal/riverreg, issue 28): a method value and a plain
		// function wrapped in a closure that calls them with the job's
		// args are the handlers (tasks checked below); the closure is not
		// (checked below too).
		{"(*FuncService).addNote", "insert order_notes:false", "unguarded"},
		{"activateOrder", "update-set order_flags:false", ""},
		// sqlc's prepared-query mode (jobs/sqlcspread.go, stop 54): the
		// generated method's values spread through exec(ctx, stmt, query,
		// args...) into the statement; the unique key (email, message_id,
		// domain) is the message's, so a logged failure is the guard and
		// a returned one a duplicate-as-error.
		{"(*SpreadDeps).SpreadBounced", "insert sq_bounces:true insert sq_bounces:true", ""},
		{"(*SpreadDeps).SpreadBouncedReturned", "insert sq_bounces:false insert sq_bounces:false", "duplicate-as-error"},
		// The generated method's params decoded whole from the payload
		// and passed on (stop 55): the key is the message's all the
		// same; the near miss gives the message id a new uuid, which
		// leaves the other handlers' inserts through that method alone.
		{"(*SpreadDeps).SpreadBouncedWhole", "insert sq_bounces:true insert sq_bounces:true", ""},
		{"(*SpreadDeps).SpreadBouncedWholeFresh", "insert sq_bounces:false insert sq_bounces:false", "unguarded"},
		// OAuth2 token requests on net/http through the application's
		// wrapper behind an interface-typed field (jobs/tokengrant.go,
		// stop 56; fixtures httpfix/tokengrant.go, ifacetoken): a
		// client-credentials form encoded in the handler and handed to
		// the helper that makes the interface call is a token request
		// (no finding); a refresh_token grant and a form without a grant
		// stay POSTs. go vet reads them alike (TestVetEqualsCommand).
		{"(*TokenDeps).PartnerToken", "post http:false", ""},
		{"(*TokenDeps).RefreshToken", "post http:false", "unguarded"},
		{"(*TokenDeps).SubmitForm", "post http:false", "unguarded"},
		// Check and record paired by column, and the set form of
		// check-then-act (jobs/checkshapes.go, stop 54): a write of
		// sent_count records nothing a check of status read; a read of
		// the created rows that a <> all filter leaves out is the check.
		{"(*CheckShapeDeps).CsMailBatch", "insert cs_sends:false update-increment cs_campaigns:false select cs_campaigns:false", "unguarded"},
		{"(*CheckShapeDeps).CsMailBatchDone", "insert cs_sends:false select cs_campaigns:false update-set cs_campaigns:false", "check-then-act"},
		{"(*CheckShapeDeps).CsSendRequests", "insert cs_debriefs:false select cs_debriefs:false select cs_assignments:false", "check-then-act"},
		// Stop 54's fixture-only mechanisms on the real libraries (stop
		// 55). River inserts through the application's JobService behind
		// the JobQueue interface (jobs/riverwrap.go; fixture
		// riveruniquewrap): unique by args with the default states is
		// keyed, a ByState without completed or no ByArgs is not.
		{"(*WrapFan).Work", "enqueue river:true", ""},
		{"(*WrapFanLive).Work", "enqueue river:false", "unguarded"},
		{"(*WrapRemind).Work", "enqueue river:true", ""},
		{"(*WrapNudge).Work", "enqueue river:false", "unguarded"},
		// ent find-or-create (jobs/entfindcreate.go; fixture
		// ecoent/findcreate.go): created only when the query by the
		// unique email found nothing (the create hook's mail with it);
		// on exports' name, which no key holds, the create repeats when
		// deliveries overlap: check-then-act at the query (stop 58).
		{"(*Deps).EntEnsureCustomer", "send smtp:true insert customers:true select customers:false", ""},
		{"(*Deps).EntEnsureExport", "insert exports:false select exports:false", "check-then-act"},
		// INSERT … SELECT $1, (subquery), … (jobs/selectrow.go; fixture
		// duperrfix/selectrow.go): the unique message_id filled with a
		// new uuid is a surrogate, with the task's id a business key.
		{"(*SelectRowDeps).SrSendFresh", "insert sr_mails:false", "unguarded"},
		{"(*SelectRowDeps).SrSendKeyed", "insert sr_mails:false", "duplicate-as-error"},
		// A JetStream pull loop handing each message to a goroutine
		// (jobs/natspull.go; fixture discnats PullWorkers): the loop is
		// the handler, its per-message function (a *nats.Msg parameter)
		// is its work, not a handler of its own (checked below).
		{"RunPullSender", "send smtp:false publish mail.stats.delivered:false", "unguarded"},
		// A CTE claim on a composite key in a River worker enqueueing
		// with InsertManyTx in the claim's transaction (jobs/cteriver.go;
		// fixture sqlshapes/cte.go ImportWorker): guarded, and no
		// duplicate-as-error (none at the InsertManyTx's return).
		{"(*CteImport).Work", "insert cr_rows:true insert river_job:true claim cr_imports:false", ""},
		// Stop 55's fixture-only mechanisms on the real libraries (stop
		// 56). ent's bulk upsert DoNothing (jobs/entbulk.go; fixture
		// ecoent/bulkclaim.go) is a claim whose conflict returns no
		// error: no duplicate-as-error; the same row keyed by the order
		// id without DoNothing fails the batch on the key, the failure
		// returned (the first builder's SetID read; ecoent/setid.go
		// ExportBulkKeyed).
		{"(*Deps).EntBulkClaim", "claim exports:false", ""},
		{"(*Deps).EntBulkInsert", "insert exports:false", "duplicate-as-error"},
		// The per-item status skip on ent's builders (jobs/itemstatus.go;
		// fixture ecoent/statusrows.go): check-then-act (the pending row's
		// create, keyed by the projector's name, fails on a second
		// delivery and is only logged: guarded); claimed per item by a
		// compare-and-set before the POST: guarded. Through one saver
		// interface over the builders (jobs/itemsaver.go; fixture
		// statuswhole; rezible's form): check-then-act over the whole
		// program.
		{"(*ItemDeps).ItemProjectAll", "post :false insert exports:true select exports:false update-set exports:false", "check-then-act"},
		{"(*ItemDeps).ItemProjectClaimed", "post :true select exports:false update-set exports:false claim exports:false", ""},
		{"(*ItemDeps).ItemProjectSaved", "post :false insert exports:false update-set exports:false select exports:false", "check-then-act"},
		// River's JobSnooze per worker kind (jobs/riversnooze.go; fixture
		// retry WaitWorker, inventory TestSingleRun): on v0.51.2 one
		// attempt is still at-least-once, so the single-attempt worker
		// that never snoozes repeats too (its policy checked below).
		{"(*SnoozePayWorker).Work", "insert payments:false select orders:false", "unguarded"},
		{"(*OncePayWorker).Work", "insert payments:false", "unguarded"},
		// asynq's record of the task's last failure (jobs/resume.go;
		// fixture duperrfix/resume.go): a helper true only when
		// TaskInfo.LastErr holds the program's own hand-on error skips
		// the create, so the enqueue is resumed, not repeated; on any
		// recorded failure (asynq writes its own) it repeats.
		{"(*ResumeDeps).ResumeHandOn", "insert wf_runs:false enqueue asynq:true", "duplicate-as-error"},
		{"(*ResumeDeps).ResumeAnyFailure", "insert wf_runs:false enqueue asynq:false", "duplicate-as-error unguarded"},
		// net/http: a POST to the NLP service's /entities (a computation)
		// is listed once though check-then-act kept a copy
		// (effect.SafeTwins; fixture checkactwhole/entities.go); /notify
		// is an act, listed with and without its check-then-act.
		{"(*tagger).TagEntities", "select summaries:false update-set summaries:false post /entities:false", ""},
		{"(*tagger).TagNotify", "post /notify:false post /notify:false select summaries:false update-set summaries:false", "check-then-act unguarded"},
		// Stop 64's gorm rules on gorm v1.31.2 (jobs/tracks.go,
		// internal/tracks): a Save of the row an interface call returned
		// is an upsert-set when every callee returns it loaded (the
		// update callback still posts), an insert when one may return a
		// new row; a model keyed only by the base struct it embeds from
		// its own package (the module creates its tables with
		// AutoMigrate) makes a delete by its track and the insert after
		// it a replace, unless the track was created here.
		{"(*TrackDeps).TrackClean", "post events.example.com/updates:false upsert-set segments:false select segments:false", "unguarded"},
		{"(*TrackDeps).TrackReset", "post events.example.com/updates:false insert segments:false select segments:false", "unguarded"},
		{"(*TrackDeps).TrackIntervals", "delete intervals:false upsert-set intervals:false", ""},
		{"(*TrackDeps).TrackRenumber", "insert tracks:false insert intervals:false delete intervals:false", "unguarded"},
		// A local struct stored once before its test is not a merged
		// value (guard storedOnce; jobs/screenkept.go, fixture
		// checkactfix): the run below the threshold returns without the
		// block (unguarded); a flag field set in the loop stays merged.
		{"(*ScreenDeps).ScreenKept", "insert detections:false insert detections:false select members:false update-set members:false", "unguarded check-then-act"},
		{"(*ScreenDeps).ScreenEachKept", "insert detections:false select members:false update-set members:false", "check-then-act"},
	} {
		var effs, rules []string
		found := false
		for _, h := range inv.Handlers {
			if h.Handler == "example.com/ecosystem/jobs."+c.handler {
				found = true
				for _, e := range h.SideEffects {
					effs = append(effs, fmt.Sprintf("%s %s:%v", e.Operation, e.Target, e.Guarded))
				}
				for _, f := range h.Findings {
					rules = append(rules, f.Rule)
				}
			}
		}
		if !found || strings.Join(effs, " ") != c.effects || strings.Join(rules, " ") != c.rules {
			t.Errorf("%s (found %v): effects %v findings %v, want %s / %q", c.handler, found, effs, rules, c.effects, c.rules)
		}
	}

	// The River version the module builds with decides a single attempt
	// (catalog river.yaml once_since): v0.51.2 keeps the once_note, so
	// river:once-pay is not taken as at most once; river:snooze-pay's
	// snooze sets no policy of its own (River's default applies).
	for handler, want := range map[string][]string{
		"(*OncePayWorker).Work":   {"river InsertOpts MaxAttempts 1: 1 attempt by retry at jobs/riversnooze.go:", "still at-least-once in River v0.44.0 and later"},
		"(*SnoozePayWorker).Work": {"default: river makes 25 attempts"},
	} {
		for _, h := range inv.Handlers {
			if h.Handler != "example.com/ecosystem/jobs."+handler {
				continue
			}
			for _, w := range want {
				if !strings.Contains(h.RetryPolicy, w) {
					t.Errorf("%s: retry policy %q, want it to contain %q", handler, h.RetryPolicy, w)
				}
			}
			if strings.Contains(h.RetryPolicy, "at most once in") {
				t.Errorf("%s: taken as a single run on River v0.51.2: %q", handler, h.RetryPolicy)
			}
		}
	}

	for _, h := range inv.Handlers {
		if h.Handler == "example.com/ecosystem/jobs.sendQueuedMail" {
			t.Errorf("sendQueuedMail is listed as a handler; it is RunPullSender's per-message work")
		}
	}

	// The registrar's tasks are its callers' type arguments' Kind().
	for handler, task := range map[string]string{"(*FuncService).addNote": "river:func-note", "activateOrder": "river:func-activate"} {
		for _, h := range inv.Handlers {
			if h.Handler == "example.com/ecosystem/jobs."+handler && h.Task != task {
				t.Errorf("%s: task %q, want %q", handler, h.Task, task)
			}
		}
	}
	// Its closure is no handler: the handlers registered through it are.
	for _, h := range inv.Handlers {
		if strings.HasPrefix(h.Handler, "example.com/ecosystem/internal/riverreg.") {
			t.Errorf("the registrar's closure %s is listed as a handler", h.Handler)
		}
	}

	effects := func(handler string) string {
		var b strings.Builder
		for _, h := range inv.Handlers {
			if h.Handler == "example.com/ecosystem/jobs.(*Deps)."+handler {
				for _, e := range h.SideEffects {
					fmt.Fprintf(&b, "%s/%s %s %s guarded=%v evidence=%s path=%s\n", e.Kind, e.Operation, e.Target, e.Risk, e.Guarded, e.Evidence, strings.Join(e.Path, " | "))
				}
			}
		}
		return b.String()
	}

	// gorm's AfterCreate hook sends the email: the hook is a hop of the
	// email effect's path.
	mail := e2etest.LineOf(t, filepath.Join(dir, "internal", "models", "models.go"), "smtp.SendMail(")
	wantHook := fmt.Sprintf("email/send smtp high guarded=false evidence=internal/models/models.go:%d path=jobs/gorm.go:16 (*jobs.Deps).GormSignUp | internal/models/models.go:%d (*models.User).AfterCreate", mail, mail)
	if got := effects("GormSignUp"); !strings.Contains(got, wantHook+"\n") {
		t.Errorf("GormSignUp: no email effect through the AfterCreate hook\nwant %s\ngot:\n%s", wantHook, got)
	}

	// The gorm callback registered in main (models.RegisterCallbacks) runs
	// inside GormCredit's Update: its HTTP post is an effect of the
	// handler in the whole-program inventory, the callback in the path.
	gormFile := filepath.Join(dir, "jobs", "gorm.go")
	updateLine := e2etest.LineOf(t, gormFile, `Update("balance"`)
	post := e2etest.LineOf(t, filepath.Join(dir, "internal", "models", "callbacks.go"), "http.Post(")
	wantCallback := fmt.Sprintf(`http/post events.example.com/updates high guarded=false evidence=internal/models/callbacks.go:%d path=jobs/gorm.go:%d (*jobs.Deps).GormCredit (gorm:update callback "models:publish_update") | internal/models/callbacks.go:%d models.publishUpdate`, post, updateLine, post)
	if got := effects("GormCredit"); !strings.Contains(got, wantCallback+"\n") {
		t.Errorf("GormCredit: no effect of the registered gorm callback\nwant %s\ngot:\n%s", wantCallback, got)
	}

	// The ent hook installed in main with client.Customer.Use and limited
	// to creates (hook.On(…, ent.OpCreate)) sends its email from
	// EntCreate's Save, not from EntCredit's update.
	entFile := filepath.Join(dir, "jobs", "ent.go")
	save := e2etest.LineOf(t, entFile, "Create().SetEmail(p.Email).Save(ctx)")
	hookMail := e2etest.LineOf(t, filepath.Join(dir, "internal", "notify", "hooks.go"), "smtp.SendMail(")
	wantEntHook := fmt.Sprintf(`email/send smtp high guarded=false evidence=internal/notify/hooks.go:%d path=jobs/ent.go:%d (*jobs.Deps).EntCreate (ent:customers:create hook) | internal/notify/hooks.go:%d notify.CustomerCreated.func1.func1`, hookMail, save, hookMail)
	if got := effects("EntCreate"); !strings.Contains(got, wantEntHook+"\n") {
		t.Errorf("EntCreate: no effect of the ent hook\nwant %s\ngot:\n%s", wantEntHook, got)
	}
	if got := effects("EntCredit"); strings.Contains(got, "internal/notify/hooks.go") {
		t.Errorf("EntCredit: the create-only ent hook ran on an update:\n%s", got)
	}
	// The Customer schema's Hooks() (stitched in by the generated runtime
	// package) posts on every UpdateOne: EntCredit's AddBalance runs it.
	credit := e2etest.LineOf(t, entFile, "UpdateOneID(1).AddBalance(")
	schemaPost := e2etest.LineOf(t, filepath.Join(dir, "ent", "schema", "hooks.go"), "http.Post(")
	wantSchemaHook := fmt.Sprintf(`http/post ledger.example.com/balances high guarded=false evidence=ent/schema/hooks.go:%d path=jobs/ent.go:%d (*jobs.Deps).EntCredit (ent:customers:update-one schema hook) | ent/schema/hooks.go:%d schema.Customer.Hooks.func1.func1`, schemaPost, credit, schemaPost)
	if got := effects("EntCredit"); !strings.Contains(got, wantSchemaHook+"\n") {
		t.Errorf("EntCredit: no effect of the schema's update-one hook\nwant %s\ngot:\n%s", wantSchemaHook, got)
	}

	// The orders_audit trigger's insert into audit_log is an effect of the
	// sqlc insert into orders, with the migration's lines in its path.
	migration := filepath.Join(dir, "migrations", "001_schema.sql")
	trigger := e2etest.LineOf(t, migration, "create trigger orders_audit")
	audit := e2etest.LineOf(t, migration, "insert into audit_log (")
	wantTrigger := fmt.Sprintf("db_write/insert audit_log medium guarded=false evidence=migrations/001_schema.sql:%d path=jobs/sqlc.go:15 (*jobs.Deps).SqlcOrder | internal/sqlcdb/query.sql.go:27 (*sqlcdb.Queries).CreateOrder | migrations/001_schema.sql:%d trigger orders_audit on orders | migrations/001_schema.sql:%d audit_order()", audit, trigger, audit)
	if got := effects("SqlcOrder"); !strings.Contains(got, wantTrigger+"\n") {
		t.Errorf("SqlcOrder: no trigger effect\nwant %s\ngot:\n%s", wantTrigger, got)
	}
}
