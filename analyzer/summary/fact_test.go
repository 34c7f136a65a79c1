package summary

import (
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

	one := &Summary{Effects: []effect.Effect{{Kind: effect.KindDynamic, Op: effect.OpCall, Path: hop("a.go:2:1")}}}
	one.foldUnresolved()
	if one.Effects[0].Folded {
		t.Error("a single unresolved call is not folded")
	}
}
