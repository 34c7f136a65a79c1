package main

import (
	"slices"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/settings"
)

// The options that decide only which findings are reported, -baseline and
// -rules (analyzer.Setting.ReportOnly), are applied to the results after
// the analysis, not in it: the analysis, and so the run cache's entry,
// is the same whatever baseline or rule list a run filters it with, and a
// run that changes either (or the baseline's content) replays it. A pass
// decides every finding and records those a rule turned off as
// suppressed; what it leaves out is only a finding's diagnostic (the
// baseline knows it) or its report (the rule is off). applyTo takes the
// same decisions on the results, finding by finding, as report.Context
// takes them in the pass:
//
//   - the baseline (-baseline F, else the config's baseline:): the
//     analysis reads none (Options.NoBaseline), neither is in its key or
//     its record; afterwards each module's baseline is read as its passes
//     would have read it (Session.ReportBaseline: the same file, the same
//     errors; in the analysis's session, or a replay's that knows which
//     configs the analysis built, so none is built again), and a
//     reported finding it knows loses its diagnostic (matched as the
//     pass matches it: its rule, its own position —
//     Diagnostic.FindingPos when it is reported elsewhere — and message,
//     relative to its module).
//   - -rules L: the analysis selects the config's rules: alone; the
//     results' selection is then rules.Select(config's, L), as a pass's.
//     A rule L turns off has its findings marked "rule turned off" and
//     its diagnostics dropped. A rule L turns on that the analysis had off
//     (a rule off by default, one the config turns off) has no decided
//     diagnostic to report: such a run is analysed with L (its key holds
//     it), as before.
//
// -format, -fail-on, -min-confidence and -exit-zero only render the
// results (lintResults) and are in no key.
type reportOpts struct {
	rules string         // -rules: applied after the analysis
	flags settings.Flags // -baseline, -config and -safe: which baseline applies
}

// deferReport splits opts into the analysis's options (without -baseline
// and -rules) and those applied to its results. keepRules: the rule list
// stays in the analysis (it turns on a rule the analysis would have off).
func deferReport(opts options, keepRules bool) (options, reportOpts) {
	ro := reportOpts{flags: opts.Settings()}
	opts.Baseline, opts.NoBaseline = "", true
	if !keepRules {
		ro.rules, opts.Rules = opts.Rules, ""
	}
	return opts, ro
}

// applyTo applies the options to a run's results (and to its per-package
// answer). It returns false, changing nothing, when the rule list turns on
// a rule some result's analysis had off; an error when a baseline cannot
// be read or parsed (every module's baseline is read, as its passes read
// it).
func (ro reportOpts) applyTo(r *session) (bool, error) {
	all := [][]*result.Result{r.results}
	if r.perPackage != nil {
		all = append(all, r.perPackage.results)
	}
	sels := map[*result.Result]rules.Selection{}
	if ro.rules != "" {
		for _, results := range all {
			for _, res := range results {
				sel, err := rules.Select(res.ConfigRules, []string{ro.rules})
				if err != nil {
					return false, err
				}
				for _, off := range res.Disabled {
					if sel.Enabled(off) {
						return false, nil
					}
				}
				sels[res] = sel
			}
		}
	}
	// The analysis's session (a replay's knows the configs its analysis
	// built): a config is not built again to read its baseline: line.
	sess := r.settings
	if sess == nil {
		sess = settings.NewSession()
	}
	bases := map[string]*baseline.Set{} // by module root
	for _, results := range all {
		for _, res := range results {
			if res.ModuleRoot == "" {
				continue
			}
			if _, ok := bases[res.ModuleRoot]; ok {
				continue
			}
			b, err := sess.ReportBaseline(settings.ForModule(res.ModuleRoot, ro.flags))
			if err != nil {
				return false, err
			}
			bases[res.ModuleRoot] = b
		}
	}
	for _, results := range all {
		for _, res := range results {
			if sel, ok := sels[res]; ok {
				turnOff(res, sel)
			}
			if b := bases[res.ModuleRoot]; b != nil {
				forget(res, b)
			}
		}
	}
	return true, nil
}

// turnOff applies a rule selection to a result, as report.Context.add and
// the pass's last filter do.
func turnOff(res *result.Result, sel rules.Selection) {
	for _, h := range res.Handlers {
		for i := range h.Findings {
			f := &h.Findings[i]
			if f.Suppressed == "" && !sel.Enabled(f.Rule) {
				f.Suppressed = "rule turned off (rules:)"
				f.Diagnostic = nil
			}
		}
	}
	res.Diagnostics = slices.DeleteFunc(res.Diagnostics, func(d result.Diagnostic) bool { return !sel.Enabled(d.Rule) })
	res.Disabled = sel.Disabled()
}

// forget drops the diagnostics of the findings the baseline knows.
func forget(res *result.Result, b *baseline.Set) {
	c := report.ForResult(res, false, b)
	for _, h := range res.Handlers {
		for i := range h.Findings {
			f := &h.Findings[i]
			if f.Diagnostic != nil && c.Known(f.Rule, f.Pos, f.Message) {
				f.Diagnostic = nil
			}
		}
	}
	res.Diagnostics = slices.DeleteFunc(res.Diagnostics, func(d result.Diagnostic) bool {
		pos := d.Pos
		if d.FindingPos != "" {
			pos = d.FindingPos
		}
		return c.Known(d.Rule, pos, d.Message)
	})
}
