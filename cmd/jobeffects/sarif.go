package main

import (
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// GitHub code scanning's limits on one upload.
const (
	maxSARIFResults   = 25000
	maxFlowLocations  = 64
	maxRelatedPerItem = 64
)

// securitySeverity maps a handler's risk to GitHub's security-severity
// (0–10): critical money effects sort first.
var securitySeverity = map[effect.Risk]string{
	effect.Critical: "9.5",
	effect.High:     "8.0",
	effect.Medium:   "5.5",
}

// printSARIF writes the diagnostics as one SARIF 2.1.0 run: the rules
// table as tool.driver.rules, each diagnostic as a result with a
// root-relative location, a fingerprint that survives moved lines (the
// baseline's identity of a finding), the evidence path as a code flow and
// as related locations.
func printSARIF(diags []diag, root string, w io.Writer) error {
	rel := func(pos string) (string, int, int) {
		file, line, col := effect.SplitPos(pos)
		return sarifURI(file, root), line, col
	}
	run := sarif.NewRunWithInformationURI("jobeffects", rules.DocBase)
	run.Tool.Driver.WithVersion(moduleVersion())
	run.WithOriginalUriBaseIds(map[string]sarif.ArtifactLocation{"%SRCROOT%": *sarif.NewArtifactLocation().WithURI("file://" + filepath.ToSlash(root) + "/")})
	for _, r := range rules.All() {
		rd := sarif.NewRule(r.Name).
			WithName(ruleName(r.Name)).
			WithShortDescription(sarif.NewMultiformatMessageString().WithText(r.Summary)).
			WithFullDescription(sarif.NewMultiformatMessageString().WithText(strings.TrimSpace(r.Doc))).
			WithHelp(sarif.NewMultiformatMessageString().
				WithText(strings.TrimSpace(r.Doc) + "\n\nFix: " + r.Fix).
				WithMarkdown(strings.TrimSpace(r.Doc) + "\n\n**Fix:** " + r.Fix)).
			WithHelpURI(r.URL()).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(r.Severity))
		props := sarif.NewPropertyBag().WithTags([]string{"idempotency", "reliability"})
		if r.Severity == "error" {
			props.Add("security-severity", "5.5")
		}
		rd.WithProperties(props)
		run.Tool.Driver.AddRule(rd)
	}
	for i, x := range diags {
		if i == maxSARIFResults {
			break
		}
		d := x.d
		uri, line, col := rel(d.Pos)
		level := "warning"
		if r := rules.Lookup(d.Rule); r != nil {
			level = r.Severity
		}
		relMsg := strings.ReplaceAll(d.Message, root+string(filepath.Separator), "")
		res := sarif.NewResult().
			WithRuleID(d.Rule).
			WithLevel(level).
			WithMessage(sarif.NewTextMessage(relMsg)).
			AddLocation(sarifLocation(uri, line, col)).
			// (With…, not Add…: the library's Add… methods write to nil maps.)
			WithPartialFingerprints(map[string]string{"jobeffects/v1": baseline.Fingerprint(d.Rule, uri+":"+strconv.Itoa(line), relMsg)})
		props := sarif.NewPropertyBag()
		if s, ok := securitySeverity[x.risk]; ok {
			props.Add("security-severity", s).Add("risk", x.risk.String())
		}
		if x.confidence != "" {
			// How sure the verdict is: medium when the effect it names
			// is inferred from names (by: name), low when it is unknown.
			props.Add("confidence", x.confidence)
		}
		res.WithProperties(props)
		if len(d.Related) > 0 {
			tf := sarif.NewThreadFlow()
			for j, r := range d.Related {
				if j == maxFlowLocations {
					break
				}
				u, l, c := rel(r.Pos)
				loc := sarifLocation(u, l, c).WithMessage(sarif.NewTextMessage(r.Message))
				tf.AddLocation(sarif.NewThreadFlowLocation().WithLocation(loc))
				if j < maxRelatedPerItem {
					rl := sarifLocation(u, l, c).WithMessage(sarif.NewTextMessage(r.Message)).WithID(j + 1)
					res.AddRelatedLocation(rl)
				}
			}
			res.AddCodeFlow(sarif.NewCodeFlow().AddThreadFlow(tf))
		}
		run.AddResult(res)
	}
	rep := sarif.NewReport()
	rep.AddRun(run)
	if err := rep.PrettyWrite(w); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func sarifLocation(uri string, line, col int) *sarif.Location {
	region := sarif.NewRegion().WithStartLine(max(line, 1))
	if col > 0 {
		region.WithStartColumn(col)
	}
	al := sarif.NewSimpleArtifactLocation(uri)
	if !strings.Contains(uri, "://") && !strings.Contains(uri, "@") {
		al.WithURIBaseID("%SRCROOT%")
	}
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().WithArtifactLocation(al).WithRegion(region))
}

// sarifURI is a file's URI relative to the module root (code scanning
// resolves it in the repository), or module@version/path for a file in
// the module cache.
func sarifURI(file, root string) string {
	if root != "" {
		if r, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
	}
	if m := modCachePath(file); m != "" {
		return m
	}
	return filepath.ToSlash(file)
}

// ruleName is a rule's PascalCase name, as SARIF viewers show it.
func ruleName(rule string) string {
	var b strings.Builder
	for _, part := range strings.Split(rule, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}
