package report

import (
	"fmt"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/infer"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// Handler decides h's findings from its effects and pitfalls: the
// readings of the calls nothing else decided (infer.Apply), its risk,
// the rule it is checked against (unguarded, workflow-side-effect, none
// for at-most-once systems), the pitfalls, and with Strict the
// unknown-effect finding. Each finding gets its Diagnostic when it is to
// be reported: h's package owns it, nothing silences it, the baseline does
// not know it, and (pitfalls) no other handler of the package reported it.
func (c *Context) Handler(h *result.Handler) {
	// Writes to the handler's own message or arguments are not effects
	// (effect.Transient): decided here, where no caller maps them; nor
	// are a test handler's writes to its probes.
	h.Effects = infer.Apply(effect.Lasting(h.Effects, h.Test), c.Infer, c.Deferred)
	// A copy of an act kept without its check-then-act for the run that
	// returns unrecorded says nothing once the reading made the act safe:
	// listed once (effect.SafeTwins).
	h.Effects = effect.SafeTwins(h.Effects)
	if h.AckMode == ackAuto {
		// The library acks the message when the handler returns: an ack
		// the handler withholds on a failure is made anyway, and the
		// failure is only logged (effect.AckedAnyway).
		h.Effects = effect.AckedAnyway(h.Effects)
	}
	selfEnqueue(h)
	marked := sequentialMarks(h)
	h.Risk = effect.HandlerRisk(h.Effects)
	h.Findings = nil
	var f *result.Finding
	var path []effect.Hop
	switch {
	case h.AtMostOnce: // never redelivered
	case h.Rule == rules.WorkflowSideEffect:
		f, path = c.workflowEffect(h)
	default:
		f, path = c.unguarded(h)
	}
	if f != nil {
		f.Pos = h.At
		f.Suppressed, _ = c.silence(h.Ignore, f.Rule)
		c.add(h, f, h.At, f.Message, path)
	}
	if !h.AtMostOnce && h.Rule != rules.WorkflowSideEffect {
		if f, path := c.failsOnDuplicate(h); f != nil {
			f.Pos = h.At
			f.Suppressed, _ = c.silence(h.Ignore, f.Rule)
			c.add(h, f, h.At, f.Message, path)
		}
	}
	for _, p := range h.Pitfalls {
		if p.Rule == rules.CheckThenAct && actedOnlySafe(h.Effects, p.Pos) {
			continue
		}
		if p.Rule == rules.CheckThenAct && marked[p.Pos] && !issueAt(h.Effects, p.Rule, p.Pos) {
			// A status mark before every effect this check exposed, on a
			// transport whose deliveries never overlap: no delivery
			// passes the check while another is between it and the mark.
			continue
		}
		if (p.Rule == rules.RandomKey || p.Rule == rules.CheckThenAct) && h.AtMostOnce {
			// A key new on every delivery deduplicates nothing, and a
			// check two deliveries at once both pass lets both act, but
			// a handler delivered once has no second delivery (a
			// helper's pitfall stays reported for the handlers that are
			// redelivered: not marked reported here).
			continue
		}
		f := &result.Finding{Rule: p.Rule, Pos: p.Pos, Message: p.Rule + ": " + p.Message, Suppressed: p.Suppressed}
		where := p.Pos
		if !c.inPackage(p.Pos) {
			where = h.At
			f.Message = fmt.Sprintf("%s (at %s)", f.Message, c.rel(p.Pos))
		}
		key := p.Rule + "|" + p.Pos
		if c.reported[key] {
			h.Findings = append(h.Findings, *f)
			continue
		}
		if c.add(h, f, where, c.relMessage(f.Message), nil) {
			if c.reported == nil {
				c.reported = map[string]bool{}
			}
			c.reported[key] = true
		}
	}
	if c.Unresolved != nil && h.Risk == effect.Unknown && !h.AtMostOnce {
		if f, path := c.unresolved(h); f != nil {
			f.Suppressed, _ = c.silence(h.Ignore, f.Rule)
			c.add(h, f, h.At, f.Message, path)
		}
	}
	if c.Strict && h.Risk == effect.Unknown {
		if f, path := c.unknownEffect(h); f != nil {
			f.Suppressed, _ = c.silence(h.Ignore, f.Rule)
			c.add(h, f, h.At, f.Message, path)
		}
	}
}

// actedOnlySafe reports whether every effect a check-then-act at check
// acts on is safe once read (infer.Apply decides a POST to a completion
// or token endpoint after the guard analysis marked it): no race is left
// to report. false when no effect names the check.
func actedOnlySafe(effs []effect.Effect, check string) bool {
	n := 0
	for i := range effs {
		e := &effs[i]
		if e.Issue != rules.CheckThenAct || e.IssuePos != check {
			continue
		}
		if e.Risk != effect.Safe {
			return false
		}
		n++
	}
	return n > 0
}

// add records a finding and, when it is reported, its diagnostic at where.
func (c *Context) add(h *result.Handler, f *result.Finding, where, message string, path []effect.Hop) bool {
	if f.Suppressed == "" && c.Disabled[f.Rule] {
		f.Suppressed = "rule turned off (rules:)"
	}
	report := h.Owner && f.Suppressed == "" && !c.known(f)
	if report {
		f.Diagnostic = &result.Diagnostic{Pos: where, Rule: f.Rule, Message: message, URL: rules.URL(f.Rule), Related: Related(path)}
		if where != f.Pos {
			f.Diagnostic.FindingPos = f.Pos
		}
	}
	h.Findings = append(h.Findings, *f)
	return report
}

// Related is an evidence path as a diagnostic's related positions: each
// hop says whom it calls; the last, that the effect is there.
func Related(path []effect.Hop) []result.Related {
	var out []result.Related
	for i, h := range path {
		if _, line, _ := effect.SplitPos(h.Pos); line < 1 {
			continue
		}
		m := fmt.Sprintf("effect in %s", h.Func)
		if i+1 < len(path) {
			m = fmt.Sprintf("%s calls %s", h.Func, path[i+1].Func)
		}
		out = append(out, result.Related{Pos: h.Pos, Message: m})
	}
	return out
}
