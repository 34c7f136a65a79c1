// Command realworld runs jobeffects on the real-world set
// (testdata/realworld/*.yaml) and prints how far it agrees with the labels:
// handlers found, risk and findings agreeing, handlers that repeat effects
// but come out safe, extra handlers (those in test code listed, not counted), how the inventory's effects were
// decided (by: code, model, config, name, or nothing: unknown), time and
// peak memory per application.
//
//	go run ./scripts/realworld [-only name,name] [-v] [-json file] [-readme README.md] [-bin jobeffects] [-work dir] [-mirrors dir]
//	go run ./scripts/realworld -vet [-only name,name] [-v]
//	go run ./scripts/realworld -reuse -work dir [-only name,name] [-v]
//	go run ./scripts/realworld -rerun [-rerun-leaf] [-only name,name] [-bin jobeffects] [-work dir]
//
// A second table gives the precision of name inference: the inventory's
// distinct inferred calls (by: name), how many a reviewer read
// (<labels>/inferred/<name>.yaml) and confirmed; -v lists the rejected and
// unlabelled ones, and a third counts the rejections by cause. -reuse
// scores the inventories a previous run left in the work directory without
// fetching or running anything (to check labels).
//
// With -rerun each application runs again on the first run's cache, and
// every rerun's inventory must be the first run's (rerun.go).
//
// With -vet it compares, per application, go vet's findings with the
// command's (same positions, same rules) instead of scoring the labels.
//
// Applications come from the Go module proxy (source.module) or from a git
// mirror of a public repository (source.repo at source.commit), looked for
// as <mirrors>/<owner>+<name>/repo, a bare repository holding the commit
// (git clone --mirror https://github.com/<owner>/<name> <mirrors>/<owner>+<name>/repo).
// The mirrors directory is -mirrors, else $JOBEFFECTS_MIRRORS, else
// <work>/mirrors. Their sources are unpacked once into the work directory
// (-work, default jobeffects-realworld under the user cache dir) and never
// into this repository. It only reads and analyses them: nothing of
// theirs is built or run.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

// label is one application's file.
type label struct {
	Name   string `yaml:"name"`
	Source struct {
		Module string `yaml:"module"`
		Repo   string `yaml:"repo"`
		Commit string `yaml:"commit"`
	} `yaml:"source"`
	Dir        string         `yaml:"dir"`
	Modules    []depModule    `yaml:"modules"`
	Packages   []string       `yaml:"packages"`
	Frameworks []string       `yaml:"frameworks"`
	Notes      string         `yaml:"notes"`
	Handlers   []labelHandler `yaml:"handlers"`
}

// depModule is a dependency the module proxy does not serve (a fork's
// pseudo-version its developers fetch directly from the VCS), read from a
// git mirror at the commit its go.mod names and replaced by that directory,
// so the application builds as its developers build it.
type depModule struct {
	Path   string `yaml:"path"`   // the module path the application's go.mod requires or replaces
	Repo   string `yaml:"repo"`   // owner/name of its public repository
	Commit string `yaml:"commit"` // the commit the go.mod's version names
	// Dir is the module's directory inside the repository when the module
	// is not its root (riverqueue/river's riverdriver/riversqlite): the
	// version's tag names the commit, and only that directory is unpacked.
	Dir string `yaml:"dir"`
}

type labelHandler struct {
	Handler   string   `yaml:"handler"`
	Framework string   `yaml:"framework"`
	Task      string   `yaml:"task"`
	Position  string   `yaml:"position"`
	Risk      string   `yaml:"risk"`
	Verdict   string   `yaml:"verdict"`
	Findings  []string `yaml:"findings"`
	Evidence  []string `yaml:"evidence"`
	Note      string   `yaml:"note"`
}

// score is the agreement on one application.
type score struct {
	Name       string  `json:"name"`
	Frameworks string  `json:"frameworks"`
	Labelled   int     `json:"labelled"`
	Found      int     `json:"found"`
	Risk       int     `json:"risk_agree"`
	Findings   int     `json:"findings_agree"`
	Verdict    int     `json:"verdict_agree"` // risk and findings both agree
	SafeButNot int     `json:"safe_but_repeats"`
	Extra      int     `json:"extra"`
	By         byCount `json:"by"`
	// Inferred is the precision of name inference against
	// <labels>/inferred/<name>.yaml.
	Inferred *inferredScore `json:"inferred,omitempty"`
	Seconds  float64        `json:"seconds"`
	PeakMB   int            `json:"peak_mb"`
	Error    string         `json:"error,omitempty"`
	Rerun    *rerunResult   `json:"rerun,omitempty"` // -rerun
	Details  []detail       `json:"details"`
}

// byCount counts the inventory's effects (every handler's) by how they
// were decided.
type byCount struct {
	Code   int `json:"code"`
	Model  int `json:"model"`
	Config int `json:"config"`
	Name   int `json:"name"`
	None   int `json:"none"` // nothing decided it: its risk is unknown
}

func (b *byCount) add(o byCount) {
	b.Code += o.Code
	b.Model += o.Model
	b.Config += o.Config
	b.Name += o.Name
	b.None += o.None
}

// countBy counts the effects of every handler of an inventory by their by:.
func countBy(inv *schema.Inventory) byCount {
	var b byCount
	for _, h := range inv.Handlers {
		for _, e := range h.SideEffects {
			switch e.By {
			case "code":
				b.Code++
			case "model":
				b.Model++
			case "config":
				b.Config++
			case "name":
				b.Name++
			default:
				b.None++
			}
		}
	}
	return b
}

type detail struct {
	Handler  string `json:"handler"`
	Task     string `json:"task"`
	Want     string `json:"want"` // risk and findings labelled
	Got      string `json:"got"`  // what the tool says ("missing" if not found)
	Agrees   bool   `json:"agrees"`
	Position string `json:"position"`
}

func main() {
	only := flag.String("only", "", "comma-separated names of the applications to run (default all)")
	verbose := flag.Bool("v", false, "list every handler that disagrees")
	jsonOut := flag.String("json", "", "also write the scores as JSON to this file (for before/after comparisons)")
	bin := flag.String("bin", "", "the jobeffects binary (default: built from this repository)")
	work := flag.String("work", "", "where sources are unpacked (default: jobeffects-realworld under the user cache dir)")
	flag.StringVar(&mirrors, "mirrors", os.Getenv("JOBEFFECTS_MIRRORS"), "the directory of git mirrors, <owner>+<name>/repo each (default: $JOBEFFECTS_MIRRORS, else <work>/mirrors)")
	labels := flag.String("labels", "testdata/realworld", "the directory of label files")
	vet := flag.Bool("vet", false, "compare go vet's findings with the command's instead of scoring the labels")
	readme := flag.String("readme", "", "also rewrite the accuracy summary between the realworld markers of this file (README.md); only with every application")
	flag.BoolVar(&reuse, "reuse", false, "score the inventories already in -work: fetch, build and run nothing")
	flag.BoolVar(&rerunMode, "rerun", false, "run each application again on its first run's cache (a replay, then on the fact cache alone) and fail on any inventory difference")
	flag.BoolVar(&rerunLeaf, "rerun-leaf", false, "with -rerun, also rerun on a copy of the sources, unchanged and after a one-leaf edit")
	flag.Parse()
	if *readme != "" && (*only != "" || *vet) {
		fmt.Fprintln(os.Stderr, "realworld: -readme summarises a run of every application: it does not go with -only or -vet")
		os.Exit(2)
	}
	if rerunLeaf {
		rerunMode = true
	}
	if rerunMode && (*vet || reuse || *readme != "") {
		fmt.Fprintln(os.Stderr, "realworld: -rerun runs each application several times on its own cache: it does not go with -vet, -reuse or -readme")
		os.Exit(2)
	}
	readmePath = *readme
	if err := run(*only, *verbose, *jsonOut, *bin, *work, *labels, *vet); err != nil {
		fmt.Fprintln(os.Stderr, "realworld:", err)
		os.Exit(1)
	}
}

func run(only string, verbose bool, jsonOut, bin, work, labelDir string, vet bool) error {
	if reuse && (vet || work == "") {
		return fmt.Errorf("-reuse scores the inventories a run left in -work: it needs -work and does not go with -vet")
	}
	if work == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return err
		}
		work = filepath.Join(dir, "jobeffects-realworld")
	}
	if mirrors == "" {
		mirrors = filepath.Join(work, "mirrors")
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	if bin == "" && !reuse {
		bin = filepath.Join(work, "jobeffects")
		build := exec.Command("go", "build", "-o", bin, "./cmd/jobeffects")
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building jobeffects: %v", err)
		}
	}
	files, err := filepath.Glob(filepath.Join(labelDir, "*.yaml"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	want := map[string]bool{}
	for _, n := range strings.Split(only, ",") {
		if n != "" {
			want[n] = true
		}
	}
	var scores []score
	var parities []parity
	for _, f := range files {
		l, err := readLabel(f)
		if err != nil {
			return err
		}
		if len(want) > 0 && !want[l.Name] {
			continue
		}
		fmt.Fprintf(os.Stderr, "realworld: %s …\n", l.Name)
		if vet {
			parities = append(parities, vetParity(l, bin, work))
			continue
		}
		inferred, err := readInferredLabels(filepath.Join(labelDir, "inferred"), l.Name)
		if err != nil {
			return err
		}
		scores = append(scores, evaluate(l, inferred, bin, work))
	}
	var doc any = scores
	var rerunErr error
	if vet {
		printParity(os.Stdout, parities, verbose)
		doc = parities
	} else {
		printTable(os.Stdout, scores, verbose)
		printInferred(os.Stdout, scores, verbose)
		if rerunMode && printReruns(os.Stdout, scores) {
			rerunErr = fmt.Errorf("a rerun's inventory differs from the first run's")
		}
		if readmePath != "" {
			if err := writeReadme(readmePath, scores); err != nil {
				return err
			}
		}
	}
	if jsonOut != "" {
		data, _ := json.MarshalIndent(doc, "", "  ")
		if err := os.WriteFile(jsonOut, append(data, '\n'), 0o644); err != nil {
			return err
		}
	}
	return rerunErr
}

func readLabel(path string) (*label, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var l label
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if l.Name == "" {
		l.Name = strings.TrimSuffix(filepath.Base(path), ".yaml")
	}
	if len(l.Packages) == 0 {
		l.Packages = []string{"./..."}
	}
	return &l, nil
}

// reuse is -reuse: score the inventories a previous run left in the work
// directory instead of running the tool.
var reuse bool

// readmePath is -readme: the file whose accuracy summary the run rewrites
// (readme.go).
var readmePath string

// evaluate runs the inventory on one application and scores it.
func evaluate(l *label, inferred *inferredLabels, bin, work string) score {
	s := score{Name: l.Name, Frameworks: strings.Join(l.Frameworks, ", "), Labelled: len(l.Handlers)}
	invPath := filepath.Join(work, l.Name+".inventory.yaml")
	timing := filepath.Join(work, l.Name+".time")
	var stderr bytes.Buffer
	var dir string // where the application ran
	if !reuse {
		src, err := prepare(l, work)
		if err != nil {
			s.Error = err.Error()
			return s
		}
		dir = filepath.Join(src, l.Dir)
		os.Remove(invPath) // a failed run must not score the last run's inventory
		os.Remove(invPath + ".partial")
		args := append([]string{"-o", timing, "-f", "%e %M", bin, "inventory", "-o", invPath}, l.Packages...)
		cmd := exec.Command("/usr/bin/time", args...)
		cmd.Dir = dir
		cmd.Stderr = &stderr
		if rerunMode {
			// A first run on an empty cache of its own, whatever the
			// user's cache holds: the reruns read what it wrote.
			if err := os.RemoveAll(rerunCache(work, l.Name)); err != nil {
				s.Error = err.Error()
				return s
			}
			cmd.Env = append(os.Environ(), "JOBEFFECTS_CACHE=", "JOBEFFECTS_CACHE_DIR="+rerunCache(work, l.Name))
		}
		_ = cmd.Run() // exit 2 on packages that fail to type-check: the others are still in the inventory
	}
	if t, err := os.ReadFile(timing); err == nil {
		f := strings.Fields(string(t))
		if n := len(f); n >= 2 {
			s.Seconds, _ = strconv.ParseFloat(f[n-2], 64)
			kb, _ := strconv.Atoi(f[n-1])
			s.PeakMB = kb / 1024
		}
	}
	data, err := os.ReadFile(invPath)
	if err != nil {
		// Packages that do not build (cgo without its C library here)
		// leave the rest of the inventory beside it.
		data, err = os.ReadFile(invPath + ".partial")
	}
	if err != nil {
		s.Error = "no inventory: " + lastLine(stderr.String())
		return s
	}
	var inv schema.Inventory
	if err := yaml.Unmarshal(data, &inv); err != nil {
		s.Error = err.Error()
		return s
	}
	compare(l, &inv, &s)
	if rerunMode {
		s.Rerun = reruns(l, bin, work, dir, rerunCache(work, l.Name), data)
		printReruns(os.Stderr, []score{s}) // as it goes: the table waits for every application
	}
	s.By = countBy(&inv)
	s.Inferred = scoreInferred(&inv, inferred)
	return s
}

// compare scores the inventory against the labels. A labelled handler is
// found by its name (and task, when one name serves several tasks, as a
// generic worker does); its verdict agrees when both its risk and its set
// of findings do.
func compare(l *label, inv *schema.Inventory, s *score) {
	byName := map[string][]*schema.Handler{}
	for i := range inv.Handlers {
		h := &inv.Handlers[i]
		byName[h.Handler] = append(byName[h.Handler], h)
	}
	matched := map[*schema.Handler]bool{}
	for _, lh := range l.Handlers {
		d := detail{Handler: lh.Handler, Task: lh.Task, Position: lh.Position, Want: lh.Risk + " " + rulesText(lh.Findings)}
		h := pick(byName[lh.Handler], lh.Task)
		if h == nil {
			d.Got = "missing"
			s.Details = append(s.Details, d)
			continue
		}
		matched[h] = true
		s.Found++
		got := findingRules(h)
		d.Got = h.Risk + " " + rulesText(got)
		riskOK := h.Risk == lh.Risk
		findingsOK := rulesText(got) == rulesText(lh.Findings)
		if riskOK {
			s.Risk++
		}
		if findingsOK {
			s.Findings++
		}
		if riskOK && findingsOK {
			s.Verdict++
			d.Agrees = true
		}
		if h.Risk == "safe" && repeats(lh) {
			s.SafeButNot++
		}
		s.Details = append(s.Details, d)
	}
	labelled := map[string]bool{}
	for _, lh := range l.Handlers {
		labelled[lh.Handler] = true
	}
	for i := range inv.Handlers {
		// A handler in test code (a _test.go registration, test: true in
		// the inventory) is listed for what it is, not counted as one the
		// application runs.
		if h := &inv.Handlers[i]; !matched[h] && !labelled[h.Handler] && !h.Test {
			s.Extra++
		}
	}
}

// pick chooses the inventory entry of a labelled handler.
func pick(hs []*schema.Handler, task string) *schema.Handler {
	for _, h := range hs {
		if h.Task == task {
			return h
		}
	}
	if len(hs) > 0 {
		return hs[0]
	}
	return nil
}

// repeats reports whether the label says the handler repeats an effect a
// second delivery must not: the tool must never call it safe.
func repeats(lh labelHandler) bool {
	switch lh.Risk {
	case "critical", "high", "medium":
		return lh.Verdict != "guarded" && lh.Verdict != "at-most-once"
	}
	return false
}

func findingRules(h *schema.Handler) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range h.Findings {
		if f.Suppressed == "" && !seen[f.Rule] {
			seen[f.Rule] = true
			out = append(out, f.Rule)
		}
	}
	return out
}

func rulesText(rs []string) string {
	if len(rs) == 0 {
		return "[]"
	}
	c := append([]string(nil), rs...)
	sort.Strings(c)
	out := c[:0]
	for i, r := range c {
		if i == 0 || r != c[i-1] {
			out = append(out, r)
		}
	}
	return "[" + strings.Join(out, ",") + "]"
}

func printTable(w io.Writer, scores []score, verbose bool) {
	fmt.Fprintln(w, "| application | frameworks | handlers labelled | found | risk agrees | findings agree | verdict agrees | repeats but safe | extra handlers (outside tests) | by code / model / config / name / none | time s | peak MB |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, s := range scores {
		if s.Error != "" {
			fmt.Fprintf(w, "| %s | %s | %d | error: %s | | | | | | | | |\n", s.Name, s.Frameworks, s.Labelled, s.Error)
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %s | %.1f | %d |\n", s.Name, s.Frameworks, s.Labelled, s.Found, s.Risk, s.Findings, s.Verdict, s.SafeButNot, s.Extra, s.By, s.Seconds, s.PeakMB)
	}
	tot, _, _ := totals(scores)
	fmt.Fprintf(w, "| **all** | | %d | %d | %d | %d | %d | %d | %d | %s | | |\n", tot.Labelled, tot.Found, tot.Risk, tot.Findings, tot.Verdict, tot.SafeButNot, tot.Extra, tot.By)
	fmt.Fprintf(w, "\n%s; %s\n", machine(), time.Now().UTC().Format("2006-01-02"))
	if !verbose {
		return
	}
	for _, s := range scores {
		for _, d := range s.Details {
			if !d.Agrees {
				fmt.Fprintf(w, "%s: %s %q (%s): want %s, got %s\n", s.Name, d.Handler, d.Task, d.Position, d.Want, d.Got)
			}
		}
	}
}

func (b byCount) String() string {
	return fmt.Sprintf("%d / %d / %d / %d / %d", b.Code, b.Model, b.Config, b.Name, b.None)
}

func machine() string {
	out, _ := exec.Command("go", "version").Output()
	return fmt.Sprintf("%s", strings.TrimSpace(string(out)))
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
