package report

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/directive"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// BadDirectives are the bad-ignore diagnostics of a package's directives:
// malformed ones, ones without a rule or a reason, unknown rules. They are
// always reported (a baseline never hides them).
func (c *Context) BadDirectives(ix *directive.Index) []result.Diagnostic {
	var out []result.Diagnostic
	for _, d := range ix.All() {
		msg := ""
		switch {
		case d.Problem != "":
			msg = d.Problem + "; the directive silences nothing"
		case len(d.Rules) == 0:
			msg = "//jobeffects:ignore needs a rule and a reason: //jobeffects:ignore RULE reason"
		case d.Reason == "":
			msg = "//jobeffects:ignore " + strings.Join(d.Rules, ",") + " needs a reason after the rule"
		}
		if msg != "" {
			out = append(out, directiveDiag(d, rules.BadIgnore, msg))
			continue
		}
		for _, r := range d.Rules {
			if !rules.Known(r) {
				out = append(out, directiveDiag(d, rules.BadIgnore, "unknown rule "+r+" in //jobeffects:ignore"))
			}
		}
	}
	return out
}

// StaleDirectives are the stale-ignore diagnostics: well-formed directives
// that silenced nothing here and could not silence anything in another
// package either (no effect or pitfall of the package's summaries sits on
// their line or the line below).
func (c *Context) StaleDirectives(ix *directive.Index, sums []*summary.Summary) []result.Diagnostic {
	live := map[string]bool{} // "file:line|rule"
	for _, s := range sums {
		for _, e := range s.Effects {
			if e.NeedsGuard() {
				file, line, _ := effect.SplitPos(e.Evidence())
				live[lineKey(file, line, rules.Unguarded)] = true
			}
			// The lifecycle rules: the claim's and the prune's lines (the
			// whole program decides prune-before-retry and
			// claim-never-pruned).
			if e.ConstraintState != "" || e.Retention != "" || e.RetentionText != "" {
				file, line, _ := effect.SplitPos(e.Evidence())
				for _, r := range []string{rules.ClaimWithoutConstraint, rules.ClaimNeverPruned, rules.PruneBeforeRetry} {
					live[lineKey(file, line, r)] = true
				}
			}
		}
		for _, p := range s.Pitfalls {
			file, line, _ := effect.SplitPos(p.Pos)
			live[lineKey(file, line, p.Rule)] = true
		}
	}
	var out []result.Diagnostic
	for _, d := range ix.All() {
		if d.Problem != "" || d.Reason == "" || len(d.Rules) == 0 || c.used[d.Where()] || slices.ContainsFunc(d.Rules, func(r string) bool { return !rules.Known(r) }) {
			continue // used, or already reported as bad-ignore
		}
		stale := true
		for _, rule := range d.Rules {
			if live[lineKey(d.File, d.Line, rule)] || live[lineKey(d.File, d.Line+1, rule)] {
				stale = false
			}
		}
		if stale {
			out = append(out, directiveDiag(d, rules.StaleIgnore, "this //jobeffects:ignore "+strings.Join(d.Rules, ",")+" matches no finding; remove it"))
		}
	}
	return out
}

func directiveDiag(d *directive.Ignore, rule, msg string) result.Diagnostic {
	return result.Diagnostic{Pos: d.File + ":" + strconv.Itoa(d.Line) + ":" + strconv.Itoa(d.Col), Rule: rule, Message: rule + ": " + msg, URL: rules.URL(rule)}
}

func lineKey(file string, line int, rule string) string {
	return file + ":" + strconv.Itoa(line) + "|" + rule
}
