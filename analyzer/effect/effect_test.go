package effect

import (
	"strings"
	"testing"
)

func TestSplitPos(t *testing.T) {
	for _, tc := range []struct {
		in        string
		file      string
		line, col int
	}{
		{"/a/b.go:12:5", "/a/b.go", 12, 5},
		{"/a/b.sql:7", "/a/b.sql", 7, 0},
		{"C:/x/y.go:3:1", "C:/x/y.go", 3, 1},
		{"nofile", "nofile", 0, 0},
	} {
		f, l, c := SplitPos(tc.in)
		if f != tc.file || l != tc.line || c != tc.col {
			t.Errorf("SplitPos(%q) = %q %d %d", tc.in, f, l, c)
		}
	}
	if ComparePos("a.go:2:1", "a.go:10:1") >= 0 || ComparePos("a.go:1:1", "b.go:1:1") >= 0 {
		t.Error("ComparePos orders by file, then line numerically")
	}
	if got := Relative("/m/jobs/x.go:3:4", "/m"); got != "jobs/x.go:3" {
		t.Errorf("Relative = %q", got)
	}
	if got := Relative("/other/x.go:3:4", "/m"); got != "/other/x.go:3" {
		t.Errorf("Relative outside the root = %q", got)
	}
}

func hops(ps ...string) []Hop {
	var out []Hop
	for _, p := range ps {
		out = append(out, Hop{Pos: p, Func: "f"})
	}
	return out
}

func TestFoldAllPrefersDirectPaths(t *testing.T) {
	long := Effect{Kind: KindDBWrite, Op: OpInsert, Target: "t", Risk: Medium, Path: hops("a.go:1:1", "b.go:1:1", "e.go:9:1"), Exec: NoExec}
	short := long
	short.Path = hops("a.go:2:1", "e.go:9:1")
	dyn := long
	dyn.Path = []Hop{{Pos: "a.go:3:1", Func: "f " + DynamicHopMark + "g)"}, {Pos: "e.go:9:1", Func: "g"}}
	out := FoldAll([]Effect{long, dyn, short}, false)
	if len(out) != 1 {
		t.Fatalf("%d effects, want the three paths folded into one", len(out))
	}
	if cap(out) != 1 {
		t.Errorf("the result keeps room for %d effects, want 1: summaries keep it for the whole run", cap(out))
	}
	if got := out[0]; len(got.Path) != 2 || got.Path[0].Pos != "a.go:2:1" || got.More != 2 || got.Alt != nil {
		t.Errorf("folded = %+v; want the shortest static path, 2 others counted, none kept", got)
	}
	if out := FoldAll([]Effect{long, dyn, short}, true); len(out[0].Alt) != 2 {
		t.Errorf("with keep, %d other paths kept, want 2", len(out[0].Alt))
	}
}

func TestHandlerRisk(t *testing.T) {
	if r := HandlerRisk(nil); r != Safe {
		t.Errorf("no effects: %v", r)
	}
	if r := HandlerRisk([]Effect{{Risk: Safe}, {Risk: Unknown}}); r != Unknown {
		t.Errorf("safe and unknown: %v, want unknown (never safe for something unresolved)", r)
	}
	if r := HandlerRisk([]Effect{{Risk: Unknown}, {Risk: Medium}}); r != Medium {
		t.Errorf("unknown and medium: %v, want the worst known", r)
	}
}

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		e    Effect
		want string
	}{
		{Effect{Kind: KindDBWrite, Op: OpInsert, Target: "ledger"}, "insert into ledger"},
		{Effect{Kind: KindDBWrite, Op: "update-increment", Target: "accounts"}, "update-increment of accounts"},
		{Effect{Kind: KindEmail, Op: OpSend, Target: "smtp"}, "email send (smtp)"},
		{Effect{Kind: KindDynamic, Op: OpCall, Detail: "calls x"}, "calls x"},
	} {
		if got := tc.e.Describe(); got != tc.want {
			t.Errorf("Describe(%+v) = %q, want %q", tc.e, got, tc.want)
		}
	}
}

func TestIgnoreSilences(t *testing.T) {
	ig := &Ignore{Pos: "a.go:3", Rules: []string{"unguarded"}, Reason: "rebuilt nightly"}
	if r, ok := ig.Silences("unguarded"); !ok || !strings.Contains(r, "nightly") {
		t.Errorf("Silences(unguarded) = %q %v", r, ok)
	}
	if _, ok := ig.Silences("random-key"); ok {
		t.Error("a directive silences only its rules")
	}
	var none *Ignore
	if _, ok := none.Silences("unguarded"); ok {
		t.Error("no directive silences nothing")
	}
}

func TestCountsSaturate(t *testing.T) {
	n := 0
	for i := 0; i < 64; i++ { // a diamond of 64 levels doubles the paths 64 times
		n = AddCount(n, AddCount(n, 1))
	}
	if n != MaxCount {
		t.Errorf("count after 64 doublings = %d, want it saturated at %d", n, MaxCount)
	}
}

func TestLongPathsAreElided(t *testing.T) {
	e := Effect{Kind: KindDBWrite, Op: OpInsert, Path: []Hop{{Pos: "z.go:1:1", Func: "leaf"}}}
	for i := 0; i < 10000; i++ {
		e = e.Prepend(Hop{Pos: "a.go:1:1", Func: "f"})
	}
	if len(e.Path) != MaxHops {
		t.Fatalf("path of %d hops, want %d", len(e.Path), MaxHops)
	}
	if e.Evidence() != "z.go:1:1" {
		t.Errorf("the effect's own hop must stay last: %q", e.Evidence())
	}
	elided := 0
	for _, h := range e.Path {
		if strings.HasPrefix(h.Func, ElidedMark) {
			elided++
			if !strings.Contains(h.Func, "9978 calls left out") {
				t.Errorf("elided hop %q, want 9978 calls counted (10001 hops, 23 kept)", h.Func)
			}
		}
	}
	if elided != 1 {
		t.Errorf("%d elided hops, want one", elided)
	}
}
