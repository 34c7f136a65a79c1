package report

import (
	"go/token"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

func insert(pos string) effect.Effect {
	return effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: "ledger", Risk: effect.Medium,
		Path: []effect.Hop{{Pos: "/m/jobs/a.go:5:2", Func: "jobs.Credit"}, {Pos: pos, Func: "store.Add"}}, Exec: effect.NoExec}
}

func handler(effs ...effect.Effect) *result.Handler {
	return &result.Handler{Framework: "asynq", Task: "credit", Name: "jobs.Credit", Pos: "/m/jobs/a.go:3:6", At: "/m/jobs/a.go:3:6", Owner: true, Effects: effs}
}

func context() *Context { return newContext("/m", []string{"/m/jobs/a.go"}) }

func TestUnguarded(t *testing.T) {
	h := handler(insert("/m/store/s.go:9:3"))
	context().Handler(h)
	if len(h.Findings) != 1 || h.Findings[0].Diagnostic == nil {
		t.Fatalf("findings %+v, want one reported unguarded", h.Findings)
	}
	d := h.Findings[0].Diagnostic
	want := `unguarded: handler jobs.Credit (asynq task "credit") repeats its side effects when a job is delivered twice: insert into ledger (medium) at store/s.go:9 is not guarded; path: jobs/a.go:5 jobs.Credit → store/s.go:9 store.Add`
	if d.Message != want || d.Pos != h.At || d.Rule != "unguarded" || !strings.HasSuffix(d.URL, "#rule-unguarded") {
		t.Errorf("diagnostic %+v\nwant message %s", d, want)
	}
	if len(d.Related) != 2 || d.Related[0].Message != "jobs.Credit calls store.Add" || d.Related[1].Message != "effect in store.Add" {
		t.Errorf("related %+v", d.Related)
	}
	if h.Risk != effect.Medium {
		t.Errorf("risk %v", h.Risk)
	}
}

func TestSilenced(t *testing.T) {
	h := handler(insert("/m/store/s.go:9:3"))
	h.Ignore = &effect.Ignore{Pos: "/m/jobs/a.go:2", Rules: []string{"unguarded"}, Reason: "rebuilt nightly"}
	c := context()
	c.Handler(h)
	if len(h.Findings) != 1 || h.Findings[0].Suppressed != "rebuilt nightly" || h.Findings[0].Diagnostic != nil {
		t.Errorf("a directive on the handler: %+v, want the finding kept, suppressed, not reported", h.Findings)
	}
	if !c.used["/m/jobs/a.go:2"] {
		t.Error("the directive is recorded as used")
	}
	e := insert("/m/store/s.go:9:3")
	e.Ignore = &effect.Ignore{Pos: "/m/store/s.go:8", Rules: []string{"unguarded"}, Reason: "append-only log"}
	h = handler(e)
	context().Handler(h)
	if len(h.Findings) != 0 {
		t.Errorf("a directive on the effect's line takes it out: %+v", h.Findings)
	}
}

func TestPitfallElsewhere(t *testing.T) {
	h := handler()
	h.Pitfalls = []guard.Pitfall{{Rule: "guard-separate-tx", Pos: "/m/store/s.go:20:2", Message: "the claim commits separately"}}
	c := context()
	c.Handler(h)
	if len(h.Findings) != 1 || h.Findings[0].Diagnostic == nil {
		t.Fatalf("findings %+v", h.Findings)
	}
	d := h.Findings[0].Diagnostic
	if d.Pos != h.At || d.Message != "guard-separate-tx: the claim commits separately (at store/s.go:20)" {
		t.Errorf("a pitfall in another package is reported at the handler: %+v", d)
	}
	other := handler()
	other.Pitfalls = h.Pitfalls
	c.Handler(other)
	if other.Findings[0].Diagnostic != nil {
		t.Error("a pitfall is reported once per package")
	}
}

func TestNotOwner(t *testing.T) {
	h := handler(insert("/m/store/s.go:9:3"))
	h.Owner = false
	context().Handler(h)
	if len(h.Findings) != 1 || h.Findings[0].Diagnostic != nil {
		t.Errorf("a package that does not own the handler records its finding without reporting it: %+v", h.Findings)
	}
}

func TestAtMostOnceAndStrict(t *testing.T) {
	h := handler(insert("/m/store/s.go:9:3"))
	h.AtMostOnce = true
	context().Handler(h)
	if len(h.Findings) != 0 {
		t.Errorf("an at-most-once handler never repeats: %+v", h.Findings)
	}
	u := handler(effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown, Detail: "calls x.Y through an interface",
		Path: []effect.Hop{{Pos: "/m/jobs/a.go:7:2", Func: "jobs.Credit"}}, Exec: effect.NoExec})
	c := context()
	c.Strict = true
	c.Handler(u)
	if len(u.Findings) != 1 || u.Findings[0].Rule != "unknown-effect" {
		t.Errorf("strict: %+v, want unknown-effect", u.Findings)
	}
}

// A reading decides an unknown call only with Infer; its finding says
// the confidence is medium. ForResult takes Infer from -strict and the
// package's config.
func TestReadingsAndConfidence(t *testing.T) {
	call := func() *result.Handler {
		return handler(effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: "(jobs.Store).CreateOrder", Risk: effect.Unknown,
			Detail: "calls (jobs.Store).CreateOrder through an interface", Path: []effect.Hop{{Pos: "/m/jobs/a.go:7:2", Func: "jobs.Credit"}}, Exec: effect.NoExec,
			Reading: &effect.Reading{Kind: effect.KindDBWrite, Op: effect.OpInsert, Risk: effect.Medium, Why: "inferred from the name (jobs.Store).CreateOrder: a creation with a payload"}})
	}
	h := call()
	c := context()
	c.Infer = true
	c.Handler(h)
	if h.Risk != effect.Medium || len(h.Findings) != 1 || !strings.Contains(h.Findings[0].Message, "db_write insert (inferred from the name (jobs.Store).CreateOrder) (medium)") ||
		!strings.Contains(h.Findings[0].Message, "; confidence medium: decided from names, not followed in code; path: ") {
		t.Errorf("inferred: risk %v, %+v", h.Risk, h.Findings)
	}
	off := call()
	context().Handler(off)
	if off.Risk != effect.Unknown || len(off.Findings) != 0 {
		t.Errorf("without Infer: risk %v, %+v", off.Risk, off.Findings)
	}
	for _, tc := range []struct {
		strict, noInfer, want bool
	}{{false, false, true}, {true, false, false}, {false, true, false}} {
		if got := ForResult(&result.Result{NoInfer: tc.noInfer}, tc.strict, nil).Infer; got != tc.want {
			t.Errorf("ForResult(strict %v, NoInfer %v).Infer = %v", tc.strict, tc.noInfer, got)
		}
	}
}

// The unresolved note names the dynamic call whose name reads as an effect
// (not a getter the handler also calls), and an effect without a path at
// the handler, without an empty position or path.
func TestUnresolvedNote(t *testing.T) {
	dyn := func(target string, reading *effect.Reading, path ...effect.Hop) effect.Effect {
		return effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: target, Risk: effect.Unknown,
			Detail: "calls " + target + ", which is not known here", Reading: reading, Path: path, Exec: effect.NoExec}
	}
	getter := dyn("j.Name", &effect.Reading{Kind: "read", Risk: effect.Safe}, effect.Hop{Pos: "/m/jobs/a.go:4:9", Func: "jobs.Credit"})
	send := dyn("n.Send", nil, effect.Hop{Pos: "/m/jobs/a.go:6:9", Func: "jobs.Credit"})
	c := context()
	c.Unresolved = func(*effect.Effect) bool { return true }
	f, _ := c.unresolved(handler(getter, send))
	if f == nil || !strings.Contains(f.Message, "calls n.Send, which is not known here (the call at jobs/a.go:6; ") {
		t.Errorf("note %+v, want the Send call", f)
	}
	f, _ = c.unresolved(handler(dyn("n.Send", nil)))
	if f == nil || !strings.Contains(f.Message, "(the call at the handler jobs/a.go:3;") || strings.Contains(f.Message, "path:") || strings.Contains(f.Message, "at  ") {
		t.Errorf("note without a path: %+v", f)
	}
}

// The synthetic files made for positions outside a package are kept per
// file set only while it lives: a process that analyses many times does
// not keep every run's.
func TestSyntheticFilesFollowTheFileSet(t *testing.T) {
	count := func() int {
		synthMu.Lock()
		defer synthMu.Unlock()
		return len(synthFiles)
	}
	before := count()
	for range 10 {
		fset := token.NewFileSet()
		if p := TokenPos(fset, nil, "/elsewhere/x.go:3:2"); !p.IsValid() || fset.Position(p).Line != 3 {
			t.Fatalf("TokenPos = %v", fset.Position(p))
		}
	}
	for i := 0; i < 20 && count() > before; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := count(); n > before {
		t.Errorf("%d file sets' synthetic files kept after they were collected", n-before)
	}
}
