package analyzer_test

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// discoveryFixtures are the fixture packages of handler discovery (issue
// 5), one subtest each: every registration form, push consumer, pull loop
// and the weaker message-type rule. Each handler makes one non-idempotent
// insert into a table of its own, so its unguarded finding, with its
// "(framework task …)", proves it was found and named. Each package's doc
// comment says what it covers; its TODO(engine) comments what the engine
// gets wrong there (the want on that line is the engine's current answer).
var discoveryFixtures = []struct {
	name string
	pkgs []string
}{
	{"watermill", []string{"discwatermill"}},
	{"watermill-cqrs", []string{"disccqrs"}},
	{"machinery", []string{"discmachinery"}},
	{"machinery-v1", []string{"discmachineryv1"}},
	{"gocraft", []string{"discgocraft"}},
	{"faktory", []string{"discfaktory"}},
	{"gue", []string{"discgue"}},
	{"gue-v6", []string{"discguev6"}},
	{"neoq", []string{"discneoq"}},
	{"rmq", []string{"discrmq"}},
	{"nsq", []string{"discnsq"}},
	{"temporal", []string{"disctemporal"}},
	{"lambda", []string{"disclambda"}},
	{"pubsub", []string{"discpubsub"}},
	{"sarama", []string{"discsarama"}},
	{"nats", []string{"discnats"}},
	{"stan", []string{"discstan"}},
	{"go-queue", []string{"discgoqueue"}},
	{"franz-go", []string{"discfranz"}},
	{"sqs", []string{"discsqs"}},
	{"sqs-v1", []string{"discsqsv1"}},
	{"azservicebus", []string{"discazsb"}},
	{"kafka", []string{"disckafka"}},
	{"amqp", []string{"discamqp"}},
	{"weak", []string{"discweak"}},
	// User declarations (.jobeffects.yaml handlers and registrations, the
	// //jobeffects:handler directive): the existing fixture, with its config.
	{"declared", []string{"declared/bus", "declared"}},
}

// wantHandler is a handler the analysis Result must list. reg and ack are
// substrings of the source line of the registration (or pull-loop receive)
// and of the ack, "" when there is none.
type wantHandler struct {
	name, framework, task, confidence string
	reg, ack                          string
}

// discoveryHandlers are, per fixture package, all the handlers its Result
// must list (no more): framework, task, confidence, registration site and,
// for pull loops, the ack.
var discoveryHandlers = map[string][]wantHandler{
	"discwatermill": {
		{"(*discwatermill.Deps).Ship", "watermill", "ship_order", "high", `r.AddConsumerHandler("ship_order"`, ""},
		{"(*discwatermill.Deps).Invoice", "watermill", "invoice", "high", `r.AddHandler("invoice"`, ""},
		{"(*discwatermill.Deps).Audit", "watermill", "audit", "high", `r.AddNoPublisherHandler("audit"`, ""},
		{"(*discwatermill.Deps).AckFirst", "watermill", "receipt", "high", `r.AddConsumerHandler("receipt"`, ""},
		{"discwatermill.Wire.func1", "watermill", "notify", "high", `r.AddConsumerHandler("notify"`, ""},
		{"(*discwatermill.Deps).Count", "watermill", "count", "high", `r.AddConsumerHandler("count"`, ""},
	},
	"disccqrs": {
		// TODO(engine): the constructors' handlers are registered by
		// AddHandlers/AddHandlersGroup (variadic: a slice literal the
		// resolver does not read); expected registered at those calls, and
		// the group handler's task "billing", the Refunder's "Refunder".
		{"(*disccqrs.Deps).OnOrderPaid", "watermill", "OnOrderPaid", "high", "", ""},
		{"(*disccqrs.Deps).HandleShipOrder", "watermill", "ShipOrder", "high", "", ""},
		{"(*disccqrs.Deps).OnPaidBilling", "watermill", "", "high", "", ""},
		{"disccqrs.Refunder.Handle", "watermill", "", "high", `cp.AddHandler(Refunder{`, ""},
	},
	"discmachinery": {
		{"discmachinery.SendReceipt", "machinery", "send_receipt", "high", `server.RegisterTask("send_receipt"`, ""},
		{"discmachinery.Resize", "machinery", "resize", "high", `server.RegisterTasks(`, ""},
		{"discmachinery.Register.func1", "machinery", "archive", "high", `server.RegisterTasks(`, ""},
	},
	"discmachineryv1": {
		// v1's registrations; RegisterOwn's registry is not machinery's.
		{"discmachineryv1.Alert", "machinery", "alert", "high", `s.RegisterTask("alert"`, ""},
		{"discmachineryv1.CallURL", "machinery", "call_url", "high", `s.RegisterTasks(`, ""},
		{"discmachineryv1.FindURLs", "machinery", "find_urls", "high", `s.RegisterTasks(`, ""},
	},
	"discgocraft": {
		{"(*discgocraft.Ctx).SendInvoice", "gocraft", "send_invoice", "high", `pool.JobWithOptions("send_invoice"`, ""},
		{"(*discgocraft.Ctx).Export", "gocraft", "export", "high", `pool.Job("export"`, ""},
		{"discgocraft.Cleanup", "gocraft", "cleanup", "high", `pool.Job("cleanup"`, ""},
		// Found by its shape alone (nothing here registers it): kept, at low
		// confidence, as a registration the analysis may have missed. The
		// middleware Log, which takes the next handler, is not a handler.
		{"discgocraft.Unregistered", "gocraft", "", "low", "", ""},
	},
	"discfaktory": {
		{"(*discfaktory.Deps).Capture", "faktory", "CaptureOrder", "high", `mgr.Register("CaptureOrder"`, ""},
		{"discfaktory.Register.func1", "faktory", "Notify", "high", `mgr.Register("Notify"`, ""},
	},
	"discgue": {
		{"(*discgue.Deps).Rebuild", "gue", "rebuild_index", "high", `gue.NewWorkerPool(`, ""},
		{"(*discgue.Deps).TxWrite", "gue", "credit", "high", `gue.NewWorkerPool(`, ""},
		{"(*discgue.Deps).Unknown", "gue", "*", "high", `gue.WithWorkerUnknownJobWorkFunc(`, ""},
		{"discgue.Start.func1", "gue", "send_welcome", "high", `gue.NewWorkerPool(`, ""},
		// Found by its shape alone; the failure policy, which takes the
		// job's error besides the job, is not a handler.
		{"discgue.Unregistered", "gue", "", "low", "", ""},
	},
	"discguev6": {
		{"(*discguev6.Deps).Rebuild", "gue", "rebuild_index", "high", `gue.NewWorkerPool(`, ""},
		{"(*discguev6.Deps).TxWrite", "gue", "credit", "high", `gue.NewWorkerPool(`, ""},
		{"(*discguev6.Deps).Unknown", "gue", "*", "high", `gue.WithPoolUnknownJobWorkFunc(`, ""},
		// The closures the make… functions return are the handlers.
		{"discguev6.makeFollowUp.func1", "gue", "follow_up", "high", `gue.NewWorkerPool(`, ""},
		{"discguev6.makeWelcome.func1", "gue", "send_welcome", "high", `gue.NewWorkerPool(`, ""},
		{"discguev6.Unregistered", "gue", "", "low", "", ""},
	},
	"discneoq": {
		{"(*discneoq.Deps).SendEmail", "neoq", "emails", "high", `nq.Start(ctx, h)`, ""},
		{"(*discneoq.Deps).Nightly", "neoq", "@every 24h", "high", `nq.StartCron(`, ""},
	},
	"discrmq": {
		// The task is the queue (conn.OpenQueue("thumbnails")).
		{"discrmq.Thumbnailer.Consume", "rmq", "thumbnails", "high", `q.AddConsumer("thumb"`, ""},
		{"(*discrmq.Batcher).Consume", "rmq", "thumbnails", "high", `q.AddBatchConsumer("batch"`, ""},
		{"discrmq.Start.func1", "rmq", "thumbnails", "high", `q.AddConsumerFunc("audit"`, ""},
	},
	"discnsq": {
		// The task is the topic (nsq.NewConsumer("blocks", …)).
		{"(*discnsq.Indexer).HandleMessage", "nsq", "blocks", "high", `c.AddHandler(&Indexer`, ""},
		{"discnsq.Start.func1", "nsq", "audit", "high", `audit.AddConcurrentHandlers(`, ""},
	},
	"disctemporal": {
		{"disctemporal.Notify", "temporal", "Notify", "high", "", ""},
		{"disctemporal.Charge", "temporal", "Charge", "high", "", ""},
		// Temporal names a closure after its runtime name, "func1".
		{"disctemporal.OrderWorkflow.func1", "temporal", "func1", "high", "", ""},
		{"disctemporal.OrderWorkflow", "temporal-workflow", "OrderWorkflow", "high", `w.RegisterWorkflow(OrderWorkflow)`, ""},
		{"disctemporal.LeakyWorkflow", "temporal-workflow", "LeakyWorkflow", "high", `w.RegisterWorkflow(LeakyWorkflow)`, ""},
		{"disctemporal.StampWorkflow", "temporal-workflow", "StampWorkflow", "high", `w.RegisterWorkflow(StampWorkflow)`, ""},
		// Found by its signature (workflow.Context first), not registered here.
		{"disctemporal.IDWorkflow", "temporal-workflow", "", "high", "", ""},
		{"disctemporal.KickoffWorkflow", "temporal-workflow", "", "high", "", ""},
		{"disctemporal.Kickoff", "temporal", "Kickoff", "high", "", ""},
		// stamp takes workflow.Context but is called by StampWorkflow: a
		// helper of that workflow, not a workflow of its own.
	},
	"disclambda": {
		// TODO(engine): tasks from the event type ("SQSEvent" …).
		{"disclambda.HandleSQS", "lambda", "", "high", `lambda.Start(HandleSQS)`, ""},
		{"disclambda.HandleSNS", "lambda", "", "high", `lambda.StartWithOptions(HandleSNS`, ""},
		{"disclambda.HandleKinesis", "lambda", "", "high", `lambda.StartHandlerFunc(HandleKinesis)`, ""},
		{"disclambda.HandleS3", "lambda", "", "high", `lambda.StartHandler(lambda.NewHandler(HandleS3))`, ""},
		{"disclambda.Raw.Invoke", "lambda", "", "high", `lambda.StartHandler(Raw{})`, ""},
	},
	"discpubsub": {
		// Tasks from the subscription that built Receive's receiver.
		{"(*discpubsub.Deps).OnOrder", "pubsub", "orders-sub", "high", `c.Subscriber("orders-sub").Receive(`, ""},
		{"discpubsub.Receive.func1", "pubsub", "legacy-sub", "high", `c1.Subscription("legacy-sub").Receive(`, ""},
	},
	"discsarama": {
		// Tasks: the topics ("payments", "refunds").
		{"discsarama.Projector.ConsumeClaim", "sarama", "payments", "high", `group.Consume(ctx, []string{"payments"}`, `s.MarkMessage(msg, "") // after the write`},
		{"(*discsarama.Eager).ConsumeClaim", "sarama", "refunds", "high", `group.Consume(ctx, []string{"refunds"}`, `s.MarkMessage(msg, "") // want`},
	},
	"discstan": {
		{"(*discstan.Deps).OnOrder", "stan", "orders", "high", `sc.Subscribe("orders"`, ""},
		{"discstan.Start.func1", "stan", "payments", "high", `sc.QueueSubscribe("payments"`, ""},
	},
	"discgoqueue": {
		{"discgoqueue.PaymentUpdated.Consume", "go-queue", "payment-updated", "high", `kq.MustNewQueue(`, ""},
	},
	"discnats": {
		{"(*discnats.Deps).OnCreated", "nats", "orders.created", "high", `nc.Subscribe("orders.created"`, ""},
		{"discnats.Subscribe.func1", "nats", "orders.paid", "high", `nc.QueueSubscribe("orders.paid"`, ""},
		// Through the application's own interface over *nats.Conn.
		{"discnats.StartFilter.func1", "nats", "lines", "high", `nc.QueueSubscribe("lines"`, ""},
		{"(*discnats.Deps).OnShipped", "jetstream", "orders.shipped", "high", `js.Subscribe("orders.shipped"`, ""},
		// The task is the consumer's name, where it was built ("fulfil");
		// consumers passed in as parameters have none.
		{"(*discnats.Deps).OnStream", "jetstream", "fulfil", "high", `cons.Consume(d.OnStream)`, ""},
		{"(*discnats.Deps).PullBatch", "jetstream", "", "medium", `cons.Fetch(10)`, `the batch's ack`},
		{"(*discnats.Deps).PullIter", "jetstream", "", "medium", `cons.Messages()`, `the iterator's ack`},
		{"(*discnats.Deps).PullLegacy", "jetstream", "", "medium", `sub.Fetch(10)`, `if err := m.Ack(); err != nil { // want`},
		{"(*discnats.Deps).PullNext", "jetstream", "", "medium", `cons.Next()`, `the single message's ack`},
		// sendOne, which the loop's goroutine calls with each message, is
		// the loop's work, not a handler of its own (its *nats.Msg).
		{"(*discnats.Deps).PullWorkers", "jetstream", "", "medium", `msgs, err := sub.Fetch(5)`, `the worker's ack`},
	},
	"discsqs": {
		// Tasks from the input's QueueUrl ("orders", "refunds").
		{"(*discsqs.Deps).Poll", "sqs", "orders", "medium", `ReceiveMessageInput{QueueUrl: aws.String("orders")`, `DeleteMessageInput{QueueUrl: aws.String("orders")`},
		{"(*discsqs.Deps).PollDeleteFirst", "sqs", "refunds", "medium", `ReceiveMessageInput{QueueUrl: aws.String("refunds")`, `DeleteMessageInput{QueueUrl: aws.String("refunds")`},
	},
	"discsqsv1": {
		// The queue from QueueUrl; Fetch returns what it receives, so Drain,
		// which calls it, is the loop.
		{"(*discsqsv1.Deps).Consume", "sqs", "signups", "medium", `ReceiveMessageWithContext(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String("signups")`, `_, _ = d.SQS.DeleteMessage(&sqs.DeleteMessageInput{QueueUrl: aws.String("signups")`},
		{"(*discsqsv1.Deps).Drain", "sqs", "", "medium", `msgs, err := d.Fetch(ctx)`, `DeleteMessageWithContext(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String("audit")`},
	},
	"discazsb": {
		{"discazsb.Run.func1", "azservicebus", "", "medium", `messages, err := receiver.ReceiveMessages(ctx, 1, nil)`, `_ = receiver.CompleteMessage(ctx, msg, nil) // after the write`},
		{"discazsb.Print", "azservicebus", "", "medium", `messages, err := receiver.ReceiveMessages(ctx, 10, nil)`, `_ = receiver.CompleteMessage(ctx, msg, nil) // after the log`},
		{"discazsb.Session", "azservicebus", "", "medium", `messages, err := sr.ReceiveMessages(ctx, 5, nil)`, `_ = sr.CompleteMessage(ctx, msg, nil) // after the session write`},
	},
	"discfranz": {
		{"(*discfranz.Deps).Poll", "franz-go", "", "medium", `fetches := d.Cl.PollFetches(ctx)`, `the batch commit`},
		{"(*discfranz.Deps).Forward", "franz-go", "", "medium", `d.Cl.PollRecords(ctx, 100)`, `d.Cl.MarkCommitRecords(r)`},
		{"(*discfranz.Deps).Loop", "franz-go", "", "medium", `d.Cl.PollRecords(ctx, 10)`, `the loop's commit`},
		{"(*discfranz.Deps).CommitFirst", "franz-go", "", "medium", `batch := d.Cl.PollFetches(ctx)`, `d.Cl.CommitRecords(ctx, recs...)`},
		{"(*discfranz.Deps).RawProduce", "franz-go", "", "medium", `raw := d.Cl.PollFetches(ctx)`, `the raw loop's commit`},
	},
	"disckafka": {
		// TODO(engine): tasks from the reader's / consumer's topic.
		{"(*disckafka.Deps).Fetch", "kafka-go", "", "medium", `d.R.FetchMessage(ctx)`, `d.R.CommitMessages(ctx, m)`},
		// ReadMessage commits before it returns: it is its own ack.
		{"(*disckafka.Deps).Read", "kafka-go", "", "medium", `d.R.ReadMessage(ctx)`, `d.R.ReadMessage(ctx)`},
		{"(*disckafka.Deps).Poll", "confluent-kafka-go", "", "medium", `d.C.Poll(100)`, `d.C.CommitMessage(e)`},
		{"(*disckafka.Deps).ReadCommitFirst", "confluent-kafka-go", "", "medium", `d.C.ReadMessage(time.Second)`, `d.C.CommitMessage(m)`},
		{"(*disckafka.Deps).CommitThenUpsert", "confluent-kafka-go", "", "medium", `d.C.ReadMessage(5 * time.Second)`, `d.C.CommitMessage(msg)`},
	},
	"discamqp": {
		{"(*discamqp.Deps).Consume", "amqp", "emails", "medium", `d.Ch.Consume("emails"`, `_ = m.Ack(false) // after the write`},
		{"(*discamqp.Deps).ConsumeAckFirst", "amqp", "audit", "medium", `d.Ch.ConsumeWithContext(ctx, "audit"`, `d.Ch.Ack(m.DeliveryTag, false)`},
		// With autoAck true the Consume call is the ack (and the handler
		// at most once).
		{"(*discamqp.Deps).ConsumeAutoAck", "amqp", "clicks", "medium", `d.Ch.Consume("clicks"`, `d.Ch.Consume("clicks"`},
		// The ack in the goroutine the loop starts.
		{"(*discamqp.Deps).ConsumeAsync", "amqp", "async", "medium", `d.Ch.Consume("async"`, `_ = m.Ack(false) // want`},
		// Registered through the application's Subscribe helper, whose
		// loop runs in a function of its own (go consumeLoop(msgs, h)).
		{"(*discamqp.Deps).OnOrder", "amqp", "orders", "medium", `d.Subscribe("orders", d.OnOrder)`, ""},
		// Through helpers that consume with autoAck true (acked at their
		// Consume) or take autoAck from their callers, directly or behind
		// a service interface.
		{"(*discamqp.Deps).OnClick", "amqp", "click_log", "medium", `d.SubscribeAutoAck("click_log", d.OnClick)`, `d.Ch.Consume(queue, "", true,`},
		{"(*discamqp.Deps).OnView", "amqp", "views", "medium", `d.SubscribeWith("views", true, d.OnView)`, ""},
		{"(*discamqp.Deps).OnPay", "amqp", "payments", "medium", `d.SubscribeWith("payments", false, d.OnPay)`, ""},
		{"(*discamqp.Deps).OnTap", "amqp", "taps", "medium", `svc.Listen("taps", d.OnTap)`, `d.Ch.Consume(queue, "", true,`},
		{"(*discamqp.Deps).OnBeat", "amqp", "beats", "medium", `svc.ListenWith("beats", true, d.OnBeat)`, ""},
		{"(*discamqp.Deps).OnRefund", "amqp", "refunds", "medium", `svc.ListenWith("refunds", false, d.OnRefund)`, ""},
	},
	"discweak": {
		{"discweak.ProcessOrder", "watermill", "", "low", "", ""},
		{"discweak.OnQueue", "lambda", "", "low", "", ""},
		{"discweak.Project", "sarama", "", "low", "", ""},
		{"discweak.HandleSQS", "sqs", "", "low", "", ""},
		{"discweak.OnStream", "jetstream", "", "low", "", ""},
		{"discweak.OnDelivery", "amqp", "", "low", "", ""},
		{"discweak.Work", "gue", "", "low", "", ""},
		// TODO(engine): Publish is a producer helper, not a handler.
		{"discweak.Publish", "watermill", "", "low", "", ""},
		// apply is Loop's helper: no handler of its own.
		{"discweak.Loop", "kafka-go", "", "medium", `r.FetchMessage(ctx)`, `r.CommitMessages(ctx, m)`},
		// record and headerOf are Drain's work two calls deep (through
		// drainBatch's goroutine): no handlers of their own. Notify, which
		// that work calls too, is registered: still a handler.
		{"discweak.Drain", "kafka-go", "", "medium", `rd.FetchMessage(ctx)`, `rd.CommitMessages(ctx, m)`},
		{"discweak.Notify", "watermill", "notices", "high", `r.AddNoPublisherHandler("notices"`, ""},
	},
	"declared": {
		{"declared.ProcessOrder", "declared", "orders:process", "high", "", ""},
		{"declared.onPaid", "bus", "orders:paid", "high", `b.On("orders:paid", onPaid)`, ""},
		{"declared.Nightly", "declared", "reports:nightly", "high", "", ""},
	},
}

// TestDiscoveryForms checks each discovery fixture: facts on every
// function, the findings of its handlers (unguarded with the framework and
// task, ack-before-effect, workflow-side-effect), and the handlers its
// Result lists. All fixtures are analysed in one analysistest run; each
// subtest reports the failures in its package's files and compares its
// handlers.
func TestDiscoveryForms(t *testing.T) {
	for _, f := range discoveryFixtures {
		t.Run(f.name, func(t *testing.T) {
			results := runShared(t, f.pkgs...)
			for i, pkg := range f.pkgs {
				want, ok := discoveryHandlers[pkg]
				if !ok {
					continue
				}
				if i >= len(results) || results[i].Package != pkg {
					t.Fatalf("no result for %s", pkg)
				}
				compareHandlers(t, pkg, results[i], want)
			}
		})
	}
}

// compareHandlers compares a package's handlers with the wanted ones, as
// sorted lines "name framework task confidence registered=… ack=…".
func compareHandlers(t *testing.T, pkg string, res *result.Result, want []wantHandler) {
	t.Helper()
	file := path.Join(pkg, path.Base(pkg)+".go")
	src, err := os.ReadFile(filepath.Join(testdata, "src", filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	at := func(marker string) string {
		if marker == "" {
			return ""
		}
		i := strings.Index(string(src), marker)
		if i < 0 || strings.Count(string(src), marker) != 1 {
			t.Fatalf("%s: marker %q must occur once", file, marker)
		}
		return fmt.Sprintf("%s:%d", file, 1+strings.Count(string(src[:i]), "\n"))
	}
	line := func(name, fw, task, conf, reg, ack string) string {
		return fmt.Sprintf("%s %s task=%q %s registered=%s ack=%s", name, fw, task, conf, reg, ack)
	}
	var got, exp []string
	for _, h := range res.Handlers {
		got = append(got, line(h.Name, h.Framework, h.Task, h.Confidence, fileLine(h.Registered), fileLine(h.Ack)))
	}
	for _, w := range want {
		exp = append(exp, line(w.name, w.framework, w.task, w.confidence, at(w.reg), at(w.ack)))
	}
	sort.Strings(got)
	sort.Strings(exp)
	if g, w := strings.Join(got, "\n"), strings.Join(exp, "\n"); g != w {
		t.Errorf("%s handlers:\n%s\nwant:\n%s", pkg, g, w)
	}
}

// fileLine turns an absolute "file:line:col" into "pkg/file.go:line",
// relative to testdata/src.
func fileLine(pos string) string {
	if pos == "" {
		return ""
	}
	pos = filepath.ToSlash(pos)
	if i := strings.LastIndex(pos, "/src/"); i >= 0 {
		pos = pos[i+len("/src/"):]
	}
	if i := strings.LastIndex(pos, ":"); i > strings.LastIndex(pos, ".go") {
		pos = pos[:i]
	}
	return pos
}

// TestHelperRegistrations: handlers passed down through the application's
// own helpers (in another package) before the registering call or a pull
// loop that calls them are found, with the task their caller names.
func TestHelperRegistrations(t *testing.T) {
	runShared(t, "helperreg/bus", "helperreg/tasks", "helperreg")
}

// TestMessageLoops: a consumer loop that receives through the
// application's receive wrapper (an interface over gocloud.dev/pubsub's
// Receive) and hands each message to a value of the application's handler
// interface makes the concrete types passed where that value comes from
// the handlers (msgloop.go), through a constructor kept in a field and a
// worker keeping it in another, with the type from another package's
// constructor returning the interface; neither the wrapper nor the loop
// nor an unregistered type with the same method is a handler.
func TestMessageLoops(t *testing.T) {
	res := runShared(t, "msgloop/mq", "msgloop/consumer", "msgloop/orders", "msgloop")
	var got []string
	for _, r := range res {
		for _, h := range r.Handlers {
			got = append(got, h.Framework+" "+h.Task+" "+h.Name+" "+h.Confidence+" "+fileLine(h.Registered))
		}
		for _, u := range r.Unresolved {
			t.Errorf("unresolved registration at %s: %s", fileLine(u.Pos), u.Reason)
		}
	}
	want := []string{
		"gocloud-pubsub  (*orders.handler).Handle medium msgloop/msgloop.go:36",
	}
	if !slices.Equal(got, want) {
		t.Errorf("handlers:\n got %q\nwant %q", got, want)
	}
}

// TestPullLoopProcessors: one generic kafka-go pull loop built once per
// processor (NewConsumer(topic, p) keeps p in a field; a worker fed by the
// loop's channel calls p.Process) makes each processor passed there a
// handler, registered where it is built (pullpool.go); the loop is none.
// A loop whose per-message work is a static call stays the handler.
func TestPullLoopProcessors(t *testing.T) {
	res := runShared(t, "pullpool/consumer", "pullpool")
	var got []string
	for _, r := range res {
		for _, h := range r.Handlers {
			got = append(got, h.Framework+" "+h.Name+" "+fileLine(h.Registered))
		}
	}
	want := []string{
		"kafka-go (*pullpool.mailer).Process pullpool/pullpool.go:35",
		"kafka-go (*pullpool.ranker).Process pullpool/pullpool.go:36",
		"kafka-go (*pullpool.Single).Run pullpool/pullpool.go:47",
	}
	if !slices.Equal(got, want) {
		t.Errorf("handlers:\n got %q\nwant %q", got, want)
	}
}

// TestBatcherHandoff: a handler that queues its payload in a batcher whose
// processor runs later has the processor's effects where the package made
// the batcher with it, and an unknown effect, not none, where the batcher
// comes from elsewhere.
func TestBatcherHandoff(t *testing.T) {
	runShared(t, "batchfix")
}

// TestInterfaceJobs: jobs registered as values of the application's own
// job interface, through a registrar whose adapter calls the job's method,
// are handlers each (concrete type's method, task from Name() or the
// registrar's name argument, pointer and value receivers alike); the
// adapter is not one.
func TestInterfaceJobs(t *testing.T) {
	res := runShared(t, "ifacejobs/registry", "ifacejobs/jobs", "ifacejobs", "ifacejobs/background")
	var got []string
	for _, r := range res {
		for _, h := range r.Handlers {
			got = append(got, h.Task+" "+h.Name+" "+fileLine(h.Registered))
		}
	}
	want := []string{
		"ledger:credit ifacejobs.ledger.Run ifacejobs/ifacejobs.go:55",
		"report:build (*ifacejobs.reporter).Process ifacejobs/ifacejobs.go:56",
		"email:send (*jobs.SendEmail).Run ifacejobs/ifacejobs.go:53",
		"sessions:cleanup jobs.Cleanup.Run ifacejobs/ifacejobs.go:54",
		"store:cleanup ifacejobs.RegisterCleanup.func1 ifacejobs/ifacejobs.go:66",
		"CleanupJobs (*background.CleanupHandler).HandleConsumeJob ifacejobs/background/background.go:86",
		"CleanupJobsScheduler background.CleanupHandler.EnqueueTriggeredJob ifacejobs/background/background.go:86",
		"SyncPlaid (*background.SyncHandler).HandleConsumeJob ifacejobs/background/background.go:86",
		"Probe background.Probe.HandleConsumeJob ifacejobs/background/background.go:102",
		"audit:write ifacejobs.audit.Run ifacejobs/ifacejobs.go:49",
		"jobs (*registry.MapRegistry).Dispatch ifacejobs/registry/registry.go:56",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("handlers:\n got %q\nwant %q", got, want)
	}
	for _, r := range res {
		for _, u := range r.Unresolved {
			t.Errorf("unresolved registration at %s: %s", fileLine(u.Pos), u.Reason)
		}
	}
}

// TestRegistrationLists: handlers registered from []interface{} lists
// ranged over — a literal handed to a local registrar, a variadic list
// handed to another package's helper that ranges it, one handed to an
// interface of one package implemented in another, one handed to the
// application's service interface whose implementations (two layers, in
// other packages) forward to worker.Worker, and lists a function builds
// per queue with append and returns in a struct for another to range
// over — are each element's method or function, named by Temporal's rule;
// a string in a list is none.
func TestRegistrationLists(t *testing.T) {
	res := runShared(t, "reglists/tapi", "reglists/tworker", "reglists/tservice", "reglists")
	var got []string
	for _, r := range res {
		for _, h := range r.Handlers {
			got = append(got, h.Framework+" "+h.Task+" "+h.Name+" "+fileLine(h.Registered))
		}
	}
	want := []string{
		"temporal Charge (*reglists.Billing).Charge reglists/reglists.go:79",
		"temporal Refund (*reglists.Billing).Refund reglists/reglists.go:79",
		"temporal Write (*reglists.Audit).Write reglists/reglists.go:95",
		"temporal Store (*reglists.Archive).Store reglists/reglists.go:111",
		"temporal Post (*reglists.Ledger).Post reglists/reglists.go:119",
		"temporal Notify reglists.Notify reglists/reglists.go:119",
		"temporal Process (*reglists.Tasks).Process reglists/reglists.go:156",
		"temporal-workflow BillingWorkflow reglists.BillingWorkflow reglists/reglists.go:151",
		"temporal-workflow TaskWorkflow reglists.TaskWorkflow reglists/reglists.go:151",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("handlers:\n got %q\nwant %q", got, want)
	}
	for _, r := range res {
		for _, u := range r.Unresolved {
			t.Errorf("unresolved registration at %s: %s", fileLine(u.Pos), u.Reason)
		}
	}
}

// TestStoredHandlers: an application's own job server (an interface of
// one package, implemented on asynq in another) keeps each handler in a
// struct appended to a slice field and registers the kept handlers
// through an adapter when it starts; the closures the application's
// service returns and hands to it are the handlers, a task's pattern kept
// with it is its task, a cron's generated ID none.
func TestStoredHandlers(t *testing.T) {
	res := runShared(t, "storedreg/worker", "storedreg/wasynq", "storedreg")
	var got []string
	for _, r := range res {
		for _, h := range r.Handlers {
			got = append(got, h.Framework+" "+h.Task+" "+h.Name+" "+fileLine(h.Registered))
		}
	}
	want := []string{
		"asynq  (*storedreg.service).Cleanup.func1 storedreg/storedreg.go:35",
		"asynq invoice:bill (*storedreg.service).Bill.func1 storedreg/storedreg.go:36",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("handlers:\n got %q\nwant %q", got, want)
	}
	for _, r := range res {
		for _, u := range r.Unresolved {
			t.Errorf("unresolved registration at %s: %s", fileLine(u.Pos), u.Reason)
		}
	}
}

// An activity executed by its name (workflow.ExecuteActivity(ctx,
// "Charge", …)) is the one registered under it, not an unresolved
// registration (it was listed as a handler "(unresolved)" of unknown risk).
func TestNamedActivityNotUnresolved(t *testing.T) {
	for _, r := range runShared(t, "disctemporal") {
		for _, u := range r.Unresolved {
			t.Errorf("unresolved registration at %s: %s", fileLine(u.Pos), u.Reason)
		}
	}
}
