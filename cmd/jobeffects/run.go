package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/inventory"
	"github.com/jobeffects/jobeffects/inventory/schema"
)

// Exit codes.
const (
	exitClean    = 0
	exitFindings = 1
	exitError    = 2
)

const usage = `jobeffects finds background-job handlers and reports side effects that
would happen twice when a job is delivered twice.

Usage:
  jobeffects [-C dir] [flags] packages...            report unguarded handlers (like go vet)
  jobeffects [-C dir] inventory [flags] packages...  write the risk inventory of every handler
  jobeffects [-C dir] twice-tests [flags] INVENTORY  write twice test skeletons for its handlers
  jobeffects version                                 print the version
  jobeffects cache [status|trim|clean]               the cache's size; trim it now; empty it
  jobeffects help [inventory|twice-tests|cache]      this help, or a command's
  go vet -vettool=$(which jobeffects) packages...

Exit status (every format): 0 nothing reported (or -exit-zero), 1 findings
reported (with -fail-on, only at or above that risk; with -min-confidence,
only at or above that confidence), 2 load, type or usage errors.

  jobeffects -explain RULE                           a rule's documentation
  jobeffects -format=sarif ./... > jobeffects.sarif  for GitHub code scanning
`

func run(args []string, stdout, stderr io.Writer) int {
	// -C dir, first, runs as if started in dir (as go -C does).
	if len(args) > 0 && (args[0] == "-C" || strings.HasPrefix(args[0], "-C=")) {
		dir := strings.TrimPrefix(args[0], "-C=")
		args = args[1:]
		if dir == "-C" {
			if len(args) == 0 {
				fmt.Fprintln(stderr, "jobeffects: -C needs a directory")
				return exitError
			}
			dir, args = args[0], args[1:]
		}
		if err := os.Chdir(dir); err != nil {
			fmt.Fprintf(stderr, "jobeffects: %v\n", err)
			return exitError
		}
	}
	if len(args) > 0 {
		switch args[0] {
		case "inventory":
			return runInventory(args[1:], stdout, stderr)
		case "twice-tests":
			return runTwiceTests(args[1:], stdout, stderr) // twicetests.go
		case "version", "-version", "--version":
			return printVersion(stdout)
		case "cache":
			return runCacheCmd(args[1:], stdout, stderr) // cacheclean.go
		case "help":
			return help(args[1:], stdout, stderr)
		}
	}
	return runLint(args, stdout, stderr)
}

// help prints the general help, or a subcommand's with its flags.
func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return exitClean
	}
	switch args[0] {
	case "inventory":
		return runInventory([]string{"-h"}, stdout, stdout)
	case "twice-tests":
		return runTwiceTests([]string{"-h"}, stdout, stdout)
	case "version":
		fmt.Fprintln(stdout, "usage: jobeffects version\n\nPrints the module version, the VCS revision and the Go version it was built with.")
		return exitClean
	case "cache":
		fmt.Fprint(stdout, cacheUsage)
		return exitClean
	}
	fmt.Fprintf(stderr, "jobeffects help %s: unknown command; commands: inventory, twice-tests, version, cache\n", args[0])
	return exitError
}

// common flags of both modes.
type options struct {
	// Options are what the user sets on every surface (-strict, -config,
	// -baseline, -rules, -safe: analyzer.Settings), handed to the runner
	// as they are.
	analyzer.Options

	// How the command loads, drives and reports the analysis.
	tags  string
	whole bool
	tests bool
	quiet bool // -q: no progress line

	debug                  string // "phases": print each phase's time and the peak RSS; "mem": and the heap per phase
	showPaths              bool   // inventory only
	cpuprofile, memprofile string
	// perPackage, in a whole lint run, is the file that also gets what
	// -whole=false would print (perpackage.go); "" otherwise.
	perPackage string
}

func (o *options) register(fs *flag.FlagSet) {
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the whole run (loading, analysis, whole-program resolution) to this file")
	fs.StringVar(&o.debug, "debug", "", "phases: print each phase's wall time, CPU, heap and peak RSS so far to stderr; mem: also the live heap after a collection at each phase's end (never from the run cache)")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to this file at exit (with -debug=phases or mem, also FILE.load, FILE.per-package-analysis, … at each phase's end)")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build tags")
	o.Options.Register(fs, analyzer.Command)
	fs.BoolVar(&o.whole, "whole", true, "resolve interface and func-value calls over the whole program (go vet cannot)")
	fs.BoolVar(&o.quiet, "q", false, "no progress line on stderr (it is shown only when stderr is a terminal)")
	fs.BoolVar(&o.tests, "test", true, "also analyse the packages' _test.go files, as go vet does (handlers there are marked test: true)")
}

const inventoryUsage = `usage: jobeffects inventory [flags] packages...

Writes the risk inventory of every handler in the packages (schema
jobeffects/inventory/v1, YAML): its framework, task, registration, retry
policy, risk, guard, every side effect with its evidence and call path,
and its findings. Guarded and safe handlers are listed too. The same code
gives a byte-identical file. Flags may follow the packages.

Exit status: 0 written (findings do not fail it), 2 load, type or usage errors.
`

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		if name == "inventory" {
			fmt.Fprint(stderr, inventoryUsage)
		} else {
			fmt.Fprint(stderr, usage)
		}
		fmt.Fprintf(stderr, "\nFlags of %s:\n", name)
		fs.PrintDefaults()
	}
	return fs
}

func runLint(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("jobeffects", stderr)
	var opts options
	opts.register(fs)
	var formats formatList
	fs.Var(&formats, "format", "output format, once or more: text (go vet's, on stderr), json (one sorted document, go vet -json's shape) or sarif (SARIF 2.1.0 for code scanning), json and sarif on stdout; FORMAT=FILE writes that format to FILE instead (-format text -format sarif=out.sarif: one analysis, both)")
	jsonOut := fs.Bool("json", false, "same as -format=json")
	exitZero := fs.Bool("exit-zero", false, "exit 0 even when findings are reported (errors still exit 2)")
	failOn := fs.String("fail-on", "", "exit 1 only for findings of handlers at or above this risk: critical, high or medium")
	minConfidence := fs.String("min-confidence", "", "exit 1 only for findings of handlers at or above this confidence: high (no effect of the verdict inferred from names), medium or low")
	explain := fs.String("explain", "", "print the documentation of a rule and exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError
	}
	if *explain != "" {
		return explainRule(*explain, stdout, stderr)
	}
	if *jsonOut {
		formats = append(formats, output{format: "json"})
	}
	if len(formats) == 0 {
		formats = formatList{{format: "text"}}
	}
	if err := formats.check(); err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	var threshold effect.Risk
	if *failOn != "" {
		r, ok := effect.ParseRisk(*failOn)
		if !ok || r < effect.Medium {
			fmt.Fprintf(stderr, "jobeffects: -fail-on %q: want critical, high or medium\n", *failOn)
			return exitError
		}
		threshold = r
	}
	floor := 0
	if *minConfidence != "" {
		if floor = effect.ConfidenceRank(*minConfidence); floor == 0 {
			fmt.Fprintf(stderr, "jobeffects: -min-confidence %q: want high, medium or low\n", *minConfidence)
			return exitError
		}
	}
	if _, err := rules.Select([]string{opts.Rules}); err != nil {
		fmt.Fprintf(stderr, "jobeffects: -rules: %v\n", err)
		return exitError
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitError
	}
	opts.perPackage = perPackageFile(opts)           // perpackage.go: a test's second answer
	r, err := analyseCached(fs.Args(), opts, stderr) // analysiscache.go
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	bar := failBar{risk: threshold, confidence: floor, failOn: *failOn, minConfidence: *minConfidence}
	if r.perPackage != nil {
		if err := writePerPackage(opts.perPackage, r.perPackage, func(r *session, stdout, stderr io.Writer) int {
			return lintResults(r, formats, bar, *exitZero, stdout, stderr)
		}); err != nil {
			fmt.Fprintf(stderr, "jobeffects: %v\n", err)
			return exitError
		}
	}
	return lintResults(r, formats, bar, *exitZero, stdout, stderr)
}

// lintResults renders an analysis's findings in the formats asked for and
// returns the lint run's exit status.
func lintResults(r *session, formats formatList, bar failBar, exitZero bool, stdout, stderr io.Writer) int {
	diags := reportedDiagnostics(r.results)
	if err := formats.render(diags, r.root, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	if r.errors > 0 {
		return exitError
	}
	failing := bar.failing(diags)
	bar.explain(diags, failing, exitZero, stderr)
	if len(failing) > 0 && !exitZero {
		return exitFindings
	}
	return exitClean
}

// explainRule prints a rule's documentation, as staticcheck -explain does.
func explainRule(name string, stdout, stderr io.Writer) int {
	r := rules.Lookup(name)
	if r == nil {
		fmt.Fprintf(stderr, "jobeffects: -explain %s: no such rule (rules: %s)\n", name, strings.Join(rules.Names(), ", "))
		return exitError
	}
	fmt.Fprintf(stdout, "%s: %s\n\nReported at %s. Severity: %s.\n\n%s\n\nFix: %s.\n\nOnline documentation:\n    %s\n",
		r.Name, r.Summary, r.At, r.Severity, strings.TrimSpace(r.Doc), strings.TrimSuffix(r.Fix, "."), r.URL())
	return exitClean
}

func runInventory(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("inventory", stderr)
	var opts options
	opts.register(fs)
	out := fs.String("o", "", "write the YAML inventory to this file instead of stdout")
	summary := fs.Bool("summary", false, "print a human summary to stderr as well")
	fs.BoolVar(&opts.showPaths, "show-paths", false, "list up to 9 other call paths per effect (other_path_list)")
	// Flags may follow the package patterns ("inventory ./... -o x.yaml").
	flagArgs, patterns := splitArgs(args, fs)
	if err := fs.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError
	}
	patterns = append(patterns, fs.Args()...)
	if len(patterns) == 0 {
		fs.Usage()
		return exitError
	}
	r, err := analyseCached(patterns, opts, stderr) // analysiscache.go
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	for _, res := range r.results {
		for _, d := range res.Diagnostics {
			if res.Failed != "" {
				fmt.Fprintf(stderr, "%s: %s\n", relToCwd(d.Pos), d.Message) // counted in r.errors
			}
		}
	}
	inv := inventory.Build(r.results, r.root)
	inv.Incomplete = incompleteList(r)
	data, err := inventory.YAML(inv)
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	missing := fmt.Sprintf("%d %s not analysed (listed under incomplete:)", len(inv.Incomplete), plural(len(inv.Incomplete), "package"))
	switch {
	case *out == "":
		_, err = stdout.Write(data)
		if len(inv.Incomplete) > 0 {
			fmt.Fprintf(stderr, "jobeffects: the inventory on stdout is incomplete: %s\n", missing)
		}
	case r.errors > 0 && !replaceable(*out):
		// Some packages failed: do not replace a complete inventory
		// (often a committed baseline), or a file that is not an
		// inventory, with an incomplete one.
		partial := *out + ".partial"
		err = writeFile(partial, data)
		fmt.Fprintf(stderr, "jobeffects: %s left unchanged because of the errors above; the inventory of the packages that loaded is in %s (%s)\n", *out, partial, missing)
	default:
		err = writeFile(*out, data)
		if err == nil && len(inv.Incomplete) > 0 {
			fmt.Fprintf(stderr, "jobeffects: %s is incomplete: %s\n", *out, missing)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	if *summary {
		_ = inventory.WriteSummary(stderr, inv)
		if l := currentMemoryLimit(); l.bytes != 0 {
			fmt.Fprintf(stderr, "jobeffects: soft memory limit %s\n", l)
		}
	}
	if r.errors > 0 {
		return exitError
	}
	return exitClean
}

// incompleteList is the inventory's incomplete: section: each package
// left out and its first error, sorted, paths relative to the module (a
// file of the module cache as module@version/path).
func incompleteList(r *session) []schema.Incomplete {
	var out []schema.Incomplete
	for _, pkg := range slices.Sorted(maps.Keys(r.incomplete)) {
		reason := r.incomplete[pkg]
		if r.root != "" {
			reason = strings.ReplaceAll(reason, r.root+string(filepath.Separator), "")
		}
		if cache := modCacheDir(); cache != "" {
			reason = strings.ReplaceAll(reason, cache+string(filepath.Separator), "")
		}
		out = append(out, schema.Incomplete{Package: pkg, Reason: reason})
	}
	return out
}

// replaceable reports whether an incomplete inventory may be written to
// path: nothing is there, or an incomplete inventory (an earlier run's).
func replaceable(path string) bool {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	var inv schema.Inventory
	return err == nil && yaml.Unmarshal(data, &inv) == nil && inv.Schema == schema.ID && len(inv.Incomplete) > 0
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// writeFile writes data to path through a temporary file in the same
// directory, renamed into place: an interrupted run never leaves a
// truncated file. A path that is not a regular file (/dev/null, a named
// pipe, /dev/stdout) is written to directly: renaming over it would
// replace the device with a file. A file replaced keeps its permissions
// (a new one is 0644).
func writeFile(path string, data []byte) error {
	mode := os.FileMode(0o644)
	fi, err := os.Stat(path)
	if err == nil && fi.Mode().IsRegular() {
		mode = fi.Mode().Perm() // a file the user made private stays private
	}
	if err == nil && !fi.Mode().IsRegular() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// splitArgs separates flags from package patterns when flags come after
// the patterns, as in `jobeffects inventory ./... -o inventory.yaml`.
func splitArgs(args []string, fs *flag.FlagSet) (flags, patterns []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			patterns = append(patterns, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, patterns
}
