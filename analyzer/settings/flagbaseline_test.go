package settings

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

// ReportBaseline reads the baseline a pass would have read — -baseline,
// else the config's baseline: — with the pass's errors for the baseline,
// and leaves a config's own errors to the analysis that read it.
func TestReportBaseline(t *testing.T) {
	inv := "schema: " + schema.ID + "\nhandlers:\n  - handler: h\n    findings:\n      - {rule: unguarded, position: a.go:3:1, message: m}\n"
	root := tree(t, map[string]string{"go.mod": "module x\n", ".jobeffects.yaml": "baseline: base.yaml\n", "base.yaml": inv, "other.yaml": "schema: nope\n"})
	b, err := ReportBaseline(ForModule(root, Flags{NoBaseline: true}))
	if err != nil || b == nil || !b.Known("unguarded", "a.go:9", "m") {
		t.Errorf("the config's baseline: %v, %v; want it read", b, err)
	}
	if _, err := ReportBaseline(ForModule(root, Flags{Baseline: "other.yaml"})); err == nil || !strings.Contains(err.Error(), `other.yaml:1: schema "nope"`) {
		t.Errorf("-baseline replacing the config's: %v, want other.yaml's error", err)
	}
	if _, err := ReportBaseline(ForModule(root, Flags{Baseline: "missing.yaml"})); err == nil || !strings.Contains(err.Error(), "reading the baseline") {
		t.Errorf("a missing -baseline: %v, want a reading error", err)
	}
	bad := tree(t, map[string]string{"go.mod": "module x\n", ".jobeffects.yaml": "baseline: missing.yaml\neffects: [{nope: 1}]\n"})
	if _, err := NewSession().Load(ForModule(bad, Flags{})); err == nil {
		t.Fatal("the config meant not to be valid loads")
	}
	if b, err := ReportBaseline(ForModule(bad, Flags{})); b != nil || err != nil {
		t.Errorf("a config that is not valid: %v, %v; want nothing (the analysis reports it)", b, err)
	}
	if b, err := ReportBaseline(ForModule(tree(t, map[string]string{"go.mod": "module x\n"}), Flags{})); b != nil || err != nil {
		t.Errorf("no baseline: %v, %v", b, err)
	}
}

// A resolution with no baseline to read builds nothing: without -baseline
// and with a config that names none, ReportBaseline reads the config's
// text only. Building the config merges the catalog's models (0.1 CPU s,
// most of a replayed run's), which the run cache's replays paid for
// every run they applied the report options to.
func TestReportBaselineWithoutOneBuildsNothing(t *testing.T) {
	root := tree(t, map[string]string{"go.mod": "module x\n", ".jobeffects.yaml": "effects:\n  - {func: x/store.Exec, sql: 0}\n"})
	allocs := testing.AllocsPerRun(3, func() {
		if b, err := ReportBaseline(ForModule(root, Flags{})); b != nil || err != nil {
			t.Errorf("no baseline: %v, %v", b, err)
		}
	})
	if allocs > 2000 {
		t.Errorf("ReportBaseline without a baseline: %.0f allocations a call, want the config's text read only", allocs)
	}
}

// A replay reads the baseline of a config its analysis built (the run
// cache entry's BuiltConfigs, Vouch) without building it again: whether
// the config builds is all the baseline's resolution asks of it, and a
// build is a function of the file's bytes. A config whose bytes are not
// the ones vouched for is built, and one that does not build still ends
// the resolution without a baseline.
func TestReportBaselineVouchedConfig(t *testing.T) {
	inv := "schema: " + schema.ID + "\nhandlers:\n  - handler: h\n    findings:\n      - {rule: unguarded, position: a.go:3:1, message: m}\n"
	cfg := "baseline: base.yaml\neffects:\n  - {func: x/store.Exec, sql: 0}\n"
	root := tree(t, map[string]string{"go.mod": "module x\n", ".jobeffects.yaml": cfg, "base.yaml": inv})
	analysis := NewSession()
	if _, err := analysis.Load(ForModule(root, Flags{NoBaseline: true})); err != nil {
		t.Fatal(err)
	}
	built := analysis.BuiltConfigs()
	if len(built) != 1 || built[0].Path != filepath.Join(root, ".jobeffects.yaml") {
		t.Fatalf("configs built: %v, want the module's", built)
	}
	replay := func() *Session { s := NewSession(); s.Vouch(built); return s }
	allocs := testing.AllocsPerRun(3, func() {
		if b, err := replay().ReportBaseline(ForModule(root, Flags{})); err != nil || b == nil || !b.Known("unguarded", "a.go:9", "m") {
			t.Errorf("the vouched config's baseline: %v, %v; want it read", b, err)
		}
	})
	if allocs > 2000 {
		t.Errorf("ReportBaseline of a vouched config: %.0f allocations a call, want the config parsed, not built", allocs)
	}
	// The config edited after (another baseline): the voucher was for
	// other bytes, so it is built (the figure above is the voucher's
	// doing), and its own baseline read.
	write(t, root, map[string]string{".jobeffects.yaml": "baseline: other.yaml\n" + cfg[len("baseline: base.yaml\n"):], "other.yaml": strings.Replace(inv, "message: m", "message: n", 1)})
	edited := testing.AllocsPerRun(1, func() {
		if b, err := replay().ReportBaseline(ForModule(root, Flags{})); err != nil || b == nil || !b.Known("unguarded", "a.go:9", "n") || b.Known("unguarded", "a.go:9", "m") {
			t.Errorf("the edited config's baseline: %v, %v; want other.yaml read", b, err)
		}
	})
	if edited <= 2000 {
		t.Errorf("ReportBaseline of a config edited since it was vouched for: %.0f allocations, want it built", edited)
	}
}
