package twicetests

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

func TestParseHandler(t *testing.T) {
	for _, c := range []struct {
		in   string
		want handlerRef
	}{
		{"example.com/shop/jobs.(*Deps).CreditNaive", handlerRef{pkg: "example.com/shop/jobs", recv: "Deps", ptr: true, name: "CreditNaive"}},
		{"example.com/shop/jobs.AvatarWorker.func1", handlerRef{pkg: "example.com/shop/jobs", name: "AvatarWorker", closure: true}},
		{"example.com/shop/jobs.Handle", handlerRef{pkg: "example.com/shop/jobs", name: "Handle"}},
		{"example.com/shop/jobs.Worker.Handle", handlerRef{pkg: "example.com/shop/jobs", recv: "Worker", name: "Handle"}},
		{"example.com/shop/jobs.(*W).Run.func2", handlerRef{pkg: "example.com/shop/jobs", recv: "W", ptr: true, name: "Run", closure: true}},
		{"shop.Handle", handlerRef{pkg: "shop", name: "Handle"}},
	} {
		if got := parseHandler(c.in); got != c.want {
			t.Errorf("parseHandler(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
}

// A module without pgx gets database/sql; Watermill, Temporal and other
// consumers get their adapters or a plain twice.Func; the result parses.
func TestGenerateShapes(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n\nrequire github.com/lib/pq v1.10.9\n")
	write("consumer/c.go", `package consumer

import "github.com/ThreeDotsLabs/watermill/message"

type Svc struct{}

func (s *Svc) OnPaid(msg *message.Message) ([]*message.Message, error) { return nil, nil }
func (s *Svc) OnShipped(msg *message.Message) error                   { return nil }
func (s *Svc) Charge(ctx any, id string) error                         { return nil }
func loop()                                                            {}
`)
	eff := func(kind, op, target string) schema.SideEffect {
		return schema.SideEffect{Kind: kind, Operation: op, Target: target, Risk: "medium", Idempotent: false, Evidence: "consumer/c.go:9"}
	}
	inv := &schema.Inventory{Schema: schema.ID, Handlers: []schema.Handler{
		{Task: "orders.paid", Framework: "watermill", Handler: "example.com/m/consumer.(*Svc).OnPaid", Position: "consumer/c.go:7", Risk: "medium",
			SideEffects: []schema.SideEffect{eff("db_write", "insert", "payments"), eff("publish", "publish", "orders.paid")},
			Findings:    []schema.Finding{{Rule: "unguarded", Position: "consumer/c.go:7"}}},
		{Task: "orders.shipped", Framework: "watermill", Handler: "example.com/m/consumer.(*Svc).OnShipped", Position: "consumer/c.go:8", Risk: "safe"},
		{Task: "Charge", Framework: "temporal", Handler: "example.com/m/consumer.(*Svc).Charge", Position: "consumer/c.go:9", Risk: "critical",
			SideEffects: []schema.SideEffect{eff("payment", "charge", "stripe charges")}},
		{Task: "events", Framework: "jetstream", Handler: "example.com/m/consumer.loop.func1", Position: "consumer/c.go:10", Risk: "unknown"},
		{Task: "t", Framework: "asynq", Handler: "example.com/m/consumer_test.TestX.func1", Position: "consumer/c_test.go:3", Test: true},
	}}
	files, err := Generate(inv, Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "consumer/twice_test.go" {
		t.Fatalf("files %v", files)
	}
	src := string(files[0].Content)
	if _, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	for _, want := range []string{
		"package consumer\n",
		`db, err := twice.OpenDB("postgres", dsn)`,
		"job := watermilltwice.Handler(recv.OnPaid, msg)",
		"job.Published(),",
		"job := watermilltwice.NoPublishHandler(recv.OnShipped, msg)",
		"job := temporaltwice.Activity(recv.Charge)",
		`api.Targets("api.stripe.com/v1/charges"),`,
		"// TODO: publish publish orders.paid (consumer/c.go:9): a twice.Observer over a fake that records it",
		"// TODO: call (a function literal in loop) as its consumer loop does, once per delivery.",
		`_, err := db.ExecContext(ctx, "truncate payments restart identity")`,
		"func TestTwiceOrdersPaid(t *testing.T) {",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("skeleton lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "TestTwiceT(") {
		t.Error("a test's own handler got a skeleton")
	}
}
