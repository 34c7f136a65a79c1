package inventory

import (
	"slices"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/horizon"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// horizons gathers, for one handler, what its retry horizon is computed
// from: the policies its enqueues set (sites), its args type's (types),
// the client's (global), the framework's default from the catalog, and
// the client-wide facts that override them all: a backoff of the
// program's own, a dead-letter replay. It lives beside retryFor, which
// reads the same policies for retry_policy's text.
type horizons struct {
	framework            string
	paths                *pathStyle
	sites, types, global *[]result.RetryPolicy
	custom, replay       []string // positions
}

func newHorizons(framework string, paths *pathStyle) *horizons {
	return &horizons{framework: framework, paths: paths,
		sites: new([]result.RetryPolicy), types: new([]result.RetryPolicy), global: new([]result.RetryPolicy)}
}

func (hz *horizons) add(to *[]result.RetryPolicy, r result.RetryPolicy) { *to = append(*to, r) }

// client records a client-wide backoff or replay and reports whether r
// is one (it has no policy of its own).
func (hz *horizons) client(r result.RetryPolicy) bool {
	switch {
	case r.Replay:
		hz.replay = appendNew(hz.replay, strings.TrimPrefix(r.Policy, "dead-letter replay ")+" at "+hz.paths.rel(r.Pos))
	case r.Backoff != "":
		hz.custom = appendNew(hz.custom, r.Backoff+" at "+hz.paths.rel(r.Pos))
	default:
		return false
	}
	return true
}

// result is the horizon: the longest of the enqueues' policies and, when
// some enqueue sets none (or none is seen), of what applies then.
func (hz *horizons) result(fallback bool) horizon.Horizon {
	slices.Sort(hz.replay)
	slices.Sort(hz.custom)
	if len(hz.replay) > 0 {
		return horizon.Horizon{Kind: horizon.Unbounded, Why: "the program replays dead letters: " + strings.Join(hz.replay, ", ")}
	}
	fw := frameworkEntry(hz.framework)
	backoff := ""
	if fw != nil {
		backoff = fw.Backoff
	}
	custom := strings.Join(hz.custom, ", ")
	var out horizon.Horizon
	of := func(r result.RetryPolicy, what string) {
		out = horizon.Max(out, horizon.Of(horizon.Policy{Backoff: backoff, Runs: r.Runs, Within: r.Within, Custom: custom, What: what, Exp: r.Exp}))
	}
	for _, r := range *hz.sites {
		of(r, r.Policy+" at "+hz.paths.rel(r.Pos))
	}
	if fallback {
		switch {
		case len(*hz.types) > 0:
			for _, r := range *hz.types {
				of(r, r.Policy+" at "+hz.paths.rel(r.Pos))
			}
		case len(*hz.global) > 0:
			for _, r := range *hz.global {
				of(r, r.Policy+" at "+hz.paths.rel(r.Pos))
			}
		case fw != nil && fw.Runs != 0:
			of(result.RetryPolicy{Runs: fw.Runs}, hz.framework+" default")
		default:
			out = horizon.Max(out, notRead("no retry policy read for "+hz.framework, fw))
		}
	}
	if out.Kind == "" {
		out = notRead("no retry policy read", fw)
	}
	// The broker deletes the message at its retention whatever the
	// policy says (no replay was seen above).
	if max := fw.MaxRetention(); max > 0 && !(out.Kind == horizon.Bounded && out.D <= max) {
		out = horizon.Horizon{Kind: horizon.Bounded, D: max, Why: fw.MessageRetention.Why + "; " + out.Why}
	}
	return out
}

// notRead is the horizon of a policy the code does not show (set on the
// broker, the queue or the subscription, outside the code): without a
// limit, as issue 29 asks and as a reviewer must assume — a retention
// cannot be shown to cover retries whose number nobody can read. The
// catalog's retry text says where the policy lives.
func notRead(why string, fw *catalog.Framework) horizon.Horizon {
	if fw != nil && fw.Retry != "" {
		why += " (" + strings.TrimPrefix(fw.Retry, "unknown: ") + ")"
	}
	return horizon.Horizon{Kind: horizon.Unbounded, Why: why + ": taken as without limit"}
}

// frameworkEntry is the catalog's entry for a framework, or nil.
func frameworkEntry(framework string) *catalog.Framework { return catalog.Lookup(framework) }

// appendNew appends s unless the list has it (a package and its test
// variant record the same call).
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
