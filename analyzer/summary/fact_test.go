package summary

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// A dependency's summary keeps its classified effects and one effect for
// everything it cannot resolve, counting the rest; network I/O names it.
func TestFoldUnresolved(t *testing.T) {
	hop := func(pos string) []effect.Hop { return []effect.Hop{{Pos: pos, Func: "lib.F"}} }
	s := &Summary{Effects: []effect.Effect{
		{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: "t", Risk: effect.Medium, Path: hop("a.go:1:1")},
		{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown, Path: hop("a.go:2:1")},
		{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown, Path: hop("a.go:3:1"), More: 2},
		{Kind: effect.KindNetwork, Op: effect.OpCall, Risk: effect.Unknown, Path: hop("a.go:4:1")},
		{Kind: effect.KindDynamic, Op: effect.OpCall, Risk: effect.Unknown, Path: hop("a.go:5:1"), Guard: &effect.Guard{Kind: effect.GuardKey}},
	}}
	s.foldUnresolved()
	if len(s.Effects) != 3 {
		t.Fatalf("got %d effects, want 3: %+v", len(s.Effects), s.Effects)
	}
	f := s.Effects[1]
	if !f.Folded || f.More != 4 || f.Kind != effect.KindNetwork || f.Evidence() != "a.go:2:1" {
		t.Errorf("folded effect = %+v, want Folded, More 4 (2 other effects, 2 more paths of one), kind network, evidence a.go:2:1", f)
	}
	if s.Effects[0].Kind != effect.KindDBWrite || s.Effects[2].Guard == nil {
		t.Errorf("classified and guarded effects must be kept: %+v", s.Effects)
	}
	if c := cap(s.Effects); c != 3 {
		t.Errorf("the folded summary keeps room for %d effects, want 3: it lives as long as the run", c)
	}

	one := &Summary{Effects: []effect.Effect{{Kind: effect.KindDynamic, Op: effect.OpCall, Path: hop("a.go:2:1")}}}
	one.foldUnresolved()
	if one.Effects[0].Folded {
		t.Error("a single unresolved call is not folded")
	}
}

// Beyond the summary's limit, an effect folds into another only when it
// has the same target; the others are counted under one effect that says
// so, per kind and operation.
func TestFoldPerTarget(t *testing.T) {
	var effs []effect.Effect
	for i := 0; i < 10000; i++ {
		effs = append(effs, effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: fmt.Sprintf("t%05d", i), Risk: effect.Medium,
			Path: []effect.Hop{{Pos: fmt.Sprintf("a.go:%d:1", i+1), Func: "f"}}, Exec: effect.NoExec})
	}
	effs = append(effs, effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: "t00001", Risk: effect.Medium,
		Path: []effect.Hop{{Pos: "b.go:1:1", Func: "g"}}, Exec: effect.NoExec})
	out := fold(effs)
	if len(out) != maxEffects+1 {
		t.Fatalf("%d effects, want %d kept and one standing for the rest", len(out), maxEffects)
	}
	if cap(out) != len(out) || &out[0] == &effs[0] {
		t.Errorf("the folded effects (cap %d) hold room beyond their %d, or the array of the effects folded away", cap(out), len(out))
	}
	if out[1].Target != "t00001" || out[1].More != 1 {
		t.Errorf("another path to t00001 is counted on it: %+v", out[1])
	}
	rest := out[maxEffects]
	if rest.Target != "" || rest.More != 10000-maxEffects-1 || !strings.Contains(rest.Detail, "other targets") {
		t.Errorf("the rest: target %q, more %d, detail %q", rest.Target, rest.More, rest.Detail)
	}
	for _, e := range out[:maxEffects] {
		if e.Target != "t00001" && e.More != 0 {
			t.Errorf("%s counts %d other paths it does not have", e.Target, e.More)
		}
	}
}

// Beyond the limit, the interface and func-value calls the whole-program
// phase may resolve are kept (up to maxDynamic): a folded one stands for
// calls at other sites and is never resolved, which lost what they reach.
func TestFoldKeepsResolvableCalls(t *testing.T) {
	var effs []effect.Effect
	for i := 0; i < 100; i++ {
		effs = append(effs, effect.Effect{Kind: effect.KindDBWrite, Op: effect.OpInsert, Target: fmt.Sprintf("t%03d", i), Risk: effect.Medium,
			Path: []effect.Hop{{Pos: fmt.Sprintf("a.go:%d:1", i+1), Func: "f"}}, Exec: effect.NoExec})
	}
	for i := 0; i < maxDynamic+5; i++ {
		effs = append(effs, effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: fmt.Sprintf("(x.Store).M%03d", i), Risk: effect.Unknown,
			Via: "field x.T.store", Path: []effect.Hop{{Pos: fmt.Sprintf("b.go:%d:1", i+1), Func: "g"}}, Exec: effect.NoExec})
	}
	out := fold(effs)
	kept, folded := 0, 0
	for _, e := range out {
		switch {
		case e.Kind == effect.KindDynamic && e.Folded:
			folded++
		case e.Kind == effect.KindDynamic:
			kept++
		}
	}
	if kept != maxDynamic || folded != 1 {
		t.Errorf("dynamic calls: %d kept, %d folded; want %d kept and one standing for the other 5", kept, folded, maxDynamic)
	}
}

// The module's own resolvable calls are kept before a dependency's, whose
// evidence (path@version/…) sorts first.
func TestFoldKeepsOwnCallsFirst(t *testing.T) {
	var effs []effect.Effect
	for i := 0; i < maxEffects+maxDynamic; i++ {
		effs = append(effs, effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: fmt.Sprintf("(lib.I).M%03d", i), Risk: effect.Unknown,
			Via: "field lib.T.i", Path: []effect.Hop{{Pos: fmt.Sprintf("example.com/lib@v1.0.0/a.go:%d:1", i+1), Func: "lib.f"}}, Exec: effect.NoExec})
	}
	effs = append(effs, effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: "(push.Client).Notify", Risk: effect.Unknown,
		Via: "field app.Consumer.push", Path: []effect.Hop{{Pos: "app/consumer.go:838:1", Func: "app.notify"}}, Exec: effect.NoExec})
	for _, e := range fold(effs) {
		if e.Target == "(push.Client).Notify" {
			return
		}
	}
	t.Error("the module's own call (push.Client).Notify was folded")
}

// Beyond the limit, one call per interface method and receiver is kept:
// the others resolve to the same implementations, so they are counted into
// it (More) and leave the room to calls that reach something else
// (dendrite's push gateway Notify came after 60 accessor calls on the event
// interface). Near miss: the same method on another receiver (Via) is
// another call, kept on its own.
func TestFoldKeepsOneCallPerMethodAndReceiver(t *testing.T) {
	var effs []effect.Effect
	for i := 0; i < maxEffects+maxDynamic+10; i++ {
		effs = append(effs, effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: "(ev.PDU).RoomID", Risk: effect.Unknown,
			Via: "field app.Event.PDU method RoomID", Path: []effect.Hop{{Pos: fmt.Sprintf("app/a.go:%d:1", i+1), Func: "app.f"}}, Exec: effect.NoExec})
	}
	effs = append(effs,
		effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: "(ev.PDU).RoomID", Risk: effect.Unknown,
			Via: "value method RoomID", Path: []effect.Hop{{Pos: "app/b.go:1:1", Func: "app.g"}}, Exec: effect.NoExec},
		effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: "(push.Client).Notify", Risk: effect.Unknown,
			Via: "field app.Consumer.push method Notify", Path: []effect.Hop{{Pos: "app/consumer.go:838:1", Func: "app.notify"}}, Exec: effect.NoExec})
	var notify, otherVia, folded bool
	more := 0
	for _, e := range fold(effs) {
		switch {
		case e.Folded:
			folded = true
		case e.Target == "(push.Client).Notify":
			notify = true
		case e.Via == "value method RoomID":
			otherVia = true
		case e.Via == "field app.Event.PDU method RoomID":
			more += e.More
		}
	}
	if !notify || !otherVia || folded {
		t.Errorf("Notify kept %v, RoomID on another receiver kept %v, something folded %v; want kept, kept, nothing folded", notify, otherVia, folded)
	}
	if more != maxDynamic+10 {
		t.Errorf("the repeated RoomID calls count %d more paths, want %d", more, maxDynamic+10)
	}
}
