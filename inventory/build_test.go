package inventory

import (
	"strings"
	"testing"
	"time"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/horizon"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/inventory/schema"
)

func eff(kind, op, target string, risk effect.Risk, pos string) effect.Effect {
	return effect.Effect{Kind: kind, Op: op, Target: target, Risk: risk, Path: []effect.Hop{{Pos: pos, Func: "f"}}, Exec: effect.NoExec}
}

// Build merges what the defining and the registering packages know, joins
// unresolved registrations by task (one entry for a registration a
// package and its test variant both record), sorts, and counts.
func TestBuild(t *testing.T) {
	root := "/m"
	def := &result.Result{Package: "m/jobs", Handlers: []*result.Handler{{
		Framework: "asynq", Task: "email:send", Name: "jobs.Send", FullName: "m/jobs.Send", Pos: "/m/jobs/send.go:10:6", Owner: true,
		Risk:     effect.High,
		Effects:  []effect.Effect{eff(effect.KindDBRead, "select", "users", effect.Safe, "/m/jobs/send.go:12:3"), eff(effect.KindEmail, effect.OpSend, "smtp", effect.High, "/m/jobs/send.go:14:3")},
		Findings: []result.Finding{{Rule: "unguarded", Pos: "/m/jobs/send.go:10:6", Message: "unguarded: handler jobs.Send … at jobs/send.go:14"}},
	}, {
		Framework: "river", Task: "", Name: "jobs.Prune", FullName: "m/jobs.Prune", Pos: "/m/jobs/prune.go:3:6", Owner: true,
		Effects: []effect.Effect{eff(effect.KindDBWrite, effect.OpDelete, "sessions", effect.Safe, "/m/jobs/prune.go:4:3")},
	}}}
	reg := &result.Result{Package: "m/cmd/worker",
		Handlers:   []*result.Handler{{Framework: "river", Task: "prune", FullName: "m/jobs.Prune", Registered: "/m/cmd/worker/main.go:20:2"}},
		Unresolved: []result.Registration{{Framework: "asynq", Task: "report", Pos: "/m/cmd/worker/main.go:30:2", Reason: "not resolvable"}},
	}
	// The package's test variant records the same unresolved
	// registration: one entry.
	regTest := &result.Result{Package: "m/cmd/worker [m/cmd/worker.test]", Unresolved: reg.Unresolved}
	inv := Build([]*result.Result{def, reg, regTest}, root)
	if inv.Summary.Handlers != 3 || inv.Summary.Findings != 1 || inv.Summary.Risk.High != 1 || inv.Summary.Risk.Safe != 1 || inv.Summary.Risk.Unknown != 1 {
		t.Errorf("summary %+v", inv.Summary)
	}
	var tasks []string
	for _, h := range inv.Handlers {
		tasks = append(tasks, h.Task)
	}
	if strings.Join(tasks, ",") != "email:send,prune,report" {
		t.Errorf("tasks %v, want sorted email:send, prune, report", tasks)
	}
	send, prune, report := inv.Handlers[0], inv.Handlers[1], inv.Handlers[2]
	if send.Position != "jobs/send.go:10" || send.SideEffects[0].Kind != effect.KindEmail || send.NaturalIdempotency != "none" {
		t.Errorf("send: %+v", send)
	}
	if !strings.Contains(send.RetryPolicy, "asynq retries 25 times") {
		t.Errorf("send's retry policy %q, want asynq's default", send.RetryPolicy)
	}
	if prune.Registered != "cmd/worker/main.go:20" || prune.NaturalIdempotency != "full" || prune.Risk != "safe" {
		t.Errorf("prune: registration %q, idempotency %q, risk %q", prune.Registered, prune.NaturalIdempotency, prune.Risk)
	}
	if report.Handler != "(unresolved)" || report.Risk != "unknown" || report.Confidence != "low" {
		t.Errorf("an unresolved registration: %+v", report)
	}
}

func TestNaturalIdempotency(t *testing.T) {
	for _, tc := range []struct {
		effs []effect.Effect
		want string
	}{
		{nil, "full"},
		{[]effect.Effect{eff(effect.KindDynamic, effect.OpCall, "", effect.Unknown, "a.go:1")}, "unknown"},
		{[]effect.Effect{eff(effect.KindDBWrite, "upsert-set", "t", effect.Safe, "a.go:1"), eff(effect.KindDBWrite, "insert", "t", effect.Medium, "a.go:2")}, "partial"},
	} {
		if got := naturalIdempotency(tc.effs); got != tc.want {
			t.Errorf("naturalIdempotency = %q, want %q", got, tc.want)
		}
	}
}

// retryFor lists the policies of a task's enqueues when they differ, says
// what applies to the enqueues that set none, and never lets a policy of
// one run stand without what still runs the job again.
func TestRetryFor(t *testing.T) {
	paths := newPathStyle("/m")
	asynqOnce, riverOnce := catalog.OnceNote("asynq"), catalog.OnceNote("river")
	for _, tc := range []struct {
		name    string
		h       schema.Handler
		retries []result.RetryPolicy
		want    string
	}{{
		name:    "no policy set: the caller's default",
		h:       schema.Handler{Framework: "asynq", Task: "a"},
		retries: []result.RetryPolicy{{Framework: "asynq", Task: "a", Default: true, Pos: "/m/p.go:3:2"}},
		want:    "",
	}, {
		name: "one run at every enqueue",
		h:    schema.Handler{Framework: "asynq", Task: "a"},
		retries: []result.RetryPolicy{
			{Framework: "asynq", Task: "a", Policy: "asynq.MaxRetry(0): 1 run by retry", Once: true, Pos: "/m/p.go:10:2"},
			{Framework: "asynq", Task: "a", Policy: "asynq.MaxRetry(0): 1 run by retry", Once: true, Pos: "/m/p.go:9:2"},
		},
		want: "asynq.MaxRetry(0): 1 run by retry at p.go:9; asynq.MaxRetry(0): 1 run by retry at p.go:10; " + asynqOnce,
	}, {
		name: "differing enqueues, one without a policy",
		h:    schema.Handler{Framework: "asynq", Task: "a"},
		retries: []result.RetryPolicy{
			{Framework: "asynq", Task: "a", Policy: "asynq.MaxRetry(3): up to 4 runs", Pos: "/m/p.go:4:2"},
			{Framework: "asynq", Task: "a", Default: true, Pos: "/m/q.go:5:2"},
			{Framework: "asynq", Task: "b", Policy: "asynq.MaxRetry(0): 1 run by retry", Once: true, Pos: "/m/p.go:6:2"},
		},
		want: "policies differ between enqueues: asynq.MaxRetry(3): up to 4 runs at p.go:4; none set at q.go:5: " +
			"default: asynq retries 25 times (26 runs), 30 min timeout",
	}, {
		name: "River: the args type's policy for the inserts that set none",
		h:    schema.Handler{Framework: "river", Task: "k"},
		retries: []result.RetryPolicy{
			{Framework: "river", Global: true, Policy: "river Config.MaxAttempts 10", Pos: "/m/main.go:30:3"},
			{Framework: "river", Task: "k", Type: true, Policy: "river InsertOpts MaxAttempts 1: 1 attempt by retry", Once: true, Pos: "/m/k.go:8:1"},
			{Framework: "river", Task: "k", Policy: "river Insert MaxAttempts 3", Pos: "/m/p.go:12:2"},
			{Framework: "river", Task: "k", Default: true, Pos: "/m/p.go:13:2"},
		},
		want: "policies differ between enqueues: river Insert MaxAttempts 3 at p.go:12; none set at p.go:13: " +
			"river InsertOpts MaxAttempts 1: 1 attempt by retry at k.go:8; " + riverOnce,
	}, {
		name:    "River: a client of one attempt",
		h:       schema.Handler{Framework: "river", Task: "k"},
		retries: []result.RetryPolicy{{Framework: "river", Global: true, Policy: "river Config.MaxAttempts 1: 1 attempt by retry", Once: true, Pos: "/m/main.go:30:3"}},
		want:    "river Config.MaxAttempts 1: 1 attempt by retry at main.go:30; " + riverOnce,
	}} {
		if got, _ := retryFor(tc.h, tc.retries, []string{"a", "b", "k"}, paths); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// The retry horizon is the longest of the policies that apply, from the
// catalog's default when the code sets none; a replaced backoff makes it
// unknown, a dead-letter replay unbounded.
func TestRetryHorizon(t *testing.T) {
	paths := newPathStyle("/m")
	asynqDefault := (1772820 * time.Second).String()
	for _, tc := range []struct {
		name    string
		h       schema.Handler
		retries []result.RetryPolicy
		want    string
	}{
		{"asynq default", schema.Handler{Framework: "asynq", Task: "a"}, nil, asynqDefault},
		{"asynq default at an enqueue that sets none", schema.Handler{Framework: "asynq", Task: "a"},
			[]result.RetryPolicy{{Framework: "asynq", Task: "a", Default: true, Pos: "/m/p.go:3:2"}}, asynqDefault},
		{"asynq MaxRetry(3): (0+15+29) + (1+15+58) + (16+15+87) s", schema.Handler{Framework: "asynq", Task: "a"},
			[]result.RetryPolicy{{Framework: "asynq", Task: "a", Policy: "asynq.MaxRetry(3): up to 4 runs", Runs: 4, Pos: "/m/p.go:3:2"}}, "3m56s"},
		{"the longest of two enqueues", schema.Handler{Framework: "asynq", Task: "a"},
			[]result.RetryPolicy{{Framework: "asynq", Task: "a", Policy: "x", Runs: 4, Pos: "/m/p.go:3:2"},
				{Framework: "asynq", Task: "a", Default: true, Pos: "/m/p.go:4:2"}}, asynqDefault},
		{"a non-constant MaxRetry", schema.Handler{Framework: "asynq", Task: "a"},
			[]result.RetryPolicy{{Framework: "asynq", Task: "a", Policy: "asynq.MaxRetry(non-constant)", Pos: "/m/p.go:3:2"}}, "unbounded"},
		{"a backoff of the program's own", schema.Handler{Framework: "asynq", Task: "a"},
			[]result.RetryPolicy{{Framework: "asynq", Global: true, Backoff: "Config.RetryDelayFunc", Pos: "/m/main.go:3:2"}}, "unknown"},
		{"a dead-letter replay", schema.Handler{Framework: "river", Task: "k"},
			[]result.RetryPolicy{{Framework: "river", Global: true, Replay: true, Policy: "dead-letter replay x", Pos: "/m/main.go:3:2"}}, "unbounded"},
		{"river default", schema.Handler{Framework: "river", Task: "k"}, nil, (1939322 * time.Second).String()},
		{"river client MaxAttempts 5: 1.1 × (1+16+81+256) s", schema.Handler{Framework: "river", Task: "k"},
			[]result.RetryPolicy{{Framework: "river", Global: true, Policy: "river Config.MaxAttempts 5", Runs: 5, Pos: "/m/main.go:3:2"}}, "6m29s"},
		{"temporal default", schema.Handler{Framework: "temporal", Task: "act"}, nil, "unbounded"},
		// A policy the code does not show (set at send time and not read,
		// or on the broker) is taken as without limit.
		{"a framework whose policy is not read", schema.Handler{Framework: "machinery", Task: "j"}, nil, "unbounded"},
		{"core NATS: delivered once", schema.Handler{Framework: "nats", Task: "s"}, nil, "0s"},
		{"gocraft default: MaxFails 4", schema.Handler{Framework: "gocraft", Task: "j"}, nil, (404 * time.Second).String()},
		{"faktory default: 25 retries, asynq's function", schema.Handler{Framework: "faktory", Task: "j"}, nil, asynqDefault},
		// SQS and Pub/Sub drop a message at the queue's retention, whatever
		// the redrive policy; a redrive of dead letters resets it.
		{"sqs: the queue's longest retention", schema.Handler{Framework: "sqs", Task: "q"}, nil, (14 * 24 * time.Hour).String()},
		{"pubsub: the subscription's longest retention", schema.Handler{Framework: "pubsub", Task: "s"}, nil, (31 * 24 * time.Hour).String()},
		{"watermill: a Retry inside a PoisonQueue", schema.Handler{Framework: "watermill", Task: "h"},
			[]result.RetryPolicy{{Framework: "watermill", Global: true, Policy: "watermill Retry MaxRetries 3 inside a PoisonQueue: up to 4 runs", Runs: 4,
				Exp: &horizon.Exponential{Initial: 10 * time.Second, Max: 30 * time.Second, Multiplier: 3}, Pos: "/m/main.go:3:2"}}, "1m10s"},
		{"watermill: no poison queue, the backend redelivers", schema.Handler{Framework: "watermill", Task: "h"}, nil, "unbounded"},
		{"sqs: dead letters moved back", schema.Handler{Framework: "sqs", Task: "q"},
			[]result.RetryPolicy{{Framework: "sqs", Global: true, Replay: true, Policy: "dead-letter replay x", Pos: "/m/main.go:3:2"}}, "unbounded"},
	} {
		if _, got := retryFor(tc.h, tc.retries, []string{"a", "k"}, paths); got.String() != tc.want {
			t.Errorf("%s: got %s (%s), want %s", tc.name, got, got.Why, tc.want)
		}
	}
}

// A closure registered under several tasks (result.Handler.PerRegistration)
// is one entry per registration, each with its own registration and
// effects; a closure's entries without the mark merge as before.
func TestBuildPerRegistration(t *testing.T) {
	closure := func(task, reg, target string, per bool) *result.Handler {
		return &result.Handler{Framework: "asynq", Task: task, Name: "tasks.byChannel.func1", FullName: "m/tasks.byChannel.func1",
			Pos: "/m/tasks/ch.go:10:9", Registered: reg, Owner: true, PerRegistration: per,
			Effects: []effect.Effect{eff(effect.KindDBWrite, effect.OpInsert, target, effect.Medium, "/m/tasks/ch.go:11:3")}}
	}
	res := &result.Result{Package: "m/cmd", Handlers: []*result.Handler{
		closure("default", "/m/cmd/main.go:20:2", "events", true),
		closure("broadcast", "/m/cmd/main.go:21:2", "broadcasts", true),
	}}
	inv := Build([]*result.Result{res}, "/m")
	var got []string
	for _, h := range inv.Handlers {
		got = append(got, h.Task+" "+h.Registered+" "+h.SideEffects[0].Target)
	}
	if want := "broadcast cmd/main.go:21 broadcasts,default cmd/main.go:20 events"; strings.Join(got, ",") != want {
		t.Errorf("entries %v, want %s", got, want)
	}
	res.Handlers[0].PerRegistration, res.Handlers[1].PerRegistration = false, false
	if inv := Build([]*result.Result{res}, "/m"); len(inv.Handlers) != 1 {
		t.Errorf("without the mark: %d entries, want 1", len(inv.Handlers))
	}
}
