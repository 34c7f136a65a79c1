package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"time"
)

// The README's accuracy summary is this script's output, not a copy of it:
// -readme FILE rewrites the text between the markers below with the
// totals of the run (every application scored), so the figures a reader
// sees are the ones the last full run printed.
const (
	readmeBegin = "<!-- realworld:begin (go run ./scripts/realworld -readme README.md) -->"
	readmeEnd   = "<!-- realworld:end -->"
)

// totals sums the applications' scores.
func totals(scores []score) (tot score, inf inferredScore, apps int) {
	for _, s := range scores {
		if s.Error != "" {
			continue
		}
		apps++
		tot.Labelled += s.Labelled
		tot.Found += s.Found
		tot.Risk += s.Risk
		tot.Findings += s.Findings
		tot.Verdict += s.Verdict
		tot.SafeButNot += s.SafeButNot
		tot.Extra += s.Extra
		tot.By.add(s.By)
		if i := s.Inferred; i != nil {
			inf.Targets += i.Targets
			inf.Labelled += i.Labelled
			inf.Confirmed += i.Confirmed
			inf.IdemAgrees += i.IdemAgrees
		}
	}
	return tot, inf, apps
}

// summary is the README's table: each figure against the target the
// project holds itself to.
func summary(scores []score) string {
	tot, inf, apps := totals(scores)
	var b strings.Builder
	fmt.Fprintf(&b, "%d applications, %d labelled handlers (`go run ./scripts/realworld`, %s, %s):\n\n",
		apps, tot.Labelled, machine(), time.Now().UTC().Format("2006-01-02"))
	b.WriteString("| figure | value | target |\n|---|---:|---:|\n")
	row := func(what string, n, d int, target string) {
		fmt.Fprintf(&b, "| %s | %d of %d (%s) | %s |\n", what, n, d, percent(n, d), target)
	}
	row("handlers found", tot.Found, tot.Labelled, "≥ 97 %")
	row("risk agrees", tot.Risk, tot.Labelled, "≥ 80 %")
	row("findings agree", tot.Findings, tot.Labelled, "")
	row("verdict agrees", tot.Verdict, tot.Labelled, "≥ 75 %")
	fmt.Fprintf(&b, "| labelled repeats called safe | %d | 0 |\n", tot.SafeButNot)
	row("inferred effects a reviewer confirms", inf.Confirmed, inf.Labelled, "≥ 95 %")
	fmt.Fprintf(&b, "| effects decided by code / model / config / name / not decided | %s | |\n", tot.By)
	b.WriteString("\nPer application, the remaining disagreements by cause and the precision of name inference:\n")
	b.WriteString("[docs/accuracy.md](docs/accuracy.md).\n")
	return b.String()
}

// writeReadme replaces the summary between the markers of path.
func writeReadme(path string, scores []score) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	i := bytes.Index(data, []byte(readmeBegin))
	j := bytes.Index(data, []byte(readmeEnd))
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s … %s section", path, readmeBegin, readmeEnd)
	}
	var out bytes.Buffer
	out.Write(data[:i+len(readmeBegin)])
	out.WriteString("\n" + summary(scores))
	out.Write(data[j:])
	return os.WriteFile(path, out.Bytes(), 0o644)
}
