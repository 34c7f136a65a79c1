package inventory

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/horizon"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/inventory/schema"
)

// A claim table's lifecycle needs the whole program: the claims into it
// that guard a handler's effects
// (any package, with the unique key their package's migrations give them),
// the DELETEs that prune it (a cron, a pruning job, anywhere), and the
// retry horizons of the handlers that claim into it (retryFor). Rules
// prune-before-retry (at the DELETE: its retention is shorter than the
// longest horizon) and claim-never-pruned (at the first claim; off by
// default) are decided here, for the inventory's claim_tables and, through
// Lifecycle, for the command's diagnostics; go vet, one package at a time,
// does not report them.

// lifecycleFinding is a finding of a claim table, with the result whose
// package holds its position.
type lifecycleFinding struct {
	res        *result.Result
	diag       result.Diagnostic
	suppressed string
}

// Lifecycle adds the claim tables' findings to the diagnostics of the
// results whose packages hold them (the command reports them with the
// rest), but those known reports whether the package's baseline has.
func Lifecycle(results []*result.Result, root string, known func(*result.Result, result.Diagnostic) bool) {
	_, fs := build(results, root)
	for _, f := range fs {
		if f.suppressed == "" && (known == nil || !known(f.res, f.diag)) {
			f.res.Diagnostics = append(f.res.Diagnostics, f.diag)
		}
	}
}

// claimTables builds the claim_tables section from the results' claims and
// prunes and the handlers (with their horizons, by handler name).
func claimTables(results []*result.Result, handlers []schema.Handler, horizons map[string]horizon.Horizon, paths *pathStyle) ([]schema.ClaimTable, []lifecycleFinding) {
	type claimAt struct {
		c   result.Claim
		res *result.Result
	}
	type pruneAt struct {
		p   result.Prune
		res *result.Result
	}
	claims := map[string][]claimAt{}
	prunes := map[string][]pruneAt{}
	guards := guardClaims(results)
	for _, res := range results {
		for _, c := range res.Claims {
			if !guards[c.Pos] {
				continue // an insert … on conflict do nothing that guards nothing
			}
			t := foldTable(c.Table)
			claims[t] = append(claims[t], claimAt{c, res})
		}
		for _, p := range res.Prunes {
			t := foldTable(p.Table)
			prunes[t] = append(prunes[t], pruneAt{p, res})
		}
	}
	names := make([]string, 0, len(claims))
	for t := range claims {
		names = append(names, t)
	}
	sort.Strings(names)
	var tables []schema.ClaimTable
	var findings []lifecycleFinding
	for _, name := range names {
		cs := claims[name]
		sort.SliceStable(cs, func(i, j int) bool { return effect.ComparePos(cs[i].c.Pos, cs[j].c.Pos) < 0 })
		ps := prunes[name]
		sort.SliceStable(ps, func(i, j int) bool { return effect.ComparePos(ps[i].p.Pos, ps[j].p.Pos) < 0 })
		ct := schema.ClaimTable{Table: name, Claims: []string{}}
		// The constraint: the key that backs a claim, else what is missing.
		var ok, none, unknown string
		for _, c := range cs {
			ct.Claims = append(ct.Claims, paths.rel(c.c.Pos))
			text := paths.relText(c.c.Constraint)
			switch c.c.State {
			case "ok":
				ok = text
			case "none":
				none = "none: " + text
			default:
				unknown = "unknown: " + text
			}
		}
		ct.Claims = slices.Compact(ct.Claims)
		switch {
		case none != "":
			ct.Constraint = none
		case ok != "":
			ct.Constraint = ok
		default:
			ct.Constraint = unknown
		}
		// The handlers that claim into it, the longest horizon first.
		var by []claimer
		for _, h := range handlers {
			for _, se := range h.SideEffects {
				if se.Operation == effect.OpClaim && foldTable(se.Target) == name {
					by = append(by, claimer{h, horizons[h.Handler]})
					break
				}
			}
		}
		sort.SliceStable(by, func(i, j int) bool {
			a, b := by[i].rank(), by[j].rank()
			if a != b {
				return a > b
			}
			return by[i].h.Task < by[j].h.Task
		})
		for _, c := range by {
			ct.ClaimedBy = append(ct.ClaimedBy, fmt.Sprintf("%s %s: %s", taskName(c.h), c.h.Handler, c.hz))
		}
		// The retention: the shortest constant one.
		var shortest time.Duration
		constant := false
		for _, p := range ps {
			ct.Prunes = append(ct.Prunes, p.p.Text+" at "+paths.rel(p.p.Pos))
			if d, err := time.ParseDuration(p.p.Retention); err == nil && p.p.Retention != "" {
				if !constant || d < shortest {
					shortest = d
				}
				constant = true
			}
		}
		var own []lifecycleFinding // the table's findings
		switch {
		case len(ps) == 0:
			ct.Retention = "never pruned"
			if f, ok := lifecycleFindingAt(cs[0].res, cs[0].c.Ignore, rules.ClaimNeverPruned, cs[0].c.Pos, fmt.Sprintf(
				"no DELETE in the program prunes %s: the claim table grows by a row per job forever; prune rows older than the longest retry horizon of the handlers claiming into it", name)); ok {
				own = append(own, f)
			}
		case constant:
			ct.Retention = shortest.String()
		case notByAge(ps, func(p pruneAt) string { return p.p.Text }):
			// Cleared by scope or whole, never by time: bounded, but
			// nothing ties the clear to the retry horizon.
			ct.Retention = "not by age"
		default:
			ct.Retention = "not constant"
		}
		// prune-before-retry: each prune shorter than the longest horizon.
		if len(by) > 0 {
			worst := by[0]
			for _, p := range ps {
				d, err := time.ParseDuration(p.p.Retention)
				if err != nil || p.p.Retention == "" || !worst.hz.Longer(d) {
					continue
				}
				figure := "without end"
				if worst.hz.Kind == horizon.Bounded {
					figure = fmt.Sprintf("%s (%s) after its first run", horizon.Days(worst.hz.D), worst.hz.D)
				}
				more := ""
				n := 0
				for _, c := range by[1:] {
					if c.hz.Longer(d) {
						n++
					}
				}
				if n > 0 {
					more = fmt.Sprintf(" (and %d other %s claiming into it)", n, plural(n, "handler"))
				}
				msg := fmt.Sprintf("this DELETE keeps %s rows for %s (%s, %s), but %s%s can still be retried %s (%s): a retry after the prune claims the key again and repeats the effects; keep the rows longer than the longest retry horizon",
					name, horizon.Days(d), d, p.p.Text, describe(worst.h), more, figure, paths.relText(worst.hz.Why))
				if f, ok := lifecycleFindingAt(p.res, p.p.Ignore, rules.PruneBeforeRetry, p.p.Pos, msg); ok {
					own = append(own, f)
				}
			}
		}
		// The table's findings put its claimers' effects at risk: they
		// carry the worst of those handlers' risks, so that -fail-on
		// weighs a prune before a charge's retry as it weighs the charge.
		risk := effect.Safe
		for _, c := range by {
			if r, ok := effect.ParseRisk(c.h.Risk); ok && r > risk {
				risk = r
			}
		}
		for i := range own {
			own[i].diag.Risk = risk
		}
		findings = append(findings, own...)
		for _, f := range own {
			ct.Findings = append(ct.Findings, schema.Finding{Rule: f.diag.Rule, Position: paths.rel(f.diag.Pos),
				Message: paths.relText(f.diag.Message), Suppressed: f.suppressed})
		}
		tables = append(tables, ct)
	}
	return tables, findings
}

// guardClaims are the positions of the claims that guard (or fail to
// guard: a claim in another transaction, without a unique key, untested)
// a handler's effects: the claim tables are theirs, not those of every
// insert … on conflict do nothing (an idempotent insert of a row).
func guardClaims(results []*result.Result) map[string]bool {
	out := map[string]bool{}
	for _, res := range results {
		for _, h := range res.Handlers {
			for _, e := range h.Effects {
				if e.Guard != nil && e.Guard.Kind == effect.GuardClaim {
					out[e.Guard.Pos] = true
				}
				switch e.Issue {
				case rules.SeparateTx, rules.ClaimWithoutConstraint, rules.ClaimUnchecked:
					out[e.IssuePos] = true
				}
			}
		}
	}
	return out
}

// lifecycleFindingAt makes a finding of rule at pos in res's package,
// unless the rule is off there; an ignore on the line suppresses it.
func lifecycleFindingAt(res *result.Result, ig *effect.Ignore, rule, pos, msg string) (lifecycleFinding, bool) {
	if slices.Contains(res.Disabled, rule) {
		return lifecycleFinding{}, false
	}
	f := lifecycleFinding{res: res, diag: result.Diagnostic{Pos: pos, Rule: rule, Message: rule + ": " + msg, URL: rules.URL(rule)}}
	if reason, ok := ig.Silences(rule); ok {
		f.suppressed = reason
	}
	return f, true
}

func describe(h schema.Handler) string {
	return fmt.Sprintf("handler %s (%s)", h.Handler, taskName(h))
}

func taskName(h schema.Handler) string {
	if h.Task == "" {
		return h.Framework
	}
	return fmt.Sprintf("%s task %q", h.Framework, h.Task)
}

// claimer is a handler that claims into a table, with its horizon.
type claimer struct {
	h  schema.Handler
	hz horizon.Horizon
}

// rank orders horizons, longest first: unbounded, then bounded by
// duration, then unknown.
func (c claimer) rank() float64 {
	switch c.hz.Kind {
	case horizon.Unbounded:
		return 1e30
	case horizon.Bounded:
		return float64(c.hz.D)
	}
	return -1
}

// foldTable compares table names as the claims' and prunes' SQL gives
// them: folded, without a schema.
func foldTable(t string) string {
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	return strings.ToLower(t)
}

// notByAge reports whether every prune of a table clears it by no time
// (effect.NotByAge).
func notByAge[P any](ps []P, text func(P) string) bool {
	for _, p := range ps {
		if !strings.HasPrefix(text(p), effect.NotByAge) {
			return false
		}
	}
	return len(ps) > 0
}
