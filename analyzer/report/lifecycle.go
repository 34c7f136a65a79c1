package report

import (
	"fmt"
	"sort"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Lifecycle reads the claim tables' lifecycle from the package's own SQL
// (the effects its functions run directly, whatever calls them): its
// inserting claims with their unique key in the migrations, reported as
// claim-without-constraint when they have none, and its pruning DELETEs
// with their retention, which the whole program compares with the retry
// horizons of the handlers that claim into the table (the inventory's
// claim tables; rules prune-before-retry and claim-never-pruned).
func (c *Context) Lifecycle(sums []*summary.Summary) (claims []result.Claim, prunes []result.Prune, diags []result.Diagnostic) {
	seen := map[string]bool{}
	for _, s := range sums {
		for i := range s.Effects {
			e := &s.Effects[i]
			if len(e.Path) != 1 || !c.inPackage(e.Evidence()) {
				continue // another function's SQL: reported there
			}
			key := e.Evidence() + "|" + e.Target + "|" + e.Op
			if seen[key] {
				continue
			}
			seen[key] = true
			switch {
			case e.ConstraintState != "":
				claims = append(claims, result.Claim{Table: e.Target, State: e.ConstraintState, Constraint: e.Constraint, Pos: e.Evidence(), Ignore: e.Ignore})
				if e.ConstraintState == "none" {
					if d, ok := c.lifecycleDiag(e.Ignore, rules.ClaimWithoutConstraint, e.Evidence(), fmt.Sprintf(
						"the claim on %s is backed by no unique key, so a second delivery inserts its row too and runs the effects again: %s; add the key the claim relies on in a migration",
						e.Target, c.relMessage(e.Constraint))); ok {
						diags = append(diags, d)
					}
				}
			case e.Retention != "" || e.RetentionText != "":
				prunes = append(prunes, result.Prune{Table: e.Target, Retention: e.Retention, Text: e.RetentionText, Pos: e.Evidence(), Ignore: e.Ignore})
			}
		}
	}
	sort.Slice(claims, func(i, j int) bool { return effect.ComparePos(claims[i].Pos, claims[j].Pos) < 0 })
	sort.Slice(prunes, func(i, j int) bool { return effect.ComparePos(prunes[i].Pos, prunes[j].Pos) < 0 })
	sort.Slice(diags, func(i, j int) bool { return effect.ComparePos(diags[i].Pos, diags[j].Pos) < 0 })
	return claims, prunes, diags
}

// lifecycleDiag is a diagnostic of a lifecycle rule at pos, unless an
// ignore on the line silences it, the rule is off or the baseline knows
// it.
func (c *Context) lifecycleDiag(ig *effect.Ignore, rule, pos, msg string) (result.Diagnostic, bool) {
	if _, ok := c.silence(ig, rule); ok || c.Disabled[rule] {
		return result.Diagnostic{}, false
	}
	f := &result.Finding{Rule: rule, Pos: pos, Message: rule + ": " + msg}
	if c.known(f) {
		return result.Diagnostic{}, false
	}
	return result.Diagnostic{Pos: pos, Rule: rule, Message: f.Message, URL: rules.URL(rule)}, true
}

// LifecycleDiag is lifecycleDiag for the whole-program rules
// (prune-before-retry, claim-never-pruned), made by the inventory.
func (c *Context) LifecycleDiag(ig *effect.Ignore, rule, pos, msg string) (result.Diagnostic, bool) {
	return c.lifecycleDiag(ig, rule, pos, msg)
}
