package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The SARIF of the example module validates against the SARIF 2.1.0
// schema (testdata/sarif-schema-2.1.0.json, the OASIS errata01 schema), is
// byte-identical over two runs with different GOMAXPROCS, has one result
// per diagnostic with a line-independent fingerprint and the evidence path
// as a code flow, and exits as the text format does.
func TestSARIF(t *testing.T) {
	t.Parallel()
	dir := testdataDir(t, "example")
	out1, stderr, code := runCmdEnv(t, dir, []string{"GOMAXPROCS=1"}, binary, "-format=sarif", "./...")
	if code != 1 {
		t.Fatalf("-format=sarif: exit %d, want 1\n%s", code, stderr)
	}
	// The other run with the default GOMAXPROCS (the machine's cores, 2
	// on CI): its analysis is the one the text run below and the other
	// tests' runs of the example share (the run cache's key holds GO*
	// variables), not one more. One core: GOMAXPROCS=2 explicitly.
	var env2 []string
	if runtime.NumCPU() < 2 {
		env2 = []string{"GOMAXPROCS=2"}
	}
	out2, _, _ := runCmdEnv(t, dir, env2, binary, "-format=sarif", "./...")
	if out1 != out2 {
		t.Error("SARIF differs between two runs")
	}

	schemaPath, _ := filepath.Abs(filepath.Join("..", "..", "testdata", "sarif-schema-2.1.0.json"))
	f, err := os.Open(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out1))
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(inst); err != nil {
		t.Fatalf("SARIF does not validate: %v", err)
	}

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID string
					}
				}
			}
			Results []struct {
				RuleID              string
				Level               string
				PartialFingerprints map[string]string
				Locations           []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
				CodeFlows []struct {
					ThreadFlows []struct {
						Locations []any
					}
				}
				Properties map[string]any
			}
		}
	}
	if err := json.Unmarshal([]byte(out1), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	known := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		known[r.ID] = true
	}
	_, text, _ := runShared(t, dir, binary, "./...")
	if got, want := len(run.Results), len(diagnostics(text)); got != want {
		t.Errorf("%d results, want %d (the text diagnostics)", got, want)
	}
	for _, r := range run.Results {
		uri := r.Locations[0].PhysicalLocation.ArtifactLocation.URI
		if !known[r.RuleID] || r.PartialFingerprints["jobeffects/v1"] == "" || strings.HasPrefix(uri, "/") {
			t.Errorf("result %s at %s: rule known %v, fingerprint %q", r.RuleID, uri, known[r.RuleID], r.PartialFingerprints)
		}
		if r.RuleID == "unguarded" && (len(r.CodeFlows) == 0 || len(r.CodeFlows[0].ThreadFlows[0].Locations) == 0) {
			t.Errorf("unguarded at %s has no code flow", uri)
		}
		if c, _ := r.Properties["confidence"].(string); c != "high" && c != "medium" && c != "low" {
			t.Errorf("result %s at %s: confidence %v, want high, medium or low", r.RuleID, uri, r.Properties["confidence"])
		}
	}
	// -min-confidence=high still fails on the example's findings, whose
	// effects code and models decide; a level that is not one is an error.
	if _, _, code := runCmd(t, dir, binary, "-min-confidence=high", "./..."); code != 1 {
		t.Errorf("-min-confidence=high: exit %d, want 1", code)
	}
	if _, stderr, code := runCmd(t, dir, binary, "-min-confidence=sure", "./..."); code != 2 || !strings.Contains(stderr, "want high, medium or low") {
		t.Errorf("-min-confidence=sure: exit %d, want 2\n%s", code, stderr)
	}
	// -exit-zero reports and exits 0; -fail-on=critical fails on the
	// unkeyed charge and the random key only, which the example has.
	if _, _, code := runCmd(t, dir, binary, "-format=sarif", "-exit-zero", "./..."); code != 0 {
		t.Errorf("-exit-zero: exit %d", code)
	}
	// The last line names the findings that fail the run; the others are
	// reported all the same, below the bar.
	_, stderr, code = runCmd(t, dir, binary, "-fail-on=critical", "./...")
	const failLine = "jobeffects: -fail-on=critical: 2 findings fail the run: jobs/charge.go:38:16 unguarded (critical, confidence high), jobs/charge.go:55:9 random-key (critical, confidence high); 10 below the bar are reported only\n"
	if code != 1 || !strings.HasSuffix(stderr, failLine) || !strings.Contains(stderr, "jobs/balance.go:27:27: unguarded:") {
		t.Errorf("-fail-on=critical: exit %d, want 1, every finding and last\n%s\ngot:\n%s", code, failLine, stderr)
	}
	// A claim table's findings (prune-before-retry at jobs/prune.go) carry
	// the risk of the handlers claiming into it (medium): at -fail-on=medium
	// every finding fails the run, none is below the bar.
	if _, stderr, code := runCmd(t, dir, binary, "-fail-on=medium", "./..."); code != 1 || strings.Contains(stderr, "below the bar") || !strings.Contains(stderr, "jobs/prune.go:17:24: prune-before-retry:") {
		t.Errorf("-fail-on=medium: exit %d; want 1 with every finding failing the run:\n%s", code, stderr)
	}
	clean := testdataDir(t, "clean")
	if out, _, code := runCmd(t, clean, binary, "-format=sarif", "./..."); code != 0 || !bytes.Contains([]byte(out), []byte(`"results": []`)) {
		t.Errorf("clean module: exit %d\n%s", code, out)
	}
}

// -explain prints a rule's documentation; -rules turns rules off.
func TestExplainAndRules(t *testing.T) {
	t.Parallel()
	out, _, code := runCmd(t, ".", binary, "-explain", "check-then-act")
	if code != 0 || !strings.Contains(out, "check-then-act: ") || !strings.Contains(out, "Fix: claim the key first") {
		t.Errorf("-explain: exit %d\n%s", code, out)
	}
	if _, stderr, code := runCmd(t, ".", binary, "-explain", "nope"); code != 2 || !strings.Contains(stderr, "no such rule") {
		t.Errorf("-explain nope: exit %d %s", code, stderr)
	}
	dir := testdataDir(t, "example")
	_, text, _ := runCmd(t, dir, binary, "-rules=-unguarded,-random-key", "./...")
	if strings.Contains(text, ": unguarded: ") || strings.Contains(text, ": random-key: ") || !strings.Contains(text, ": guard-separate-tx: ") {
		t.Errorf("-rules=-unguarded,-random-key:\n%s", text)
	}
	if _, stderr, code := runCmd(t, dir, binary, "-rules=unguardd", "./..."); code != 2 || !strings.Contains(stderr, `unknown rule "unguardd"`) {
		t.Errorf("-rules=unguardd: exit %d %s", code, stderr)
	}
}
