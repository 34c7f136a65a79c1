package guard

import (
	"fmt"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// acks: a message acknowledged (deleted, committed) before the effects
// that process it is delivered at most once (ack-before-effect).
func (a *analysis) acks() {
	// A message acknowledged (deleted, committed) before the effects that
	// process it is delivered at most once: a crash after the ack loses
	// them. kafka-go's ReadMessage commits before it returns. An idempotent
	// effect (an upsert, a set) counts too: acking first buys nothing,
	// since repeating it would have been harmless, and loses it on a crash.
	for _, ack := range a.sites {
		if ack.Effect.Kind != effect.KindAck {
			continue
		}
		var first, firstWrite *Site
		for _, s := range a.sites {
			if s == ack || !after(ack.Instr, s.Instr) {
				continue
			}
			if s.Effect.Risk.NonIdempotent() && (first == nil || effect.ComparePos(s.Effect.Evidence(), first.Effect.Evidence()) < 0) {
				first = s
			}
			if writes(s.Effect) && (firstWrite == nil || effect.ComparePos(s.Effect.Evidence(), firstWrite.Effect.Evidence()) < 0) {
				firstWrite = s
			}
		}
		if first == nil {
			first = firstWrite
		}
		if first == nil {
			continue
		}
		msg := fmt.Sprintf("the message is acknowledged here, before its effects (%s at %s): a crash between the ack and the effects loses them (at-most-once); acknowledge after the effects",
			first.Effect.Describe(), effect.Relative(first.Effect.Evidence(), ""))
		if ack.Effect.Op == "receive-commit" {
			msg = fmt.Sprintf("this receive commits the message before it returns, so its effects (%s at %s) are lost if the worker crashes (at-most-once); fetch, then commit after the effects",
				first.Effect.Describe(), effect.Relative(first.Effect.Evidence(), ""))
		}
		a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.AckBeforeEffect, Pos: ack.Effect.Evidence(), Message: msg})
	}
}

// writes: the effect changes state somewhere (whatever its risk), so losing
// it is a loss; reads, acks, guards and calls it cannot see into are not.
func writes(e *effect.Effect) bool {
	switch e.Kind {
	case effect.KindDBRead, effect.KindKVRead, effect.KindAck, effect.KindGuard,
		effect.KindUnknown, effect.KindDynamic, effect.KindNetwork:
		return false
	case effect.KindHTTP:
		return e.Op != "get" && e.Op != "head" && e.Op != "options" && e.Op != effect.OpRead
	}
	return e.Op != effect.OpRead
}
