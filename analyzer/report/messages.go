package report

import (
	"fmt"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// unguarded is the unguarded finding of a handler: its worst
// non-idempotent effect that nothing guards, no pitfall explains and no
// directive on its line silences; nil when there is none.
func (c *Context) unguarded(h *result.Handler) (*result.Finding, []effect.Hop) {
	var worst *effect.Effect
	n := 0
	for i := range h.Effects {
		e := &h.Effects[i]
		if !e.NeedsGuard() || e.Issue != "" || e.FailsOnDuplicate() {
			continue
		}
		if _, silenced := c.silence(e.Ignore, rules.Unguarded); silenced {
			continue
		}
		n++
		// The worst risk; among equals, the most direct (shortest path),
		// which is the one a reader finds first.
		if worst == nil || e.Risk > worst.Risk || (e.Risk == worst.Risk && (len(e.Path) < len(worst.Path) ||
			len(e.Path) == len(worst.Path) && effect.Less(e, worst))) {
			worst = e
		}
	}
	if worst == nil {
		return nil, nil
	}
	task := ""
	if h.Task != "" {
		task = fmt.Sprintf(" (%s task %q)", h.Framework, h.Task)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: handler %s%s repeats its side effects when a job is delivered twice: %s (%s) at %s is not guarded",
		rules.Unguarded, h.Name, task, worst.Describe(), worst.Risk, c.rel(worst.Evidence()))
	if worst.Detail != "" && worst.Kind != effect.KindDBWrite {
		fmt.Fprintf(&b, " (%s)", worst.Detail)
	}
	if n > 1 {
		fmt.Fprintf(&b, ", nor are %d other effects", n-1)
	}
	for _, d := range c.Dedups {
		if d.Applies(h.Framework, h.Task) {
			fmt.Fprintf(&b, "; %s", d.Note(c.rel))
		}
	}
	b.WriteString(confidenceNote(worst))
	fmt.Fprintf(&b, "; path: %s", c.pathText(worst.Path))
	return &result.Finding{Rule: rules.Unguarded, Message: b.String()}, worst.Path
}

// failsOnDuplicate is the duplicate-as-error finding of a handler whose
// create a second delivery cannot repeat but fails on, with that failure
// returned all the way up (effect.Effect.FailsOnDuplicate): the effect
// does not repeat, the failure does, and the queue retries a job that
// succeeded until it dead-letters it. The worst such effect is named;
// nil when there is none.
func (c *Context) failsOnDuplicate(h *result.Handler) (*result.Finding, []effect.Hop) {
	var worst *effect.Effect
	n := 0
	for i := range h.Effects {
		e := &h.Effects[i]
		if !e.NeedsGuard() && e.RepeatFails == "" || !e.FailsOnDuplicate() || effect.CheckAnswersRetry(e, h.Effects) {
			continue
		}
		if _, silenced := c.silence(e.Ignore, rules.DuplicateAsError); silenced {
			continue
		}
		n++
		if worst == nil || e.Risk > worst.Risk || (e.Risk == worst.Risk && effect.Less(e, worst)) {
			worst = e
		}
	}
	if worst == nil {
		return nil, nil
	}
	var b strings.Builder
	if held := ackWithheldAt(worst.Path); held != nil {
		// A manual-ack consumer: the failure skips the ack, not a return.
		fmt.Fprintf(&b, "%s: a second delivery's %s (%s) at %s fails on the %s (%s) and %s acknowledges the message only when it succeeded (the failure at %s is only logged): handler %s's message is redelivered and fails again, without end; take the %s as success and acknowledge it",
			rules.DuplicateAsError, worst.Describe(), worst.Risk, c.rel(worst.Evidence()), refusal(worst), worst.Refused(), held.Func, c.rel(held.Pos), h.Name, refusal(worst))
	} else {
		fmt.Fprintf(&b, "%s: a second delivery's %s (%s) at %s fails on the %s (%s) and handler %s returns that error: the queue retries a job that succeeded and finally dead-letters it; take the %s as success",
			rules.DuplicateAsError, worst.Describe(), worst.Risk, c.rel(worst.Evidence()), refusal(worst), worst.Refused(), h.Name, refusal(worst))
	}
	if n > 1 {
		fmt.Fprintf(&b, " (and %d other such effects)", n-1)
	}
	if ackWithheldAt(worst.Path) != nil && h.AckMode != ackManual {
		// How it was decided: no rule read the subscription's ack mode
		// (options passed from elsewhere, a handler found by its shape).
		b.WriteString("; ack mode not found at the subscription: read as manual ack")
	}
	fmt.Fprintf(&b, "; path: %s", c.pathText(worst.Path))
	return &result.Finding{Rule: rules.DuplicateAsError, Message: c.relMessage(b.String())}, worst.Path
}

// refusal names what a second delivery's call fails on: a create's
// duplicate, or the repeat of a change already made (a delete's "not
// found": effect.Effect.RepeatFails).
func refusal(e *effect.Effect) string {
	if e.DupFails == "" && e.RepeatFails != "" {
		return "repeat"
	}
	return "duplicate"
}

// ackWithheldAt is the lowest hop of path whose failure withholds the
// message's ack (effect.Hop.AckWithheld), nil when none does.
func ackWithheldAt(path []effect.Hop) *effect.Hop {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i].AckWithheld {
			return &path[i]
		}
		if !path[i].ErrOut {
			return nil
		}
	}
	return nil
}

// workflowEffect is the finding of a side effect made directly by workflow
// code (Temporal): workflow functions are replayed, so every effect in
// them runs again on each replay. Reads and unresolved calls are left out.
func (c *Context) workflowEffect(h *result.Handler) (*result.Finding, []effect.Hop) {
	var worst *effect.Effect
	n := 0
	for i := range h.Effects {
		e := &h.Effects[i]
		if e.Risk == effect.Unknown || e.Kind == effect.KindDBRead || e.Kind == effect.KindKVRead || e.Op == effect.OpRead || e.Op == "get" || e.Op == "select" {
			continue
		}
		if _, silenced := c.silence(e.Ignore, rules.WorkflowSideEffect); silenced {
			continue
		}
		n++
		if worst == nil || effect.Less(e, worst) {
			worst = e
		}
	}
	if worst == nil {
		return nil, nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: workflow %s performs %s (%s) at %s directly: workflow code is replayed, so it runs again on every replay and worker restart; move it into an activity",
		rules.WorkflowSideEffect, h.Name, worst.Describe(), worst.Risk, c.rel(worst.Evidence()))
	if n > 1 {
		fmt.Fprintf(&b, " (and %d other effects)", n-1)
	}
	b.WriteString(confidenceNote(worst))
	fmt.Fprintf(&b, "; path: %s", c.pathText(worst.Path))
	return &result.Finding{Rule: rules.WorkflowSideEffect, Message: b.String()}, worst.Path
}

// confidenceNote is what a finding says when the effect it names is
// inferred from names: the finding's confidence is medium.
func confidenceNote(e *effect.Effect) string {
	if e.By != effect.ByName {
		return ""
	}
	return "; confidence " + effect.ConfidenceMedium + ": decided from names, not followed in code"
}

// unknownEffect is the strict finding of a handler whose doubtful effects
// are all unknown: it names the first.
func (c *Context) unknownEffect(h *result.Handler) (*result.Finding, []effect.Hop) {
	for _, e := range h.Effects {
		if e.Risk == effect.Unknown {
			msg := fmt.Sprintf("%s: %s cannot be classified statically: %s at %s; path: %s",
				rules.UnknownEffect, h.Name, e.Describe(), c.rel(e.Evidence()), c.pathText(e.Path))
			return &result.Finding{Rule: rules.UnknownEffect, Pos: h.At, Message: msg}, e.Path
		}
	}
	return nil, nil
}

// unresolved is the finding of a handler whose risk is unknown because of
// a dynamic call this pass cannot resolve: it names the first.
//
// It names the call that matters: a dynamic call whose name reads as an
// effect (Send, Create) before one whose name reads as a getter (Name,
// ID), which a reviewer passes over; and the position and path only where
// the effect has them (one imported without a path is named at the
// handler).
func (c *Context) unresolved(h *result.Handler) (*result.Finding, []effect.Hop) {
	var pick *effect.Effect
	for i := range h.Effects {
		e := &h.Effects[i]
		if e.Risk != effect.Unknown || e.Kind != effect.KindDynamic || !c.Unresolved(e) {
			continue
		}
		if pick == nil || readsAsRead(pick) && !readsAsRead(e) {
			pick = e
		}
	}
	if pick == nil {
		return nil, nil
	}
	at := c.rel(pick.Evidence())
	if at == "" {
		at = "the handler " + c.rel(h.At)
	}
	path := ""
	if len(pick.Path) > 0 {
		path = "; path: " + c.pathText(pick.Path)
	}
	// The call at at is wired in another package; or, when its field is
	// set here to a value computed at run time (Via "value"), the detail
	// says where and the whole program may still tell.
	where := "what it calls is wired in another package: "
	if pick.Via == "value" {
		where = ""
	}
	msg := fmt.Sprintf("%s: go vet cannot tell what %s does: %s (the call at %s; %srun jobeffects ./... to resolve it over the whole program)%s",
		rules.Unresolved, h.Name, c.relMessage(pick.Describe()), at, where, path)
	return &result.Finding{Rule: rules.Unresolved, Pos: h.At, Message: msg}, pick.Path
}

// readsAsRead reports whether a dynamic call's name reads as a read (a
// getter): the name reading, kept with the effect, says so.
func readsAsRead(e *effect.Effect) bool {
	return e.Reading != nil && e.Reading.Risk == effect.Safe
}

// pathText renders an evidence path as "file:line Func → file:line Func".
func (c *Context) pathText(path []effect.Hop) string { return PathText(path, c.rel) }

// PathText renders a path with positions made relative by rel.
func PathText(path []effect.Hop, rel func(string) string) string {
	parts := make([]string, len(path))
	for i, h := range path {
		parts[i] = rel(h.Pos) + " " + h.Func
	}
	return strings.Join(parts, " → ")
}

// The ack modes of result.Handler.AckMode that decide a withheld ack
// (discovery.AckManual, discovery.AckAuto; report does not import
// discovery).
const (
	ackManual = "manual"
	ackAuto   = "auto"
)
