package wholeprogram

import (
	"fmt"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// gateClaim decides ne, an effect of the callee this phase resolved
// dynamic call e to, by the claim whose first-time edge e runs behind
// (effect.ClaimGate), as the per-package pass decides the same effect
// made directly after the claim (guard.guardFirstTime). A database write
// on the transaction the claim runs on is guarded; one on another handle
// commits apart from the claim (guard-separate-tx, returned as the
// pitfall at the claim), as every write does when the claim commits by
// itself. Only a write the callee makes itself (or through its static
// calls) is decided: one behind the callee's own dynamic calls (a hook
// firing listeners that write) runs on a handle not read here, and a
// write behind a call made deeper than the claim's function is decided
// only when the claim commits by itself. Another effect is guarded with
// the window between it and the commit; money is not guarded by a DB
// claim.
func gateClaim(ne *effect.Effect, e *effect.Effect, g *effect.ClaimGate, method bool) *guard.Pitfall {
	if !ne.Risk.NonIdempotent() || ne.Guard != nil || ne.Issue != "" {
		return nil
	}
	ng := g.Guard
	switch {
	case ne.Kind == effect.KindDBWrite:
		re := ne.ResolvedExec
		if re == nil || re.Pos != e.Evidence() {
			// Made behind a dynamic call of the implementation's (a hook
			// firing its listeners), or by a library method: what it
			// runs on is not read here.
			return nil
		}
		if !g.Alone {
			if !g.TxKnown {
				return nil // a call made deeper: its arguments were not read
			}
			if re.Param != effect.NoExec && onClaimTx(re.Param, g, method) {
				ng.SameTx = true
				ne.Guard = &ng
				return nil
			}
		}
		ne.Issue, ne.IssuePos = rules.SeparateTx, ng.Pos
		target := g.Target
		if target == "" {
			target = "the key table"
		}
		return &guard.Pitfall{Rule: rules.SeparateTx, Pos: ng.Pos, Message: fmt.Sprintf(
			"the claim on %s commits separately from the %s at %s: a crash between them loses the effect (the key is taken) or, if the claim rolls back alone, repeats it; run the claim and the effect in one transaction",
			target, ne.Describe(), effect.Relative(ne.Evidence(), ""))}
	case ne.Risk == effect.Critical:
		ne.Detail = effect.JoinDetail(ne.Detail, "a DB claim does not protect money: a crash between the call and the commit repeats it; pass a stable idempotency key")
	default:
		ng.Window = true
		ne.Guard = &ng
	}
	return nil
}

// onClaimTx reports whether the callee's parameter param (receiver first
// for a method) is the argument or receiver of the call that the claim's
// transaction is.
func onClaimTx(param int, g *effect.ClaimGate, method bool) bool {
	if method {
		if param == 0 {
			return g.RecvTx
		}
		param--
	}
	return g.TxArg >= 0 && param == g.TxArg
}

// keyUnderClaim decides me, the effect dynamic call e resolved to, whose
// idempotency key is new on every delivery (p, its random-key pitfall),
// when e runs behind a claim (effect.ClaimGate): the claim keeps a second
// delivery from the call, so the key deduplicates nothing that could
// repeat, and me is guarded as gateClaim guards it (not money, whose key
// a DB claim's crash window still needs). The pitfalls to report: p when
// the claim does not guard me.
func keyUnderClaim(me, e *effect.Effect, method bool, p guard.Pitfall) []guard.Pitfall {
	g := e.ClaimGate
	if g == nil || me.Kind == effect.KindDBWrite || me.Risk == effect.Critical {
		return []guard.Pitfall{p}
	}
	issue, pos := me.Issue, me.IssuePos
	me.Issue, me.IssuePos = "", ""
	var out []guard.Pitfall
	if gp := gateClaim(me, e, g, method); gp != nil {
		out = append(out, *gp)
	}
	if me.Guard == nil {
		me.Issue, me.IssuePos = issue, pos
		return append(out, p)
	}
	me.Detail = effect.JoinDetail(me.Detail, "its key is new on every delivery, but only the delivery that took the claim makes the call")
	return out
}
