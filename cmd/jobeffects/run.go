package main

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/inventory"
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
  jobeffects version                                 print the version
  jobeffects help [inventory]                        this help, or the inventory's
  go vet -vettool=$(which jobeffects) packages...

Exit status: 0 nothing reported, 1 findings reported, 2 load, type or usage errors.
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
		case "version", "-version", "--version":
			return printVersion(stdout)
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
	case "version":
		fmt.Fprintln(stdout, "usage: jobeffects version\n\nPrints the module version, the VCS revision and the Go version it was built with.")
		return exitClean
	}
	fmt.Fprintf(stderr, "jobeffects help %s: unknown command; commands: inventory, version\n", args[0])
	return exitError
}

// common flags of both modes.
type options struct {
	tags     string
	strict   bool
	config   string
	baseline string
	whole    bool

	cpuprofile, memprofile string
}

func (o *options) register(fs *flag.FlagSet) {
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to this file at exit")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build tags")
	fs.BoolVar(&o.strict, "strict", false, "also report handlers whose effects cannot be classified (unknown-effect)")
	fs.StringVar(&o.config, "config", "", "the .jobeffects.yaml to use (default: the one at the module root)")
	fs.StringVar(&o.baseline, "baseline", "", "an inventory written earlier (inventory -o FILE): its findings are known and not reported, so only new ones fail")
	fs.BoolVar(&o.whole, "whole", true, "resolve interface and func-value calls over the whole program (go vet cannot)")
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
	jsonOut := fs.Bool("json", false, "emit diagnostics as JSON (the go vet -json format)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitError
	}
	graph, pkgs, loadErrs, err := analyse(fs.Args(), opts, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	var added []wholeFinding
	if opts.whole {
		added = wholeProgram(graph, pkgs, opts, rootResults(graph))
	}
	code := exitClean
	if *jsonOut {
		if err := graph.PrintJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "jobeffects: %v\n", err)
			return exitError
		}
		printWholeJSON(added, stdout)
	} else if printText(graph, stderr)+printWhole(added, stderr) > 0 {
		code = exitFindings
	}
	if *jsonOut && countDiagnostics(graph)+len(added) > 0 {
		code = exitFindings
	}
	if loadErrs > 0 || actionErrors(graph, stderr) > 0 {
		return exitError
	}
	return code
}

func runInventory(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("inventory", stderr)
	var opts options
	opts.register(fs)
	out := fs.String("o", "", "write the YAML inventory to this file instead of stdout")
	summary := fs.Bool("summary", false, "print a human summary to stderr as well")
	showPaths := fs.Bool("show-paths", false, "list up to 9 other call paths per effect (other_path_list)")
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
	effect.KeepPaths = *showPaths
	graph, pkgs, loadErrs, err := analyse(patterns, opts, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	actErrs := actionErrors(graph, stderr)
	results := rootResults(graph)
	if opts.whole {
		wholeProgram(graph, pkgs, opts, results)
	}
	root := ""
	for _, act := range graph.Roots {
		if act.Package.Module != nil && act.Package.Module.Main {
			root = act.Package.Module.Dir
			break
		}
	}
	if root == "" {
		root, _ = os.Getwd()
	}
	inv := inventory.Build(results, root)
	data, err := inv.YAML()
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	if *out == "" {
		_, err = stdout.Write(data)
	} else {
		err = os.WriteFile(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	if *summary {
		_ = inv.WriteSummary(stderr)
	}
	if loadErrs > 0 || actErrs > 0 {
		return exitError
	}
	return exitClean
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

// analyse loads the packages and runs the analysis. It returns the number
// of packages that failed to load or type-check (their errors are printed
// as file:line: message); the others are analysed.
func analyse(patterns []string, opts options, stderr io.Writer) (*checker.Graph, []*packages.Package, int, error) {
	stop := startProfiles(opts, stderr)
	defer stop()
	analyzer.Strict = opts.strict
	analyzer.ConfigPath = opts.config
	analyzer.BaselinePath = opts.baseline
	analyzer.KeepSummaries = opts.whole
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
	}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, nil, 0, err
	}
	if len(pkgs) == 0 {
		return nil, nil, 0, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	loadErrs := 0
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			fmt.Fprintln(stderr, e)
			loadErrs++
		}
	})
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		return nil, nil, loadErrs, err
	}
	return graph, pkgs, loadErrs, nil
}

// rootResults are the analysis results of the root packages, by path.
func rootResults(graph *checker.Graph) []*analyzer.Result {
	var results []*analyzer.Result
	for _, act := range graph.Roots {
		if act.Analyzer != analyzer.Analyzer || act.Err != nil {
			continue
		}
		if res, ok := act.Result.(*analyzer.Result); ok && res != nil {
			results = append(results, res)
		}
	}
	sort.Slice(results, func(i, j int) bool { return results[i].Package < results[j].Package })
	return results
}

// printText prints root diagnostics as go vet does: "file:line:col: msg",
// then each Related hop as "file:line:col: \tmsg", with file names
// relative to the working directory. Diagnostics are sorted by position and
// duplicates dropped. It returns the number printed.
func printText(graph *checker.Graph, w io.Writer) int {
	cwd, _ := os.Getwd()
	type entry struct {
		pos  token.Position
		text string
	}
	var es []entry
	seen := map[string]bool{}
	for _, act := range graph.Roots {
		fset := act.Package.Fset
		where := func(p token.Pos) string {
			q := fset.Position(p)
			if rel, err := filepath.Rel(cwd, q.Filename); err == nil && !strings.HasPrefix(rel, "..") {
				q.Filename = rel
			}
			return q.String()
		}
		for _, d := range act.Diagnostics {
			var b strings.Builder
			fmt.Fprintf(&b, "%s: %s\n", where(d.Pos), d.Message)
			for _, r := range d.Related {
				fmt.Fprintf(&b, "%s: \t%s\n", where(r.Pos), r.Message)
			}
			if seen[b.String()] {
				continue
			}
			seen[b.String()] = true
			es = append(es, entry{fset.Position(d.Pos), b.String()})
		}
	}
	sort.Slice(es, func(i, j int) bool {
		a, b := es[i].pos, es[j].pos
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return es[i].text < es[j].text
	})
	for _, e := range es {
		io.WriteString(w, e.text)
	}
	return len(es)
}

func countDiagnostics(graph *checker.Graph) int {
	n := 0
	for _, act := range graph.Roots {
		n += len(act.Diagnostics)
	}
	return n
}

// actionErrors prints analysis errors (other than those of packages that
// failed to type-check, already printed) and returns their count.
func actionErrors(graph *checker.Graph, w io.Writer) int {
	n := 0
	for act := range graph.All() {
		if act.Err == nil || len(act.Package.Errors) > 0 {
			continue
		}
		if strings.Contains(act.Err.Error(), "failed prerequisites") {
			continue
		}
		fmt.Fprintf(w, "jobeffects: %s: %v\n", act.Package.PkgPath, act.Err)
		n++
	}
	return n
}

// startProfiles starts the CPU profile and returns a function that stops it
// and writes the heap profile.
func startProfiles(opts options, stderr io.Writer) func() {
	var cpu *os.File
	if opts.cpuprofile != "" {
		f, err := os.Create(opts.cpuprofile)
		if err == nil && pprof.StartCPUProfile(f) == nil {
			cpu = f
		} else {
			fmt.Fprintf(stderr, "jobeffects: cpuprofile: %v\n", err)
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if opts.memprofile != "" {
			f, err := os.Create(opts.memprofile)
			if err != nil {
				fmt.Fprintf(stderr, "jobeffects: memprofile: %v\n", err)
				return
			}
			runtime.GC()
			pprof.WriteHeapProfile(f)
			f.Close()
		}
	}
}
