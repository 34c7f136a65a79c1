package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// failBar is what -fail-on and -min-confidence set: the findings that
// fail the run are those of handlers at or above both. Every finding is
// reported either way (the text, JSON and SARIF show them all); the bar
// decides the exit status only, and when it leaves some out, a last line
// says which findings failed the run and how many are below it.
type failBar struct {
	risk                  effect.Risk // 0: any
	confidence            int         // effect.ConfidenceRank; 0: any
	failOn, minConfidence string      // as given, for the message
}

func (b failBar) set() bool { return b.risk != 0 || b.confidence != 0 }

// failing are the diagnostics at or above the bar.
func (b failBar) failing(diags []diag) []diag {
	var out []diag
	for _, d := range diags {
		if (b.risk == 0 || d.risk >= b.risk) && effect.ConfidenceRank(d.confidence) >= b.confidence {
			out = append(out, d)
		}
	}
	return out
}

// explain prints, when the bar left findings out, which findings fail the
// run and how many are reported below it.
func (b failBar) explain(diags, failing []diag, exitZero bool, w io.Writer) {
	if !b.set() || len(diags) == len(failing) {
		return
	}
	var flags []string
	if b.failOn != "" {
		flags = append(flags, "-fail-on="+b.failOn)
	}
	if b.minConfidence != "" {
		flags = append(flags, "-min-confidence="+b.minConfidence)
	}
	below := len(diags) - len(failing)
	verb := "fail the run"
	if exitZero {
		verb = "would fail the run (-exit-zero)"
	}
	if len(failing) == 0 {
		fmt.Fprintf(w, "jobeffects: %s: no finding is at or above the bar; the %d reported are below it and do not fail the run\n", strings.Join(flags, " "), below)
		return
	}
	where := shownPos()
	list := make([]string, len(failing))
	for i, d := range failing {
		list[i] = fmt.Sprintf("%s %s (%s, confidence %s)", where(d.d.Pos), d.d.Rule, d.risk, d.confidence)
	}
	fmt.Fprintf(w, "jobeffects: %s: %d %s %s: %s; %d below the bar %s reported only\n",
		strings.Join(flags, " "), len(failing), plural(len(failing), "finding"), verb, strings.Join(list, ", "), below, isAre(below))
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
