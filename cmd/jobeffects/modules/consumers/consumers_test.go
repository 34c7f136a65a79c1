package consumers

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
	"go.yaml.in/yaml/v3"
)

// TestConsumersModule runs the binary on testdata/consumers, a module on
// the real Watermill (with watermill-sql v4), aws-lambda-go, the SQS SDK,
// Sarama, nats.go (JetStream, and core NATS through the application's own
// interface), Pub/Sub v2 and machinery v1, with database/sql effects, and Sarama
// consumers handing messages to a worker over a channel made in another
// package (orderflow): go vet reports
// the unguarded consumers and the SQS loop that deletes its message before
// its effect (golden consumers.vet.txt), the per-package CLI says exactly
// the same, and the inventory (golden consumers.inventory.yaml) is
// byte-identical over two runs and gives each handler its framework, task,
// registration site, ack and retry policy.
func TestConsumersModule(t *testing.T) {
	// Its own module: it runs beside the tests of testdata/example, so
	// that one compiles or downloads while the other analyses.
	t.Parallel()
	dir := e2etest.TestdataDir(t, "consumers")
	tmp := t.TempDir()
	invPath := func(i int) string { return filepath.Join(tmp, fmt.Sprintf("inventory%d.yaml", i)) }

	// What go vet prints: the per-package CLI's answer, which go vet
	// itself gives on vetPackages (e2etest.PerPackage).
	stderr, code := e2etest.PerPackage(t, binary, dir, vetPackages)
	if code != 1 {
		t.Fatalf("per-package exit code %d, want 1\n%s", code, stderr)
	}
	vet := e2etest.Diagnostics(stderr)
	e2etest.Golden(t, "consumers.vet.txt", []byte(strings.Join(vet, "\n")+"\n"), *update)

	// The two inventory runs load and analyse the whole module
	// themselves (about 25 s of CPU each): run them side by side.
	res := e2etest.RunConcurrently(t, dir,
		[]string{binary, "inventory", "./...", "-o", invPath(0)},
		[]string{binary, "inventory", "./...", "-o", invPath(1)})

	// The inventory: byte-identical over two runs, golden.
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
	e2etest.Golden(t, "consumers.inventory.yaml", outputs[0], *update)

	var inv struct {
		Handlers []struct {
			Task        string
			Framework   string
			Handler     string
			Registered  string
			Ack         string
			Confidence  string
			RetryPolicy string `yaml:"retry_policy"`
			Risk        string
			Findings    []struct {
				Rule     string
				Position string
				Message  string
			}
		}
	}
	if err := yaml.Unmarshal(outputs[0], &inv); err != nil {
		t.Fatal(err)
	}
	var invFull struct {
		Handlers []struct {
			Handler     string
			SideEffects []struct {
				Kind, Operation, Target string
				Path                    []string
			} `yaml:"side_effects"`
		}
	}
	if err := yaml.Unmarshal(outputs[0], &invFull); err != nil {
		t.Fatal(err)
	}
	at := func(file, s string) string {
		return fmt.Sprintf("%s:%d", file, e2etest.LineOf(t, filepath.Join(dir, filepath.FromSlash(file)), s))
	}

	// Each handler's framework, task, registration and ack. A pull loop's
	// "registration" is its receive call.
	type row struct{ handler, framework, task, registered, ack, risk string }
	want := []row{
		// Tasks: the Sarama topic list, the JetStream consumer's name and
		// the Pub/Sub subscription, read where the receiver was built.
		// Lambda has none in code (its event source is configuration), and
		// the SQS queue comes from a struct field (p.Queue), not a constant.
		{"kafka.Projector.ConsumeClaim", "sarama", "payments", at("kafka/projector.go", "group.Consume("), at("kafka/projector.go", "s.MarkMessage("), "medium"},
		{"lambdafn.handle", "lambda", "", at("lambdafn/main.go", "lambda.Start(handle)"), "", "medium"},
		{"natsc.(*Consumer).Fulfil", "jetstream", "fulfil", at("natsc/consumer.go", "cons.Consume(c.Fulfil)"), "", "medium"},
		{"pubsubc.Receive.func1", "pubsub", "invoices-sub", at("pubsubc/receive.go", `Subscriber("invoices-sub").Receive(`), "", "medium"},
		{"sqspoll.(*Poller).Run", "sqs", "", at("sqspoll/poll.go", "p.SQS.ReceiveMessage("), at("sqspoll/poll.go", "p.SQS.DeleteMessage("), "medium"},
		{"wm.(*Handlers).MarkShipped", "watermill", "mark_shipped", at("wm/router.go", `r.AddHandler("mark_shipped"`), "", "medium"},
		{"natsc.(*Consumer).Audit", "nats", "orders.events", at("natsc/consumer.go", `nc.Subscribe("orders.events"`), "", "medium"},
		// Legacy JetStream subscriptions of one handler body, with and
		// without ManualAck (natsc/reserve.go).
		{"natsc.(*Reserver).Reserve", "jetstream", "orders.reserve", at("natsc/reserve.go", `js.Subscribe("orders.reserve"`), "", "medium"},
		{"natsc.(*Reserver).Hold", "jetstream", "orders.hold", at("natsc/reserve.go", `js.Subscribe("orders.hold"`), "", "medium"},
		{"wm.(*Handlers).Ship", "watermill", "ship_order", at("wm/router.go", `r.AddConsumerHandler("ship_order"`), "", "medium"},
		// A dispatch map: the router's handler and each entry, its key the task.
		{"wm.(*Events).Handle", "watermill", "order_events", at("wm/dispatch.go", `r.AddConsumerHandler("order_events"`), "", "medium"},
		{"wm.NewEvents.func1", "watermill", "order.paid", at("wm/dispatch.go", `"order.paid":`), "", "medium"},
		{"wm.NewEvents.func2", "watermill", "order.shipped", at("wm/dispatch.go", `"order.shipped":`), "", "safe"},
		{"wmsql.(*Counter).Count", "watermill", "count_click", at("wmsql/counter.go", `r.AddConsumerHandler("count_click"`), "", "medium"},
		{"wmsql.(*Counter).Tally", "watermill", "tally_click", at("wmsql/counter.go", `r.AddConsumerHandler("tally_click"`), "", "medium"},
		// Forwarding with an Idempotency-Key from the message's UUID, and
		// from the clock (the near miss).
		{"wm.Forward", "watermill", "forward_event", at("wm/forward.go", `r.AddConsumerHandler("forward_event"`), "", "high"},
		{"wm.ForwardStamped", "watermill", "forward_stamped", at("wm/forward.go", `r.AddConsumerHandler("forward_stamped"`), "", "high"},
		// One closure registered by a forwarder (AddTask, through the
		// application's Router interface and a closure called once per
		// task): a handler per call that names a task, each resolved with
		// the task that call binds; the tasks' Execute methods are none.
		{"wmtask.TaskHandler.func1", "watermill", "ship_task", at("wmtask/tasks.go", `addTask(ctx, "ship_task"`), "", "medium"},
		{"wmtask.TaskHandler.func1", "watermill", "status_task", at("wmtask/tasks.go", `addTask(ctx, "status_task"`), "", "safe"},
		// Temporal activities from a []interface{} list handed through the
		// application's two interface layers (tservice, tworker): each
		// method value is a handler, the string in the list none.
		{"temporalw.(*Billing).Charge", "temporal", "Charge", at("temporalw/temporalw.go", `svc.RegisterActivity("billing", a)`), "", "medium"},
		{"temporalw.(*Billing).Lookup", "temporal", "Lookup", at("temporalw/temporalw.go", `svc.RegisterActivity("billing", a)`), "", "safe"},
		// A core NATS subscription through the application's own
		// interface over *nats.Conn (natsConn, made by connect).
		{"natsc.StartFilter.func1", "nats", "lines", at("natsc/filter.go", `nc.QueueSubscribe("lines"`), "", "medium"},
		// Sarama consumers that hand each message to a channel made in
		// another package (orderflow/app) and kept in fields of other
		// packages' types; the audit's channel is another make.
		{"orderflow/broker.(*Consumer).ConsumeClaim", "sarama", "orders", at("orderflow/app/app.go", `orders.Consume(ctx, []string{"orders"}`), at("orderflow/broker/broker.go", `s.MarkMessage(msg, "")`), "medium"},
		// machinery v1 (github.com/RichardKnop/machinery/v1): RegisterTasks'
		// map keys and RegisterTask's name are the tasks.
		{"machv1.RecordPayment", "machinery", "record_payment", at("machv1/worker.go", "server.RegisterTasks("), "", "medium"},
		{"machv1.SetStatus", "machinery", "set_status", at("machv1/worker.go", "server.RegisterTasks("), "", "safe"},
		{"machv1.FanOut", "machinery", "fan_out", at("machv1/worker.go", `server.RegisterTask("fan_out"`), "", "medium"},
		{"orderflow/broker.(*Audit).ConsumeClaim", "sarama", "order-audit", at("orderflow/app/app.go", `audit.Consume(ctx, []string{"order-audit"}`), fmt.Sprintf("orderflow/broker/broker.go:%d", e2etest.LineOf(t, filepath.Join(dir, "orderflow", "broker", "broker.go"), "a.events <-")+1), "safe"},
	}
	var got, exp []string
	for _, h := range inv.Handlers {
		got = append(got, fmt.Sprintf("%s %s task=%q registered=%s ack=%s risk=%s", strings.TrimPrefix(h.Handler, "example.com/consumers/"), h.Framework, h.Task, h.Registered, h.Ack, h.Risk))
	}
	for _, w := range want {
		exp = append(exp, fmt.Sprintf("%s %s task=%q registered=%s ack=%s risk=%s", w.handler, w.framework, w.task, w.registered, w.ack, w.risk))
	}
	sort.Strings(got)
	sort.Strings(exp)
	if g, w := strings.Join(got, "\n"), strings.Join(exp, "\n"); g != w {
		t.Errorf("handlers:\n%s\nwant:\n%s", g, w)
	}

	rules := func(handler string) []string {
		for _, h := range inv.Handlers {
			if h.Handler == "example.com/consumers/"+handler {
				var rs []string
				for _, f := range h.Findings {
					rs = append(rs, f.Rule+"@"+f.Position)
				}
				sort.Strings(rs)
				return rs
			}
		}
		t.Errorf("no handler %s", handler)
		return nil
	}
	has := func(rs []string, rule string) bool {
		for _, r := range rs {
			if strings.HasPrefix(r, rule+"@") {
				return true
			}
		}
		return false
	}

	// At least once: these consumers ack (mark, return nil, Ack) after
	// their insert, so a crash after the insert redelivers the message and
	// the insert repeats: unguarded, and no ack-before-effect.
	// MarkShipped's status update is safe, but the router publishes the
	// message it returns again on every delivery.
	// machinery v1's RecordPayment appends a payment and FanOut enqueues
	// a task per order on every run.
	for _, h := range []string{"kafka.Projector.ConsumeClaim", "natsc.(*Consumer).Fulfil", "pubsubc.Receive.func1", "wm.(*Handlers).Ship", "wm.(*Handlers).MarkShipped", "lambdafn.handle", "machv1.RecordPayment", "machv1.FanOut"} {
		if rs := rules(h); !has(rs, "unguarded") || has(rs, "ack-before-effect") {
			t.Errorf("%s (at least once): findings %v, want unguarded and no ack-before-effect", h, rs)
		}
	}
	// The subscription's ack mode: Reserve (ManualAck) acks only when its
	// insert into a unique key succeeded, so a redelivery fails without
	// end (duplicate-as-error); Hold, the same body without ManualAck, is
	// acked by the library when it returns (its failure only logged).
	if rs := rules("natsc.(*Reserver).Reserve"); !has(rs, "duplicate-as-error") {
		t.Errorf("natsc Reserve (ManualAck): findings %v, want duplicate-as-error", rs)
	}
	if rs := rules("natsc.(*Reserver).Hold"); has(rs, "duplicate-as-error") {
		t.Errorf("natsc Hold (acked when it returns): findings %v, want no duplicate-as-error", rs)
	}
	// At most once: the SQS loop deletes each message before counting it,
	// so a crash in between loses the count: ack-before-effect at the
	// delete (and the increment is still unguarded against a redelivery
	// of a message whose delete failed).
	del := at("sqspoll/poll.go", "p.SQS.DeleteMessage(")
	if rs := rules("sqspoll.(*Poller).Run"); !has(rs, "unguarded") || !slices.Contains(rs, "ack-before-effect@"+del) {
		t.Errorf("sqspoll Run (at most once): findings %v, want ack-before-effect@%s", rs, del)
	}
	if !strings.Contains(strings.Join(vet, "\n"), del+":") {
		t.Errorf("go vet reports no ack-before-effect at %s", del)
	}
	// watermill-sql: an effect on the subscriber's transaction commits
	// with the consumer group's offset (Count is guarded); one followed by
	// a failing return is run again in the same transaction after the
	// nack (Tally's insert is unguarded).
	if rs := rules("wmsql.(*Counter).Tally"); !has(rs, "unguarded") {
		t.Errorf("wmsql Tally: findings %v, want unguarded", rs)
	}
	// A Watermill message's UUID is the same on every redelivery: a key
	// derived from it is stable (issue 28); one from the clock is not.
	if rs := rules("wm.ForwardStamped"); !has(rs, "random-key") {
		t.Errorf("wm ForwardStamped: findings %v, want random-key", rs)
	}
	// Safe or guarded handlers have no finding.
	for _, h := range []string{"natsc.(*Consumer).Audit", "wmsql.(*Counter).Count", "wm.Forward", "machv1.SetStatus"} {
		if rs := rules(h); len(rs) != 0 {
			t.Errorf("%s: findings %v, want none", h, rs)
		}
	}

	// A dispatch map filled in the dispatcher's package: go vet resolves
	// the call through it as the whole program does, and the dispatcher's
	// finding points at the entry that repeats the effect, in the same
	// words at the same place in both.
	const entry = `(*wm.Events).Handle (dynamic call → wm.NewEvents.func1, entry "order.paid") → wm/dispatch.go:22 wm.NewEvents.func1`
	var vetLine string
	for _, d := range vet {
		if first, _, _ := strings.Cut(d, "\n"); strings.Contains(first, ": unguarded: handler (*wm.Events).Handle ") {
			vetLine = first
		}
	}
	if !strings.Contains(vetLine, entry) {
		t.Errorf("go vet's finding on the dispatcher %q does not point at its entry (%s)", vetLine, entry)
	}
	for _, h := range inv.Handlers {
		if h.Handler != "example.com/consumers/wm.(*Events).Handle" {
			continue
		}
		if len(h.Findings) != 1 || !strings.HasPrefix(vetLine, h.Findings[0].Position+":") || !strings.HasSuffix(vetLine, ": "+h.Findings[0].Message) {
			t.Errorf("the dispatcher's findings %+v differ from go vet's %q", h.Findings, vetLine)
		}
	}

	// The channel made in orderflow/app, kept by broker.Consumer.out and
	// service.Service.inbox: the consumer's send reaches the service's
	// worker, whose insert repeats with a redelivered message; the path
	// names the channel. The audit's own make reaches no worker (safe, in
	// the handlers above). Under go vet (one package at a time) the send
	// is a dead end: the command only (docs/limits.md).
	var flow []string
	for _, h := range invFull.Handlers {
		if h.Handler != "example.com/consumers/orderflow/broker.(*Consumer).ConsumeClaim" {
			continue
		}
		for _, e := range h.SideEffects {
			flow = append(flow, e.Kind+"/"+e.Operation+" "+e.Target+" path="+strings.Join(e.Path, " | "))
		}
	}
	made := e2etest.LineOf(t, filepath.Join(dir, "orderflow", "app", "app.go"), "make(chan model.Order, 16)")
	wantFlow := fmt.Sprintf("db_write/insert flow_orders path=%s (*broker.Consumer).ConsumeClaim | %s (*broker.Consumer).push (channel Consumer.out = Service.inbox, made at app.go:%d → (*service.Service).Run) | %s (*service.Service).Run",
		at("orderflow/broker/broker.go", "c.push("), at("orderflow/broker/broker.go", "c.out <- o"), made, at("orderflow/service/service.go", "s.db.ExecContext("))
	if strings.Join(flow, "\n") != wantFlow {
		t.Errorf("orderflow Consumer: effects\n%s\nwant\n%s", strings.Join(flow, "\n"), wantFlow)
	}
	if rs := rules("orderflow/broker.(*Consumer).ConsumeClaim"); !has(rs, "unguarded") {
		t.Errorf("orderflow Consumer: findings %v, want unguarded", rs)
	}
	if rs := rules("orderflow/broker.(*Audit).ConsumeClaim"); len(rs) != 0 {
		t.Errorf("orderflow Audit (its own channel): findings %v, want none", rs)
	}
	// StartFilter's callback hands each message to a worker over a local
	// channel; the worker's insert is its effect. Core NATS delivers at
	// most once: no finding.
	var filter []string
	for _, h := range invFull.Handlers {
		if h.Handler == "example.com/consumers/natsc.StartFilter.func1" {
			for _, e := range h.SideEffects {
				filter = append(filter, e.Kind+"/"+e.Operation+" "+e.Target)
			}
		}
	}
	if strings.Join(filter, "; ") != "db_write/insert lines" {
		t.Errorf("natsc StartFilter callback: effects %q, want the worker's insert into lines", filter)
	}
	if rs := rules("natsc.StartFilter.func1"); len(rs) != 0 {
		t.Errorf("natsc StartFilter callback (core NATS, at most once): findings %v, want none", rs)
	}

	// Retry policies of brokers that keep them outside the code (queue,
	// subscription, consumer, event source configuration) are unknown.
	for _, h := range inv.Handlers {
		switch h.Framework {
		case "sqs", "lambda", "pubsub", "sarama", "jetstream":
			if !strings.HasPrefix(h.RetryPolicy, "unknown") {
				t.Errorf("%s: retry_policy %q, want unknown…", h.Handler, h.RetryPolicy)
			}
		}
	}
}
