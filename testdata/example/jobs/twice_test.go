package jobs_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/textproto"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/stripe/stripe-go/v82"

	"github.com/jobeffects/jobeffects/twice"
	"github.com/jobeffects/jobeffects/twice/asynqtwice"
	"github.com/jobeffects/jobeffects/twice/pgxtwice"
	"github.com/jobeffects/jobeffects/twice/rivertwice"

	"example.com/shop/internal/store"
	"example.com/shop/internal/webhook"
	"example.com/shop/jobs"
)

// TestTwice delivers every handler of the shop twice with the twice
// package, on a real PostgreSQL (JOBEFFECTS_PG_DSN; skipped without it,
// failed when JOBEFFECTS_REQUIRE_PG is set), with Stripe and the partner
// webhook answered by an HTTP recorder and mail sent to a fake SMTP
// server. It checks each handler's outcome per mode and prints one
// "twice-result:" line per handler, which cmd/jobeffects's
// TestTwiceAgreesWithInventory compares with the static inventory.
func TestTwice(t *testing.T) {
	dsn := os.Getenv("JOBEFFECTS_PG_DSN")
	if dsn == "" {
		if os.Getenv("JOBEFFECTS_REQUIRE_PG") != "" {
			t.Fatal("JOBEFFECTS_PG_DSN is not set but JOBEFFECTS_REQUIRE_PG is: start PostgreSQL with .ci/postgres")
		}
		t.Skip("JOBEFFECTS_PG_DSN is not set")
	}
	ctx := t.Context()
	// The handlers' pool is instrumented: its writes and commits are the
	// effect points the crash mode crashes after.
	cfg := freshDatabase(ctx, t, dsn).Config().Copy()
	pgxtwice.Instrument(cfg)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		t.Fatal(err)
	}

	api := twice.NewHTTPRecorder(twice.HTTPOptions{})
	mail := startSMTP(t)
	t.Setenv("SMTP_ADDR", mail.addr)
	d := &jobs.Deps{
		Pool: pool,
		Stripe: stripe.NewClient("sk_test_twice", stripe.WithBackends(stripe.NewBackendsWithConfig(&stripe.BackendConfig{
			HTTPClient:        api.Client(),
			MaxNetworkRetries: stripe.Int64(0),
			LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
		}))),
		Notifier: &webhook.Poster{Client: api.Client()},
		Audit:    (&store.Auditor{DB: pool}).Record,
	}

	opts := twice.Options{
		Observers: []twice.Observer{
			// Every table of the shop (River's own are left out).
			twice.NewPostgres(pgxtwice.Querier(pool), twice.PostgresOptions{
				// audit_log.row_id copies ledger.id, a serial the Postgres observer
				// already leaves out.
				IgnoreColumns: []string{"done_at", "audit_log.at", "audit_log.row_id", "receipt_claims.claimed_at"},
			}),
			api,
			mail,
			// The child jobs a fan-out enqueues: River's tables are left out
			// above (the harness drives the delivered job's own row), so the
			// children are read by kind.
			riverChildren{pool: pool, kind: jobs.ChildArgs{}.Kind()},
		},
		// Reset runs before each of the ~90 runs (20 handlers: sequential,
		// concurrent, one per crash point). It deletes the few rows and
		// restarts the tables' own sequences, which leaves what TRUNCATE
		// … RESTART IDENTITY leaves (no trigger fires on delete), at a
		// fraction of PostgreSQL's CPU: TRUNCATE gives every table, index
		// and sequence a new file each time (measured: 1.9 of the 2.6 CPU
		// s PostgreSQL spent on the whole test; deleting, 0.05).
		Reset: func(ctx context.Context) error {
			_, err := pool.Exec(ctx, resetSQL+`
				insert into accounts values (1, 100);
				insert into profiles values (7, 'https://img.example.com/old.png');
				insert into users values (7, 'ann@example.com');
				insert into processed_jobs values ('credit:order-1', now() - interval '30 days');
				delete from river_job where kind = 'fanout:child'`)
			return err
		},
	}

	asynqTask := func(typ string, payload any) *asynq.Task {
		b, err := json.Marshal(payload)
		if err != nil {
			t.Fatal(err)
		}
		return asynq.NewTask(typ, b)
	}
	// The fan-outs' client inserts as production does (unique jobs
	// enforced); it has no workers, so it only inserts.
	inserter, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
	if err != nil {
		t.Fatal(err)
	}
	credit := jobs.CreditPayload{OrderID: "order-8812", Account: 1, Amount: 25}
	charge := jobs.ChargePayload{OrderID: "order-8812", Customer: "cus_1", PaymentMethod: "pm_card_visa", Amount: 2500}
	shipment := jobs.ShipmentPayload{OrderID: "order-8812", Carrier: "ups", Tracking: "1Z999"}

	// want is each handler's outcome in the sequential, concurrent and
	// crash modes (twice.Report.Outcome).
	for _, c := range []struct {
		task string
		job  twice.Job
		want [3]string
	}{
		{"credit:naive", asynqtwice.Func(d.CreditNaive, asynqTask("credit:naive", credit)), [3]string{"repeated", "repeated", "repeated"}},
		{"credit:guarded", asynqtwice.Func(d.CreditGuarded, asynqTask("credit:guarded", credit)), [3]string{"same", "same", "same"}},
		{"credit:split-tx", asynqtwice.Func(d.CreditSplitTx, asynqTask("credit:split-tx", credit)), [3]string{"same", "same", "lost"}},
		{"credit:strict", asynqtwice.Func(d.CreditStrict, asynqTask("credit:strict", credit)), [3]string{"error", "same", "error"}},
		{"shipment:upsert", asynqtwice.Func(d.UpsertShipment, asynqTask("shipment:upsert", shipment)), [3]string{"same", "same", "same"}},
		{"processed:prune", asynqtwice.Func(d.PruneProcessed, asynqTask("processed:prune", nil)), [3]string{"same", "same", "same"}},
		// Mail goes to the SMTP server, which cannot tell deliveries
		// apart: no effect point, so no crash run.
		{"user:welcome", asynqtwice.Func(d.SendWelcome, asynqTask("user:welcome", jobs.UserPayload{UserID: 7})), [3]string{"repeated", "repeated", "none"}},
		// The recorder counts requests with one Idempotency-Key once, as
		// Stripe answers a repeated key with the first result.
		{"charge:keyed", asynqtwice.Func(d.ChargeKeyed, asynqTask("charge:keyed", charge)), [3]string{"same", "same", "same"}},
		// stripe-go sends a random Idempotency-Key of its own when none is
		// set: it covers its network retries, not a redelivery.
		{"charge:unkeyed", asynqtwice.Func(d.ChargeUnkeyed, asynqTask("charge:unkeyed", charge)), [3]string{"repeated", "repeated", "repeated"}},
		{"charge:random-key", asynqtwice.Func(d.ChargeRandomKey, asynqTask("charge:random-key", charge)), [3]string{"repeated", "repeated", "repeated"}},
		{"shipment:notify", asynqtwice.Func(d.NotifyShipped, asynqTask("shipment:notify", shipment)), [3]string{"repeated", "repeated", "repeated"}},
		{"refund:audit", asynqtwice.Func(d.AuditRefund, asynqTask("refund:audit", charge)), [3]string{"repeated", "repeated", "repeated"}},
		// receipt_claims has no unique key: the claim never finds the key
		// taken (claim-without-constraint). A crash inside the transaction
		// rolls the claim back with the receipt; one after the commit is a
		// plain redelivery, which claims again and repeats the receipt.
		{"receipt:send", asynqtwice.Func(d.SendReceipt, asynqTask("receipt:send", credit)), [3]string{"repeated", "repeated", "repeated"}},
		{"balance:increment", rivertwice.Job(t, pool, river.Worker[jobs.IncrementArgs](&jobs.IncrementWorker{Pool: pool}), jobs.IncrementArgs{Account: 1, Amount: 25}, nil),
			[3]string{"changed", "changed", "changed"}},
		{"avatar:set", rivertwice.Job(t, pool, jobs.AvatarWorker(pool), jobs.AvatarArgs{UserID: 7, URL: "https://img.example.com/new.png"}, nil),
			[3]string{"same", "same", "same"}},
		// Completing, cancelling or checkpointing the job in the effect's
		// transaction stops a redelivery once the first run has ended; a
		// second run started while the first is still going (River's
		// rescuer hands a job running past RescueStuckJobsAfter to another
		// worker) commits its row too: JobCompleteTx returns the job
		// another run completed without an error, JobCancelTx of a running
		// job records only the attempt, and both runs passed the step
		// before either recorded it.
		{"ledger:complete-tx", rivertwice.Job(t, pool, river.Worker[jobs.LedgerArgs](&jobs.LedgerWorker{Pool: pool}), jobs.LedgerArgs{OrderID: "order-8812", Account: 1, Amount: 25}, nil),
			[3]string{"same", "repeated", "same"}},
		{"refund:cancel-tx", rivertwice.Job(t, pool, river.Worker[jobs.RefundArgs](&jobs.RefundWorker{Pool: pool}), jobs.RefundArgs{OrderID: "order-8812", Amount: 2500}, nil),
			[3]string{"same", "repeated", "same"}},
		{"import:steps", rivertwice.Job(t, pool, river.Worker[jobs.ImportArgs](&jobs.ImportWorker{Pool: pool}), jobs.ImportArgs{File: "orders.csv"}, nil),
			[3]string{"same", "repeated", "same"}},
		// The children are unique by their args: the job's own ID makes a
		// redelivery's insert a skipped duplicate; the time makes it new.
		{"fanout:children", rivertwice.Job(t, pool, river.Worker[jobs.FanoutArgs](&jobs.FanoutWorker{Client: inserter}), jobs.FanoutArgs{Tenant: "acme"}, nil),
			[3]string{"same", "same", "same"}},
		{"fanout:stamped", rivertwice.Job(t, pool, river.Worker[jobs.FanoutStampedArgs](&jobs.FanoutStampedWorker{Client: inserter}), jobs.FanoutStampedArgs{Tenant: "acme"}, nil),
			[3]string{"repeated", "repeated", "repeated"}},
	} {
		o := opts
		o.Name = c.task
		r, err := twice.Run(ctx, c.job, o)
		if err != nil {
			t.Errorf("%s: %v", c.task, err)
			continue
		}
		t.Log(r)
		got := [3]string{r.Outcome(twice.Sequential), r.Outcome(twice.Concurrent), r.Outcome(twice.Crash)}
		t.Logf("twice-result: %s sequential=%s concurrent=%s crash=%s", c.task, got[0], got[1], got[2])
		if got != c.want {
			t.Errorf("%s: outcomes (sequential, concurrent, crash) %q, want %q:\n%s", c.task, got, c.want, r)
		}
	}
}

// shopTables are the shop's tables, which each run of TestTwice starts
// from empty (River's own are left alone: the harness drives their rows).
var shopTables = []string{"ledger", "processed_jobs", "audit_log", "accounts", "profiles", "shipments", "users", "refunds", "imports", "receipt_claims", "receipts"}

// resetSQL empties shopTables and restarts the sequences they own (their
// bigserial ids), as TRUNCATE … RESTART IDENTITY would.
var resetSQL = func() string {
	var b strings.Builder
	for _, t := range shopTables {
		fmt.Fprintf(&b, "delete from %s;\n", t)
	}
	fmt.Fprintf(&b, `select setval(s.oid::regclass, 1, false) from pg_class s join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
		where s.relkind = 'S' and d.deptype in ('a', 'i') and d.refobjid = any(array['%s']::regclass[]);`, strings.Join(shopTables, "', '"))
	return b.String()
}()

// smtpServer is a fake mail relay: it accepts every message and, as a
// twice.Observer, shows the messages received in set "smtp" (the target
// the inventory names for mail.Send).
type smtpServer struct {
	addr string
	mu   sync.Mutex
	msgs []string
}

func (s *smtpServer) String() string { return "smtp" }

func (s *smtpServer) Observe(context.Context) (twice.State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return twice.State{"smtp": slices.Clone(s.msgs)}, nil
}

func (s *smtpServer) Reset(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = nil
	return nil
}

// Describe phrases a change as mail sent again.
func (s *smtpServer) Describe(c twice.Change) string {
	if c.Mode == twice.Crash {
		return "" // the generic sentence
	}
	what := ""
	if len(c.Added) > 0 {
		what = ": " + c.Added[0]
	}
	return fmt.Sprintf("%s sent %d more %s (%d → %d)%s", c.Subject, c.After-c.Before, map[bool]string{true: "email", false: "emails"}[c.After-c.Before == 1], c.Before, c.After, what)
}

func startSMTP(t *testing.T) *smtpServer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	s := &smtpServer{addr: l.Addr().String()}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

// serve speaks just enough SMTP for net/smtp.SendMail.
func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	tp := textproto.NewConn(c)
	tp.PrintfLine("220 localhost ESMTP twice")
	var to []string
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.Fields(line + " x")[0])
		switch cmd {
		case "EHLO", "HELO":
			tp.PrintfLine("250 localhost")
		case "MAIL":
			to = nil
			tp.PrintfLine("250 ok")
		case "RCPT":
			to = append(to, strings.Trim(line[strings.IndexByte(line, ':')+1:], "<> "))
			tp.PrintfLine("250 ok")
		case "DATA":
			tp.PrintfLine("354 go ahead")
			body, err := tp.ReadDotLines()
			if err != nil {
				return
			}
			subject := ""
			for _, l := range body {
				if strings.HasPrefix(l, "Subject: ") {
					subject = strings.TrimPrefix(l, "Subject: ")
				}
			}
			s.mu.Lock()
			s.msgs = append(s.msgs, fmt.Sprintf("to %s: %q", strings.Join(to, ", "), subject))
			s.mu.Unlock()
			tp.PrintfLine("250 queued")
		case "QUIT":
			tp.PrintfLine("221 bye")
			return
		default:
			tp.PrintfLine("250 ok")
		}
	}
}

// riverChildren observes the River jobs of one kind by their tenant: how
// many children each tenant got. Their run arg is left out because it
// names the parent job, which each of the harness's runs inserts anew.
type riverChildren struct {
	pool *pgxpool.Pool
	kind string
}

func (o riverChildren) String() string { return "river_job " + o.kind }

func (o riverChildren) Observe(ctx context.Context) (twice.State, error) {
	rows, err := o.pool.Query(ctx, "select args->>'tenant' from river_job where kind = $1", o.kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	items := []string{}
	for rows.Next() {
		var args string
		if err := rows.Scan(&args); err != nil {
			return nil, err
		}
		items = append(items, args)
	}
	return twice.State{"river_job " + o.kind: items}, rows.Err()
}
