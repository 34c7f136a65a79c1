package analyzer

import (
	"flag"
	"fmt"
	"reflect"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/directive"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

const doc = `report job handlers whose side effects repeat when a job is delivered twice

jobeffects finds background-job handlers and message consumers (asynq, River,
Temporal, Watermill, Lambda, Kafka, NATS, SQS, Pub/Sub and others), follows
their calls across packages, classifies every side effect (SQL by
parsing it, library calls by models) and reports, per handler, the
non-idempotent effects that no claim, completion or idempotency key guards.`

// Analyzer is the jobeffects analysis with default options, whose flags
// go vet sets.
var Analyzer = New(Options{})

// New returns the analysis with the given options, as go vet,
// golangci-lint and nogo run it. Its flags (Settings' Vet surface) set the
// options of this analyzer only.
func New(opts Options) *analysis.Analyzer { return WithHooks(opts, Hooks{}) }

// WithHooks returns the analysis with the given options, driven with
// hooks (package runner's, for the command).
func WithHooks(opts Options, hooks Hooks) *analysis.Analyzer {
	o, h := opts, hooks
	var fs flag.FlagSet
	o.Register(&fs, Vet)
	return &analysis.Analyzer{
		Name: "jobeffects",
		Doc:  doc,
		URL:  "https://github.com/jobeffects/jobeffects",
		Run:  func(pass *analysis.Pass) (any, error) { return run(pass, &o, &h) },
		// Run on a package with type errors only to export nothing
		// (runPass), so that its importers are analysed.
		RunDespiteErrors: true,
		Flags:            fs,
		FactTypes: []analysis.Fact{new(summary.Summary), new(constResult), new(forwardsFact), new(fieldForwardsFact), new(returnsFact), new(preparedFact), new(retryFact),
			new(ctorFact), new(implFact), new(handlerFact), new(chanFact), new(receiveFact), new(tableFact), new(sequentialFact)},
		ResultType: reflect.TypeOf((*result.Result)(nil)),
	}
}

// run is the pipeline of one package (runPass), contained to it
// (failure.go), under the driver's Around hook if it has one.
func run(pass *analysis.Pass, opts *Options, hooks *Hooks) (any, error) {
	if hooks.Around == nil {
		return runContained(pass, opts, hooks)
	}
	return hooks.Around(pass, func() (any, error) { return runContained(pass, opts, hooks) })
}

// FileNames are the names of the pass's files.
func FileNames(pass *analysis.Pass) []string {
	var out []string
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil {
			out = append(out, tf.Name())
		}
	}
	return out
}

// runPass analyses one package.
func runPass(pass *analysis.Pass, opts *Options, hooks *Hooks) (any, error) {
	if models.IsStandard(pass.Pkg.Path()) {
		// The standard library is modelled, never analysed: said before
		// the settings are read, which parses the whole catalog (0.15 CPU
		// s). Under go vet every package is a process of its own, and a
		// module's vet runs this for each of the two hundred or so
		// standard packages it imports.
		return &result.Result{Package: pass.Pkg.Path(), Files: FileNames(pass)}, nil
	}
	set, err := loadSettings(pass, opts, hooks)
	if err != nil {
		return nil, err
	}
	res := &result.Result{Package: pass.Pkg.Path(), ModuleRoot: set.root, Files: FileNames(pass)}
	if set.index.Modeled(pass.Pkg) {
		return res, nil // modeled libraries and the standard library are not analysed
	}
	directives := directive.Collect(pass.Fset, pass.Files)
	// A package that does not type-check is analysed for the rest: its
	// ill-typed functions keep no body (illtyped.Strip) and say so as an
	// unknown effect (Env.IllTyped), which their callers, here and in
	// the importers (facts), read; what does not depend on them is
	// analysed as in a package without errors. The driver prints the
	// errors and exits 2. If SSA still cannot be built, the package is
	// not analysed, and its importers read their calls into it as a
	// failed package's (by name, "whose package was not analysed").
	pkg, funcs, ill := buildSSA(pass)
	if pkg == nil {
		return res, nil
	}
	asm := pureAsm(pass, pkg.Prog) // asm.go: assembly that calls nothing
	sums, err := summarise(pass, set, pkg, funcs, asm, ill, directives, hooks.KeepPaths)
	if err != nil {
		return nil, err // a model of the config does not fit its function
	}
	found := discover(pass, set, pkg, funcs)
	if found.err != nil {
		return nil, found.err // a registration of the config does not fit its function
	}
	bodiless := append(slices.Clip(asm), illFuncs(ill)...)
	exportFacts(pass, append(slices.Clip(funcs), bodiless...), sums)
	forcedPanic(pass.Pkg) // failure.go: the tests of a failed package's containment

	var cfgRules []string
	if set.config != nil {
		cfgRules = set.config.Rules
	}
	sel, err := rules.Select(cfgRules, []string{opts.Rules})
	if err != nil {
		return nil, fmt.Errorf("-rules: %v", err)
	}
	res.NoInfer = set.config.NoInfer()
	res.Disabled = sel.Disabled()
	res.ConfigRules = cfgRules
	res.EnqueueDedup, res.Retries, res.Unresolved = found.dedups, found.retries, found.unresolved
	var vres *result.Result // go vet's answer beside the command's (Hooks.PerPackage)
	d := &decision{pass: pass, opts: opts, set: set, sel: sel, pkg: pkg, funcs: funcs, sums: sums, found: found, directives: directives, keepPaths: hooks.KeepPaths}
	switch {
	case !hooks.Whole:
		d.decide(res, true)
	case hooks.PerPackage != nil:
		// Both answers from one pass (a test's, never a user's): go vet's
		// first, which exports the wiring facts (its implFacts are the
		// ones exportImplFacts exports; the command's phases read no
		// other wiring fact), then the command's on its own handlers'
		// results. Both decide from the same summaries and discovery.
		v := *res
		vres = &v
		d.decide(vres, true)
		d.decide(res, false)
	default:
		// The command: the types other packages' constructors return
		// behind an interface, for discovery (Env.ConcreteMethod).
		exportImplFacts(pass, funcs, sums)
		d.decide(res, false)
	}
	local := localSummaries(sums, funcs)
	res.Warnings = set.warnings()
	if hooks.Warnings != nil && writesTables(local) {
		for _, w := range res.Warnings {
			fmt.Fprintf(hooks.Warnings, "jobeffects: warning: %s\n", w)
		}
	}
	if hooks.KeepSummaries {
		res.Summaries = keyedSummaries(pass, sums, append(slices.Clip(funcs), bodiless...))
	}
	emit(pass, res)
	if vres != nil {
		vres.Warnings = res.Warnings
		hooks.PerPackage(pass.Pkg, vres)
	}
	return res, nil
}

// decision is what a package's findings are decided from: the pass's
// summaries and discovery, shared by go vet's answer and the command's.
type decision struct {
	pass       *analysis.Pass
	opts       *Options
	set        *passSettings
	sel        rules.Selection
	pkg        *ssa.Package
	funcs      []*ssa.Function
	sums       *summary.Package
	found      found
	directives *directive.Index
	keepPaths  bool
}

// decide fills res's handlers, diagnostics, claims and prunes. wired:
// go vet's answer, where what this package wires resolves its own
// handlers' calls through fields and, below, its imports' handlers'
// (wiring facts exported); otherwise the command's, which leaves wiring
// and the unresolved rule to the whole-program phase.
func (d *decision) decide(res *result.Result, wired bool) {
	pass, opts, set, sums, funcs, found := d.pass, d.opts, d.set, d.sums, d.funcs, d.found
	ctx := report.ForResult(res, opts.Strict, set.baseline)
	// An interface or func-value call is read by its name only once the
	// whole program failed to resolve it (the command's wholeprogram
	// phase); go vet, which cannot tell, leaves it unknown (unresolved).
	ctx.Deferred = dynamicCall
	res.Diagnostics = ctx.BadDirectives(d.directives)
	var wr *wiredResolver
	if wired {
		wr = &wiredResolver{pass: pass, wire: collectWiring(pass, funcs), dispatch: dispatchCalls(pass, funcs), sums: sums, prog: d.pkg.Prog, ix: set.index}
		exportWiringFacts(pass, funcs, sums)
		if !opts.QuietUnresolved {
			ctx.Unresolved = func(e *effect.Effect) bool { return summary.ViaDynamic(e.Via) && !throughField(e) }
		}
	}
	var pairs []*handlerPair
	for _, h := range found.handlers {
		if wr != nil && len(h.Literal) > 0 && h.Fn != nil {
			if wr.literals == nil {
				wr.literals = map[string]bool{}
			}
			wr.literals[summary.FullName(h.Fn)] = true
		}
	}
	for _, h := range found.handlers {
		hr := handlerResult(pass, h, sums, found.returned)
		if wr != nil {
			wr := wr.literal(pass, h.Literal) // a field forward's literal: its own fields (closurefwd.go)
			if effs, changed := wr.effects(hr.Effects, 0); changed {
				hr.Effects = effect.FoldAll(effs, d.keepPaths)
				hr.Pitfalls = guard.MergePitfalls(hr.Pitfalls, wr.takePitfalls())
			}
			wr.takePitfalls()
		}
		ctx.Handler(hr)
		res.Handlers = append(res.Handlers, hr)
		pairs = append(pairs, &handlerPair{h, hr})
	}
	if wr != nil {
		exportHandlerFacts(pass, pairs)
		// Its imports' handlers: this package's dedups are not theirs.
		wctx := report.ForResult(res, opts.Strict, set.baseline)
		wctx.Deferred, wctx.Dedups = dynamicCall, nil
		if !opts.QuietUnresolved {
			wctx.Unresolved = func(e *effect.Effect) bool { return summary.ViaDynamic(e.Via) }
		}
		res.Diagnostics = append(res.Diagnostics, wr.wiredFindings(wctx, d.keepPaths)...)
	}
	local := localSummaries(sums, funcs)
	res.Claims, res.Prunes = ctx.Lifecycle(local)
	res.Diagnostics = append(res.Diagnostics, ctx.StaleDirectives(d.directives, local)...)
	res.Diagnostics = slices.DeleteFunc(res.Diagnostics, func(dg result.Diagnostic) bool { return !d.sel.Enabled(dg.Rule) })
}

// dynamicCall picks the interface and func-value calls, whose readings
// wait for the whole-program phase.
func dynamicCall(e *effect.Effect) bool { return summary.ViaDynamic(e.Via) }

// emit reports the package's diagnostics through the pass.
func emit(pass *analysis.Pass, res *result.Result) {
	local := report.LocalFiles(pass)
	for i := range res.Diagnostics {
		report.Emit(pass, local, &res.Diagnostics[i])
	}
	for _, h := range res.Handlers {
		for _, f := range h.Findings {
			if f.Diagnostic != nil {
				report.Emit(pass, local, f.Diagnostic)
			}
		}
	}
}

// writesTables reports whether any of the summaries writes to a database
// table: the packages whose effects a migration's triggers can change.
func writesTables(sums []*summary.Summary) bool {
	for _, s := range sums {
		for _, e := range s.Effects {
			if e.Kind == effect.KindDBWrite && e.Target != "" {
				return true
			}
		}
	}
	return false
}

// handlerPair is a discovered handler and its result.
type handlerPair struct {
	h  *discovery.Handler
	hr *result.Handler
}

// found is what discovery found in a package.
type found struct {
	handlers   []*discovery.Handler
	unresolved []result.Registration
	dedups     []result.Dedup
	retries    []result.RetryPolicy
	returned   map[string]*summary.Summary // the summaries of other packages' factories' closures
	err        error                       // a registration of the config that does not fit its function
}

// illFuncs are the ill-typed functions, in source order.
func illFuncs(ill map[*ssa.Function]string) []*ssa.Function {
	out := make([]*ssa.Function, 0, len(ill))
	for fn := range ill {
		out = append(out, fn)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}
