package guard

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

func TestStableKeyGuards(t *testing.T) {
	sites, pitfalls, _ := analyse(t, `
func Notify(order string) { Send("welcome:" + order) }`, "Notify")
	if g := byOp(sites, effect.OpSend)[0].Effect.Guard; g == nil || g.Kind != effect.GuardKey {
		t.Errorf("send with a stable key: guard %+v, want idempotency_key", g)
	}
	if len(pitfalls) != 0 {
		t.Errorf("pitfalls %s, want none", rulesOf(pitfalls))
	}
}

func TestRandomKey(t *testing.T) {
	sites, pitfalls, _ := analyse(t, `
func Notify() { Send(Now()) }`, "Notify")
	e := byOp(sites, effect.OpSend)[0].Effect
	if e.Guard != nil || e.Issue != "random-key" {
		t.Errorf("send with a time key: guard %+v issue %q, want random-key", e.Guard, e.Issue)
	}
	if rulesOf(pitfalls) != "random-key" {
		t.Errorf("pitfalls %s, want random-key", rulesOf(pitfalls))
	}
}
