package report

import (
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Lifecycle reads the claim tables' lifecycle from the package's own SQL
// (the effects its functions run directly, whatever calls them): its
// inserting claims with their unique key in the migrations (a claim with
// none is the guard package's claim-without-constraint, a pitfall of the
// handlers whose effects it fails to guard), and its pruning DELETEs with
// their retention, which the whole program compares with the retry
// horizons of the handlers that claim into the table (the inventory's
// claim tables; rules prune-before-retry and claim-never-pruned).
func (c *Context) Lifecycle(sums []*summary.Summary) (claims []result.Claim, prunes []result.Prune) {
	seen := map[string]bool{}
	for _, s := range sums {
		for i := range s.Effects {
			e := &s.Effects[i]
			if inTestFile(e.RetentionAt) || (e.RetentionAt == "" && inTestFile(e.Evidence())) {
				// A test's DELETE or TRUNCATE resets its database: the
				// program does not run it, it prunes nothing there.
				if e.ConstraintState == "" {
					continue
				}
			}
			if e.RetentionAt != "" && e.RetentionParam == 0 && c.inPackage(e.RetentionAt) {
				// A DELETE whose time a helper's parameter gives: the
				// prune is the call that gives it.
				key := e.RetentionAt + "|" + e.Target
				if !seen[key] {
					seen[key] = true
					prunes = append(prunes, result.Prune{Table: e.Target, Retention: e.Retention, Pos: e.RetentionAt, Ignore: e.Ignore,
						Text: e.RetentionText + ", given to the DELETE in " + e.Path[len(e.Path)-1].Func})
				}
				continue
			}
			if len(e.Path) != 1 || !c.inPackage(e.Evidence()) || e.RetentionParam > 0 {
				continue // another function's SQL, or its time from the callers: reported there
			}
			key := e.Evidence() + "|" + e.Target + "|" + e.Op
			if seen[key] {
				continue
			}
			seen[key] = true
			switch {
			case e.ConstraintState != "":
				claims = append(claims, result.Claim{Table: e.Target, State: e.ConstraintState, Constraint: e.Constraint, Pos: e.Evidence(), Ignore: e.Ignore})
			case e.Retention != "" || e.RetentionText != "":
				prunes = append(prunes, result.Prune{Table: e.Target, Retention: e.Retention, Text: e.RetentionText, Pos: e.Evidence(), Ignore: e.Ignore})
			}
		}
	}
	sort.Slice(claims, func(i, j int) bool { return effect.ComparePos(claims[i].Pos, claims[j].Pos) < 0 })
	sort.Slice(prunes, func(i, j int) bool { return effect.ComparePos(prunes[i].Pos, prunes[j].Pos) < 0 })
	return claims, prunes
}

// inTestFile reports whether a position is in a _test.go file.
func inTestFile(pos string) bool {
	file, _, _ := effect.SplitPos(pos)
	return strings.HasSuffix(file, "_test.go")
}
