package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// selfEnqueue guards a River handler's enqueue of its own task to run now
// (effect.JobKind: an insert into River's job table, such as the one a
// migration's trigger makes when the handler's write changes a row, that
// names the handler's task). A second delivery that repeats it adds one
// more run of this same job, and a second run of this job is what the
// handler's verdict is about: the duplicate adds nothing the rest of its
// effects do not already answer for. An enqueue made on every run would
// run the job for ever after one delivery as well, so a duplicate does
// not make an endless chain either.
//
// It holds only while nothing else of the handler may rest on the job's
// identity: the job the duplicate adds has an ID of its own, which a
// claim (its key may be the job's ID: a claim is taken as such), a
// completion in the job's transaction (JobCompleteTx) or a key derived
// from the job's identity (effect.IdentityNote) lets through. An enqueue
// scheduled for later (JobScheduled) is left as it is: a handler that
// schedules its own next run on every run runs two chains after one
// duplicate, for ever.
func selfEnqueue(h *result.Handler) {
	if h.Framework != "river" || h.Task == "" {
		return
	}
	for i := range h.Effects {
		if onIdentity(&h.Effects[i]) {
			return
		}
	}
	cloned := false
	for i := range h.Effects {
		if e := &h.Effects[i]; e.JobKind != h.Task || e.JobScheduled || !e.NeedsGuard() || e.Issue != "" {
			continue
		}
		if !cloned {
			// The effects may share their array with a summary's.
			h.Effects, cloned = slices.Clone(h.Effects), true
		}
		e := &h.Effects[i]
		e.Guard = &effect.Guard{Kind: effect.GuardKey, Expr: fmt.Sprintf("its own task %q", h.Task), Pos: e.Evidence(), SameTx: true,
			Note: "enqueues this handler's own task to run now: a duplicate is one more run of this job, which its other effects answer for"}
	}
}

// onIdentity reports whether e is a claim or is guarded by something that
// may rest on the job's identity.
func onIdentity(e *effect.Effect) bool {
	if e.Op == effect.OpClaim || e.Key != nil && e.Key.Identity != "" {
		return true
	}
	for _, g := range []*effect.Guard{e.Guard, e.TxGuard} {
		if g != nil && (g.Kind == effect.GuardCompletion || strings.Contains(g.Note, "the job's identity")) {
			return true
		}
	}
	return false
}
