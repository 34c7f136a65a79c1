package wholeprogram

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/illtyped"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/summary"
	"github.com/jobeffects/jobeffects/internal/vta"
)

// Stats says what the resolution did.
type Stats struct {
	Functions int // functions in the VTA slice
	Dynamic   int // dynamic-call effects considered
	Resolved  int // of which resolved to at least one callee
	// Boundaries counts library calls found to have no effect once the
	// whole program resolves the calls their code makes.
	Boundaries int
	Callbacks  int // effects added by library callbacks (gorm) the program registers
	Changed    int // handlers whose effects changed
	Channels   int // effects of workers reached through a channel another package's field holds (chanalias.go)
	Routed     int // HTTP calls followed into a route the program serves
	Invoked    int // calls that run a handler the program registers (Lambda Invoke), followed into it
	// Provided counts the interface calls resolved to what a
	// dependency-injection container's constructors return (provide.go).
	Provided int
	// Released counts the functions whose SSA bodies were emptied before
	// the call graphs because no later step reads them (unreached.go).
	Released int
	// Adapters counts the adapter closures dropped for the handlers
	// registered through their registrars (adapters.go).
	Adapters int
	// Work counts the shape-only handlers dropped as another handler's
	// work (handlerwork.go).
	Work int
	// Failures are the steps that panicked, each with what it involved
	// (contain.go): what they could not decide kept its per-package
	// answer.
	Failures []string
}

// maxDepth bounds how many dynamic hops one resolved path may take. Five:
// a consumer's API, its service, its database, a writer that runs the
// closures it is given on a goroutine of its own, and the table the
// closure calls (dendrite's syncapi consumers reaching roomserver's tables
// through sqlutil.ExclusiveWriter); with four the table's call was left to
// its method's name (InsertEventStateKeyNID: an insert) where its SQL is a
// claim (deepdynfix).
const maxDepth = 5

// Input is what the resolution works on.
type Input struct {
	// Fset is the loaded packages' FileSet (positions in summaries refer to it).
	Fset     *token.FileSet
	Packages []*packages.Package
	// Graph holds the facts of the dependencies' summaries, unless the
	// run kept them in a store: then Summaries lists them.
	Graph     *checker.Graph
	Summaries func(func(*types.Func, *summary.Summary))
	Results   []*result.Result
	Index     *models.Index
	// Report decides a package's findings again once its handlers'
	// effects changed, as the per-package pass did.
	Report func(*result.Result) *report.Context
	// KeepPaths keeps other paths when effects are folded (-show-paths).
	KeepPaths bool
	// Program, if set, is the program NewProgram made of Packages, maybe
	// partly built.
	Program *ssa.Program
	// Release, if set, is called once the program's SSA is built: the
	// packages' type information is then no longer read, and a driver
	// that owns them can free it before the call graphs need the memory.
	Release func()
	// KeepUnreached keeps the SSA bodies of the functions neither the
	// slice the call graphs are computed on nor anything it names
	// reaches; by default they are emptied before the call graphs, which
	// is where a large program's run peaks (unreached.go). A caller that
	// reads the program after Resolve sets it.
	KeepUnreached bool
	// Phase, if set, is told as each step ends (the command's
	// -debug=phases): the SSA of the whole program, the call graphs, the
	// handlers' resolution.
	Phase func(name, what string)
}

// Resolve returns the results with each handler's dynamic-call effects
// replaced by what the whole program says those calls reach, and the
// findings of the packages whose handlers changed decided again. The input
// results are not modified.
func Resolve(in Input) ([]*result.Result, Stats) {
	r := &resolver{fset: in.Fset, ix: in.Index, sums: map[string]*summary.Summary{}}
	phase := in.Phase
	if phase == nil {
		phase = func(string, string) {}
	}
	for _, res := range in.Results {
		for k, s := range res.Summaries {
			r.sums[k] = s
		}
	}
	r.factSummaries(in.Graph)
	if in.Summaries != nil {
		in.Summaries(r.addFactSummary)
	}
	var stats Stats
	// The program-wide steps: a panic in them leaves every handler with
	// its per-package answer (contain.go).
	var (
		pkgs       []*packages.Package
		prog       *ssa.Program
		entries    []*ssa.Function
		roots      []*ssa.Function
		regs       map[string][]registration
		bound      map[string]map[string][]*ssa.Function
		reg        *registry
		handlerFns map[string]*ssa.Function
		fields     map[ssavalue.FieldKey][]ssavalue.DispatchEntry
		known      map[string]bool
		workOf     map[string]bool
	)
	var buildFailure string // a package's SSA build panicked (contain.go)
	failure := r.contain(func() {
		r.at("the program's SSA", nil)
		pkgs = production(in.Packages)
		prog = in.Program
		if prog == nil {
			prog = NewProgram(in.Fset, in.Packages, r.ix)
		}
		r.modules(in.Packages, pkgs)
		if buildFailure = buildAll(prog); buildFailure != "" {
			return
		}
		if in.Release != nil {
			in.Release()
		}
		phase("whole: SSA built", "")
		entries = r.entries(prog, pkgs, in.Results)
		if len(entries) == 0 {
			return
		}
		r.handlerFns = map[*ssa.Function]bool{}
		for _, fn := range entries {
			r.handlerFns[fn] = true
		}
		// VTA learns what flows into an interface or func value from the
		// stores that put it there, which are typically in main (wiring
		// dependencies); the root packages' functions join the slice for that.
		roots = r.rootFunctions(prog, pkgs)
		r.roots = roots
		r.routes = routeTable(roots, r.ix)
		r.grpc = grpcServices(roots)
		entries = append(entries, roots...)
		regs = r.registrations(roots)
		for _, chain := range slices.Sorted(maps.Keys(regs)) {
			for _, g := range regs[chain] {
				entries = append(entries, g.fns...)
			}
		}
		r.at("the call graph (CHA)", nil)
		chaGraph, slice, all := r.chaSlice(prog, entries)
		r.at("the values registrations bind", nil)
		bound = r.boundCallees(prog, all, chaGraph, in.Results) // bound.go: before the bodies are released
		stats.Functions = len(slice)
		provided := r.providedTypes(all, pkgs) // provide.go: before the bodies are released
		if !in.KeepUnreached {
			stats.Released = releaseUnreached(all, slice)
		}
		r.at("the call graph (VTA)", func() string {
			if bad := mismatchedCalls(slice, chaGraph); len(bad) > 0 {
				return bad[0]
			}
			return ""
		})
		cg := vta.CallGraph(slice, chaGraph)
		r.at("the call graph's indexes", nil)
		r.cg, r.cha, r.sliceFns = cg, chaGraph, slice
		r.index(cg)
		stats.Provided = r.provideCallees(prog, provided, slice)
		r.localDispatch(prog, pkgs)
		r.indexNames(slice)
		r.indexInvokes(slice)
		r.indexInvokeSites(slice)
		r.prog = prog
		phase("whole: call graphs", strconv.Itoa(len(slice))+" functions, "+strconv.Itoa(stats.Released)+" other bodies released")
		reg = newRegistry(prog, roots, r.ix)
		handlerFns = map[string]*ssa.Function{}
		for _, fn := range entries {
			handlerFns[summary.Key(r.fset, fn)] = fn
		}
		r.invoked, r.invokedRegs = invokedHandlers(in.Results, handlerFns), regs
		r.at("the handlers other handlers run", nil)
		workOf = r.handlersWork(in.Results, handlerFns)
		r.at("the shape-only handlers nothing runs", nil)
		for k := range r.deadShapeHandlers(in.Results, handlerFns) {
			if workOf == nil {
				workOf = map[string]bool{}
			}
			workOf[k] = true // dropped, as another handler's work is (deadshape.go)
		}
		fields = ssavalue.DispatchFields(sortedFuncs(slice))
		known = map[string]bool{}
		for _, res := range in.Results {
			for _, h := range res.Handlers {
				known[h.Pos+"|"+h.Name+"|"+h.Task] = true
			}
		}
	})
	if failure == "" {
		failure = buildFailure
	}
	if failure != "" {
		stats.Failures = append(stats.Failures, failure)
		return in.Results, stats
	}
	if len(entries) == 0 {
		return in.Results, stats
	}
	through := throughAdapters(in.Results) // adapters.go
	out := make([]*result.Result, 0, len(in.Results))
	for _, res := range in.Results {
		var handlers []*result.Handler
		changedAny := false
		for _, h := range res.Handlers {
			if replacedAdapter(h, through) {
				// The handlers registered through it are listed.
				stats.Adapters++
				changedAny = true
				continue
			}
			if workOf[h.Pos+"|"+h.Name] {
				// Another handler runs it: its effects are that one's.
				stats.Work++
				changedAny = true
				continue
			}
			// A panic while this handler is resolved leaves it with its
			// per-package answer (contain.go).
			var (
				effs    []effect.Effect
				pits    []guard.Pitfall
				changed bool
				spawned []*result.Handler
			)
			failure := r.contain(func() {
				r.at("resolving handler "+h.FullName, func() string { return h.Pos })
				r.override = r.instanceCallees(h, instMethod(prog, h), handlerFns[h.Pos+"|"+h.Name])
				if o := bound[h.Registered+"|"+h.FullName]; h.PerRegistration && len(o) > 0 {
					// The values this registration binds (bound.go).
					if r.override == nil {
						r.override = map[string][]*ssa.Function{}
					}
					for site, fns := range o {
						r.override[site] = fns
					}
				}
				effs, pits, changed = r.handlerEffects(h, handlerFns[h.Pos+"|"+h.Name], regs, &stats)
				r.override = nil
				// The readings the per-package pass left to this phase (of
				// the dynamic calls it could not resolve) are applied when
				// the handler is decided again.
				changed = changed || unreadDynamic(effs)
				spawned = r.registryHandlers(h, effs, reg)
				if fn := handlerFns[h.Pos+"|"+h.Name]; fn != nil && len(fields) > 0 {
					spawned = append(spawned, r.dispatchHandlers(h, fn, fields, known, regs, &stats)...)
				}
			})
			if failure != "" {
				stats.Failures = append(stats.Failures, failure)
				handlers = append(handlers, h)
				continue
			}
			if !changed && len(spawned) == 0 {
				handlers = append(handlers, h)
				continue
			}
			stats.Changed++
			changedAny = true
			c := *h
			c.Effects = effect.FoldAll(effs, in.KeepPaths)
			c.Pitfalls = guard.MergePitfalls(h.Pitfalls, pits)
			handlers = append(handlers, &c)
			handlers = append(handlers, spawned...)
		}
		if !changedAny {
			out = append(out, res)
			continue
		}
		// Decide every handler's findings again, in order, as the
		// per-package pass did: a pitfall is reported once per package.
		nr := *res
		nr.Handlers = nil
		ctx := in.Report(&nr)
		for _, h := range handlers {
			c := *h
			ctx.Handler(&c)
			nr.Handlers = append(nr.Handlers, &c)
		}
		out = append(out, &nr)
	}
	phase("whole: handlers", strconv.Itoa(stats.Changed)+" changed")
	return out, stats
}

// unreadDynamic reports whether an effect is an interface or func-value
// call with a reading not applied yet.
func unreadDynamic(effs []effect.Effect) bool {
	for i := range effs {
		if e := &effs[i]; e.Kind == effect.KindDynamic && e.Reading != nil && e.Reading.Was == nil && summary.ViaDynamic(e.Via) {
			return true
		}
	}
	return false
}

// production leaves out the test variants of packages (p [p.test],
// p_test, p.test) and the packages only tests import (testsupport.go):
// what a test stores into an interface or a func value (a fake, a hook)
// must not resolve the production handlers' calls. Handlers defined in
// _test.go files keep their per-package answers.
func production(pkgs []*packages.Package) []*packages.Package {
	support := testSupport(pkgs)
	var out []*packages.Package
	for _, p := range pkgs {
		if testVariant(p) || support[p.PkgPath] {
			continue
		}
		out = append(out, p)
	}
	return out
}

// handlerEffects are a handler's effects with registered callbacks joined
// and dynamic calls resolved; changed reports whether anything was.
// fn, if known, is the handler's function: what it sends on a channel
// that another package's field holds too is handled there (chanalias.go).
func (r *resolver) handlerEffects(h *result.Handler, fn *ssa.Function, regs map[string][]registration, stats *Stats) (out []effect.Effect, pits []guard.Pitfall, changed bool) {
	var effs []effect.Effect
	// The effects as the analysis decided them: the readings the
	// per-package pass applied wait until the calls they read are known
	// not to resolve (the report phase applies them again).
	for _, e := range effect.RawAll(h.Effects) {
		effs = append(effs, e)
		if len(e.Runs) > 0 && len(regs) > 0 {
			if cb := r.callbackEffects(e, regs); len(cb) > 0 {
				stats.Callbacks += len(cb)
				changed = true
				effs = append(effs, cb...)
			}
		}
	}
	if ch := r.aliasedChannelEffects(fn); len(ch) > 0 {
		stats.Channels += len(ch)
		changed = true
		effs = append(effs, ch...)
	}
	if o, dropped := r.nilFieldTests(fn, effs); dropped {
		// Under a nil test of a field nothing sets (nilfields.go).
		effs, changed = o, true
	}
	if o, dropped := r.unfilledLookups(effs); dropped {
		// After a lookup in a map nothing fills (unfilledmaps.go).
		effs, changed = o, true
	}
	prevFollowed, prevCut := r.followed, r.cut
	r.followed, r.cut = map[string]bool{}, map[string]bool{}
	defer func() { r.followed, r.cut = prevFollowed, prevCut }()
	for _, e := range effs {
		if e.Kind != effect.KindDynamic {
			out = append(out, e)
			continue
		}
		stats.Dynamic++
		resolved := r.resolve(e, 0, map[string]bool{}, &pits)
		if resolved == nil && r.neverSet(e) {
			// A func-typed field nothing sets: the call never runs a
			// function (neverset.go).
			resolved = []effect.Effect{}
		}
		if resolved == nil && r.boundaryInert(e) {
			// A library call whose code the whole program resolves and
			// finds without effect (boundary.go).
			stats.Boundaries++
			resolved = []effect.Effect{}
		}
		if resolved == nil && r.foldedInert(e) {
			// A dependency's folded unresolved calls whose library
			// function the whole program resolves and finds without
			// effect (foldedcalls.go).
			stats.Boundaries++
			resolved = []effect.Effect{}
		}
		if resolved == nil {
			out = append(out, e)
			continue
		}
		stats.Resolved++
		changed = true
		out = append(out, resolved...)
	}
	if o, dropped := r.nilFieldTests(fn, out); dropped {
		// The resolved callees' effects under such a test.
		out, changed = o, true
	}
	if o, dropped := r.unfilledLookups(out); dropped {
		out, changed = o, true
	}
	if o, decided := r.loadedKeys(out); decided {
		// Under a test of a loaded row's key against zero (loadedkey.go).
		out, changed = o, true
	}
	out = r.dropFollowedCuts(out)
	if len(r.routes) > 0 || len(r.invoked) > 0 {
		var routed []effect.Effect
		for _, e := range out {
			if rs := r.throughRoute(e); rs != nil {
				stats.Routed++
				changed = true
				routed = append(routed, rs...)
				continue
			}
			if rs := r.throughInvoke(e); rs != nil {
				// A function the call runs (invoked.go).
				stats.Invoked++
				changed = true
				routed = append(routed, rs...)
				continue
			}
			routed = append(routed, e)
		}
		out = routed
	}
	if o, dropped := r.afterPanic(out); dropped {
		// What runs only after a call through an interface nothing
		// implements: it panics first (nilcall.go).
		out, changed = o, true
	}
	if r.savedRows(out) {
		// Saves of rows the resolved interface calls return loaded
		// (savedrow.go).
		changed = true
	}
	if changed {
		// Keys the resolved calls left to the handler's parameters: the
		// job's (guard/jobkey.go).
		guard.JobDupKeys(fn, out)
		// Claims whose helpers the calls just resolved (claims.go), what
		// runs only after a create they resolved (afterdup.go), then
		// check-then-act behind them (checkact.go).
		pits = r.helperClaims(out, pits)
		pits = append(pits, r.afterDupFailures(out)...)
		cta, other := r.checkThenAct(out)
		pits = append(pits, cta...)
		out = append(out, other...)
	}
	return out, pits, changed
}

type resolver struct {
	// step and involving say what the phase is doing, for the failure a
	// panic in it is reported as (contain.go).
	step      string
	involving func() string
	// followed and cut, while one handler's effects are resolved
	// (handlerEffects), are the dynamic call sites resolve followed to
	// their callees, and those it left unresolved at the bound on
	// dynamic hops (maxDepth): dropFollowedCuts.
	followed, cut map[string]bool
	routes        []route                                 // the HTTP routes the program serves
	invoked       map[string][]invokedHandler             // the program's handlers by framework, for calls that run one (invoked.go)
	invokedRegs   map[string][]registration               // the callbacks registered, for resolving those handlers (invoked.go)
	invokedMemo   map[*result.Handler]*invokedEffects     // their effects once resolved, nil entry while resolving (invoked.go)
	grpc          map[string]*grpcService                 // the gRPC services it registers (grpc.go)
	bySite        map[ssa.CallInstruction][]*ssa.Function // dynamic call site → callees
	invokes       map[string]*types.Func                  // interface call site position → the method
	fset          *token.FileSet
	ix            *models.Index
	sums          map[string]*summary.Summary               // by analyzer.SummaryKey
	callees       map[string][]*ssa.Function                // dynamic call site position → callees
	queued        map[string]bool                           // sites calling a function value received from a channel
	sites         map[string][]ssa.CallInstruction          // dynamic call site position → its instructions (callbackargs.go)
	roots         []*ssa.Function                           // the root packages' functions
	fieldStores   ssavalue.FieldIndex                       // func values the roots store in struct fields, by field (callbackargs.go)
	inertCbs      map[*ssa.Function]bool                    // callbacks without a summary that reach no effect (callbackargs.go)
	madeIn        map[*ssa.Function]*ssa.MakeClosure        // an anonymous function's only closure (forwardcb.go)
	callerFuncs   map[callerKey][]*ssa.Function             // what every call of a function passes as a parameter (forwardcb.go)
	rootPkgs      map[string]bool                           // the roots' import paths (neverset.go)
	funcFields    map[string]bool                           // func-typed fields the roots set to a function (neverset.go)
	byName        map[string][]*ssa.Function                // the slice's functions by summary.SSAName
	cg            *callgraph.Graph                          // the VTA call graph of the slice
	cha           *callgraph.Graph                          // the class-hierarchy call graph VTA started from (boundary.go)
	sliceFns      map[*ssa.Function]bool                    // the slice
	static        map[string][]ssa.CallInstruction          // static calls by position (boundary.go)
	allCalls      map[string][]ssa.CallInstruction          // every call of the slice by position (foldedcalls.go)
	foldedMemo    map[*ssa.Function]bool                    // library entries decided for folded calls (foldedcalls.go)
	closures      map[string][]ssa.CallInstruction          // anonymous functions' call sites by position (checkact.go)
	passes        map[*ssa.Function]map[string][]effect.Hop // what a function's effects pass through (otherpaths.go)
	callsIn       map[*ssa.Function][]fnCall                // a function's calls and their callees (otherpaths.go)
	override      map[string][]*ssa.Function                // the handler being resolved: callees by position in its instantiation
	modOf         map[string]string                         // package path → its module's path ("" unknown)
	rootMods      map[string]bool                           // the root packages' modules
	alias         *chanAlias                                // channel fields aliased across packages (chanalias.go)
	rootSet       map[*ssa.Function]bool                    // roots, as a set (chanalias.go)
	// dispatchKeys are, at a call through a dispatch map its package
	// fills whole, the keys each entry is stored under (dispatch.go).
	dispatchKeys map[string]map[*ssa.Function][]string
	// dispatchKeyed are, at such a call, the entries that run there only
	// where their argument is their key (ssavalue.KeyedBy).
	dispatchKeyed map[string]map[*ssa.Function]ssavalue.DispatchTarget
	// globalConsts are the package-level variables read as constants
	// (constglobals.go).
	globalConsts map[string]string
	prog         *ssa.Program                     // the whole program (nilcall.go)
	invokeSites  map[string][]ssa.CallInstruction // interface calls by position, callees or not (nilcall.go)
	unimpl       map[string]bool                  // interfaces ("pkg.Name") nothing implements (nilcall.go)
	nilFacts     *fieldFacts                      // what the slice sets of the roots' struct fields (nilfields.go)
	mapFacts     *mapFacts                        // which of the roots' map fields the slice may fill (unfilledmaps.go)
	handlerFns   map[*ssa.Function]bool           // the handlers' functions: the framework calls them (unfilledmaps.go)
}

// factSummaries adds the summaries of declared functions of packages that
// are not roots (dependencies), which only exist as facts.
func (r *resolver) factSummaries(graph *checker.Graph) {
	if graph == nil {
		return
	}
	for act := range graph.All() {
		if act.Err != nil {
			continue
		}
		for _, f := range act.AllObjectFacts() {
			s, ok := f.Fact.(*summary.Summary)
			fn, isFn := f.Object.(*types.Func)
			if ok && isFn {
				r.addFactSummary(fn, s)
			}
		}
	}
}

// addFactSummary adds a dependency's summary of fn, unless a root's result
// already has it.
func (r *resolver) addFactSummary(fn *types.Func, s *summary.Summary) {
	key := summary.PosString(r.fset, fn.Pos()) + "|" + summary.FuncName(fn)
	if _, seen := r.sums[key]; !seen {
		r.sums[key] = s
	}
}

// onlyTypeErrors reports whether a package loaded, parsed and has types
// whose only errors are type errors.
func onlyTypeErrors(p *packages.Package) bool {
	if p.TypesInfo == nil || len(p.TypeErrors) == 0 {
		return false
	}
	for _, e := range p.Errors {
		if e.Kind != packages.TypeError {
			return false
		}
	}
	return true
}

// buildable reports whether SSA can be built from a package's stripped
// syntax: it is tried in a program of its own (its imports from types),
// since a builder's panic would leave the whole program half built.
func buildable(fset *token.FileSet, pkg *types.Package, src *illtyped.Package) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	prog := ssa.NewProgram(fset, ssa.InstantiateGenerics)
	seen := map[*types.Package]bool{pkg: true}
	var visit func(*types.Package)
	visit = func(t *types.Package) {
		for _, i := range t.Imports() {
			if !seen[i] {
				seen[i] = true
				prog.CreatePackage(i, nil, nil, true)
				visit(i)
			}
		}
	}
	visit(pkg)
	prog.CreatePackage(pkg, src.Files, src.Info, true).Build()
	return true
}

// entries are the handlers' SSA functions in the whole program. They are
// looked for in the packages of the handlers' files: listing every
// package's functions creates the method-set wrappers of every type in
// the program (a tenth of the heap on a large one). A handler not found
// there (a file the load names otherwise) is looked for everywhere.
func (r *resolver) entries(prog *ssa.Program, pkgs []*packages.Package, results []*result.Result) []*ssa.Function {
	want := map[string]bool{}
	files := map[string]bool{}
	for _, res := range results {
		for _, h := range res.Handlers {
			want[h.Pos+"|"+h.Name] = true
			files[posFile(h.Pos)] = true
		}
	}
	var in []*ssa.Package
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types == nil {
			return
		}
		sp := prog.Package(p.Types)
		if sp == nil {
			return
		}
		for _, f := range append(append([]string(nil), p.GoFiles...), p.CompiledGoFiles...) {
			if files[f] {
				in = append(in, sp)
				return
			}
		}
	})
	found := map[string]bool{}
	var out []*ssa.Function
	add := func(fns map[*ssa.Function]bool) {
		for fn := range fns {
			if fn.Blocks == nil {
				continue
			}
			if k := summary.Key(r.fset, fn); want[k] && !found[k] {
				found[k] = true
				out = append(out, fn)
			}
		}
	}
	for _, sp := range in {
		add(functionsOf(prog, sp))
	}
	if len(found) < len(want) {
		add(allFunctions(prog))
	}
	for _, res := range results {
		for _, h := range res.Handlers {
			if fn := instMethod(prog, h); fn != nil && fn.Blocks != nil && !slices.Contains(out, fn) {
				out = append(out, fn)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
}

// sortedFuncs lists a set of functions in a stable order.
func sortedFuncs(set map[*ssa.Function]bool) []*ssa.Function {
	out := make([]*ssa.Function, 0, len(set))
	for fn := range set {
		out = append(out, fn)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pos() != out[j].Pos() {
			return out[i].Pos() < out[j].Pos()
		}
		return out[i].String() < out[j].String()
	})
	return out
}

// posFile is the file of a "file:line:col" position.
func posFile(pos string) string {
	for range 2 {
		if i := strings.LastIndexByte(pos, ':'); i >= 0 {
			pos = pos[:i]
		}
	}
	return pos
}

// rootFunctions are the functions of the packages the user asked for.
func (r *resolver) rootFunctions(prog *ssa.Program, pkgs []*packages.Package) []*ssa.Function {
	var out []*ssa.Function
	for _, p := range pkgs {
		if p.Types == nil {
			continue
		}
		sp := prog.Package(p.Types)
		if sp == nil || r.ix.Modeled(p.Types) {
			continue
		}
		for fn := range functionsOf(prog, sp) {
			if fn.Blocks != nil {
				out = append(out, fn)
			}
		}
	}
	sortByName(out)
	return out
}

// functionsOf lists a package's functions, methods and closures.
func functionsOf(prog *ssa.Program, p *ssa.Package) map[*ssa.Function]bool {
	seen := map[*ssa.Function]bool{}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	for _, m := range p.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if fn := prog.MethodValue(ms.At(i)); fn != nil && fn.Pkg == p {
						add(fn)
					}
				}
			}
		}
	}
	return seen
}

func allFunctions(prog *ssa.Program) map[*ssa.Function]bool {
	all := map[*ssa.Function]bool{}
	for _, p := range prog.AllPackages() {
		for fn := range functionsOf(prog, p) {
			all[fn] = true
		}
	}
	return all
}

func (r *resolver) modeled(fn *ssa.Function) bool {
	if fn.Pkg != nil {
		return r.ix.Modeled(fn.Pkg.Pkg)
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
		return r.ix.Modeled(obj.Pkg())
	}
	return false
}

// index maps each dynamic call site's position to the functions VTA says
// it reaches.
func (r *resolver) index(cg *callgraph.Graph) {
	r.callees = map[string][]*ssa.Function{}
	r.queued = map[string]bool{}
	r.bySite = map[ssa.CallInstruction][]*ssa.Function{}
	r.sites = map[string][]ssa.CallInstruction{}
	for _, node := range cg.Nodes {
		for _, e := range node.Out {
			if e.Site == nil || e.Callee.Func == nil || e.Site.Common().StaticCallee() != nil {
				continue
			}
			if !e.Site.Pos().IsValid() {
				// Synthetic code: found by its instruction.
				r.bySite[e.Site] = append(r.bySite[e.Site], e.Callee.Func)
				continue
			}
			pos := summary.PosString(r.fset, e.Site.Pos())
			if r.bySite[e.Site] == nil {
				r.sites[pos] = append(r.sites[pos], e.Site)
			}
			r.bySite[e.Site] = append(r.bySite[e.Site], e.Callee.Func)
			r.callees[pos] = append(r.callees[pos], e.Callee.Func)
			if c := e.Site.Common(); !c.IsInvoke() && fromChannel(c.Value) {
				r.queued[pos] = true
			}
		}
	}
	for pos, fns := range r.callees {
		sortByName(fns)
		out := fns[:0]
		for i, f := range fns {
			if i == 0 || f != fns[i-1] {
				out = append(out, f)
			}
		}
		r.callees[pos] = out
	}
}

// throughThunks replaces the interface-method thunks among callees (a
// method value or expression of an interface type, such as PDU.EventID
// passed as a function) by what the call in the thunk reaches.
func (r *resolver) throughThunks(callees []*ssa.Function) []*ssa.Function {
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	var add func(fn *ssa.Function, depth int)
	add = func(fn *ssa.Function, depth int) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || depth > 2 || !isInterfaceMethod(obj) {
			out = append(out, fn)
			return
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok && ci.Common().IsInvoke() {
					for _, g := range r.bySite[ci] {
						add(g, depth+1)
					}
				}
			}
		}
	}
	for _, fn := range callees {
		add(fn, 0)
	}
	return out
}

func isInterfaceMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && types.IsInterface(sig.Recv().Type())
}

// resolve returns the effects a dynamic-call effect stands for, or nil
// when the whole program does not resolve it either.
func (r *resolver) resolve(e effect.Effect, depth int, seen map[string]bool, pits *[]guard.Pitfall) []effect.Effect {
	site := e.Evidence()
	if depth >= maxDepth && r.cut != nil && !seen[site] && !e.Folded {
		r.cut[site] = true
	}
	if depth >= maxDepth || seen[site] || e.Folded {
		return nil
	}
	callees := r.callees[site]
	if o, ok := r.override[site]; ok {
		callees = o // the handler's instantiation of a generic method
	}
	if len(callees) == 0 {
		// reflect.ValueOf(x).MethodByName("M").Call(args): x's method M
		// (reflectcall.go). Its arguments are a []reflect.Value, not
		// the method's parameters: nothing of e's call is read as them.
		if callees = r.reflectCallees(e); len(callees) > 0 {
			e = reflectiveCall(e)
		}
	}
	if len(callees) == 0 {
		return nil
	}
	seen[site] = true
	defer delete(seen, site)
	if r.followed != nil {
		r.followed[site] = true
	}
	if r.queued[site] {
		callees = r.supplied(e, callees) // queue.go
	}
	var out []effect.Effect
	// The effects each callee adds run only after the caller's claim
	// when e runs behind one (claimgate.go); decided once the callee's
	// are all in, whichever way the loop below goes on.
	gated, method := 0, false
	gate := func() {
		for g := e.ClaimGate; g != nil && gated < len(out); gated++ {
			if p := gateClaim(&out[gated], &e, g, method); p != nil {
				*pits = append(*pits, *p)
			}
		}
		gated = len(out)
	}
	for _, fn := range r.throughThunks(callees) {
		gate()
		fn = ssavalue.Declared(fn)
		method = isMethod(fn)
		last := e.Path[len(e.Path)-1]
		hop := effect.Hop{Pos: last.Pos, Func: last.Func + " " + effect.DynamicHopTo(summary.SSAName(fn), r.dispatchKeys[site][fn]), ErrOut: last.ErrOut, ErrDropped: last.ErrDropped, DupTaken: last.DupTaken, AckWithheld: last.AckWithheld, AckAfter: last.AckAfter, DoneChecks: last.DoneChecks, FailsLast: last.FailsLast}
		if impl, via := r.grpcImpl(fn); impl != nil {
			// A gRPC client stub of a service this program serves: the
			// implementation's method runs (grpc.go).
			hop.Func += " " + via
			fn = impl
		}
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
			m := r.ix.Lookup(obj)
			if m != nil && m.Kind != "" {
				risk, _ := effect.ParseRisk(m.Risk)
				me := effect.Effect{Kind: m.Kind, Op: m.Op, Target: m.Target, Risk: risk, Detail: m.Detail,
					Path: append(append([]effect.Hop(nil), e.Path[:len(e.Path)-1]...), hop), Exec: effect.NoExec, By: m.By(),
					DupFails: m.FailsOnDuplicate, RepeatFails: m.FailsOnRepeat}
				if me.Target == "" {
					me.Target = summary.ReceiverTable(m, obj)
				}
				if e.Guard != nil && e.Guard.AfterDupFail {
					me.Guard = e.Guard
				}
				// The arguments the call passes, read as a static call's
				// are (an object key from the clock: a new object).
				summary.ModelThrough(&e, m, obj, &me)
				if p := summary.ModelKeyThrough(&e, m, obj, &me); p != nil {
					*pits = append(*pits, keyUnderClaim(&me, &e, method, *p)...)
				}
				if p := summary.ArgsKeyOf(&e, &me, r.ix.UniqueBatchFunc(m.Func)); p != nil {
					*pits = append(*pits, *p)
				}
				out = append(out, me)
				continue
			}
			if r.ix.Modeled(obj.Pkg()) || (m != nil && (m.None || m.Ack || m.Receive != "")) {
				// A library method without effect: in a modeled package, or
				// modeled as an ack, a receive or none by itself (gocloud's
				// Message.Ack behind the application's QueueMessage
				// interface), as the per-package pass reads a static call.
				continue
			}
		}
		s := r.sums[summary.Key(r.fset, fn)]
		if s == nil {
			u := e
			u.Detail = strings.TrimSuffix(e.Detail, ".") + "; it reaches " + summary.SSAName(fn) + ", whose summary is not available"
			out = append(out, u)
			continue
		}
		prefix := append(append([]effect.Hop(nil), e.Path[:len(e.Path)-1]...), hop)
		// A compare-and-set keyed by what the call passes (keycols.go).
		keyed := summary.ResolvePitfallKeys(&e, s.Pitfalls, isMethod(fn))
		if e.DupStopped {
			*pits = append(*pits, guard.DropDuplicateAsError(keyed)...)
		} else {
			*pits = append(*pits, keyed...)
		}
		all := s
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil && r.crossesModule(site, fn) {
			// Into another module's code: what it cannot resolve is one
			// effect named at the boundary, as the per-package pass folds
			// a static call there (summary.FoldAtBoundary).
			kept, folded := summary.FoldAtBoundary(s, obj)
			if folded != nil && r.reachesNoOtherEffect(fn) {
				// The implementation's code, followed over the whole
				// program, only touches the process's own memory (an
				// in-memory store: a map under a mutex): no effect,
				// decided by the code rather than read from its name
				// (boundary.go).
				folded = nil
				c := *s
				c.Effects = kept
				s = &c
			}
			if folded != nil {
				// The folded effect stands for the callee as a whole: its
				// failure is the callee's error result, as the per-package
				// pass's fold at a static call is that call's (a caller
				// that takes "already exists" as success sees it).
				folded.Path = append(append([]effect.Hop(nil), prefix...), effect.Hop{Pos: site, Func: summary.SSAName(fn), ErrOut: returnsError(fn)})
				out = append(out, *folded)
				c := *s
				c.Effects = kept
				s = &c
			}
		}
		s = r.withoutResolvedFields(e, fn, s)
		if t, ok := r.dispatchKeyed[site][fn]; ok {
			// A dispatch entry: what runs under its key only.
			c := *s
			c.Effects = effect.UnderKey(s.Effects, t.KeyArg, t.KeyPath, t.Keys[0])
			s = &c
		}
		s = argsDecide(s, &e, r.constGlobals())
		out = append(out, r.inline(e, prefix, s, isMethod(fn), false, depth, seen, pits)...)
		// The callbacks the implementation calls (a store's
		// WithTransaction(ctx, fn) running fn): the functions the call
		// site hands it (callbackargs.go).
		out = append(out, r.argCallbackEffects(e, fn, all, prefix, depth, seen, pits)...)
	}
	gate()
	if out == nil {
		// Every target is a library method without effect.
		return []effect.Effect{}
	}
	if g := e.HookGate; g != nil && r.hookGated(g) {
		// A hook factory's closure run only after the caller's claim
		// (hookgate.go).
		for i := range out {
			gateHook(&out[i], &e, g)
		}
	}
	return out
}

// inline returns a resolved callee's effects as the dynamic call's, behind
// the path prefix to the callee, its own dynamic calls resolved in turn.
// method: the callee is a method called on the dynamic call's receiver;
// callback: it is a callback the callee runs, not the callee.
func (r *resolver) inline(e effect.Effect, prefix []effect.Hop, s *summary.Summary, method, callback bool, depth int, seen map[string]bool, pits *[]guard.Pitfall) []effect.Effect {
	var out []effect.Effect
	for _, ce := range s.Effects {
		ne := ce
		ne.Path = append(append([]effect.Hop(nil), prefix...), ce.Path...)
		ne.Exec = effect.NoExec
		if !callback {
			// A failure after the call, in the functions that reach it,
			// follows the callee's effects too (guard/release.go).
			ne.FailsLater = ne.FailsLater || e.FailsLater
			// The handle the effect runs on, as the callee's parameter
			// at this call (claims.go); an inner dynamic call's keeps
			// its own.
			if ne.ResolvedExec == nil {
				ne.ResolvedExec = &effect.ResolvedExec{Pos: e.Evidence(), Param: ce.Exec}
			}
		}
		if cr := s.ClaimReturn; cr != nil && !callback && ne.Op == effect.OpClaim && ne.Guard == nil && ne.Issue == "" && ne.HelperClaim == nil {
			// A claim helper behind the dynamic call: its caller's test
			// of the call's results decides (claims.go).
			ne.HelperClaim = &effect.HelperClaim{Pos: e.Evidence(), Index: cr.Index, Kind: cr.Kind, ErrNilOnDup: cr.ErrNilOnDup, Decided: cr.Decided}
		}
		if ne.Found != nil && ne.Found.Pos == "" && !callback {
			// The callee's result that says whether its read found rows
			// is the dynamic call's (checkact.go hands it further up).
			f := *ne.Found
			f.Pos = e.Evidence()
			ne.Found = &f
		}
		summary.ResolveDupKey(&e, &ne, method && !callback)
		summary.ResolveObjectKey(&e, &ne, method && !callback)
		summary.ResolveKeyParams(&e, &ne, method && !callback)
		summary.ResolveKeyCols(&e, &ne, method && !callback) // keycols.go
		if p := summary.ResolveArgsKey(&e, &ne, method && !callback); p != nil {
			*pits = append(*pits, *p)
		}
		if p := summary.ResolveKey(&e, &ne, method && !callback); p != nil {
			*pits = append(*pits, *p)
		}
		if p := summary.ResolveGuardKey(&e, &ne, method && !callback); p != nil {
			*pits = append(*pits, *p)
		}
		if p := summary.ApplyMessageKey(&e, &ne, *pits); p != nil {
			*pits = append(*pits, *p)
		}
		if ne.Guard == nil && ne.Issue == "" && ne.DupTakenAsSuccess() {
			ne.Guard = guard.DupTakenAsSuccess(&ne)
		}
		guard.DupTested(&ne) // an insert whose duplicate a caller on the path takes as success
		if g := effect.TxGuardFor(&e, &ce, ce.Exec == 0 && method); g != nil {
			// A write on the receiver of a call made on a handle in
			// a completed transaction commits with the completion.
			ne.Guard = g
		}
		if e.Guard != nil && e.Guard.AfterDupFail && ne.Guard == nil && ne.Issue == "" {
			ne.Guard = e.Guard // the call runs only after a create that a duplicate fails
		}
		if ne.Kind == effect.KindDynamic && ne.TxGuard == nil && ce.Exec == 0 && method {
			ne.TxGuard = e.TxGuard // the receiver's own interface calls run on it too
		}
		if e.ChangedFrom != "" && !callback {
			// The caller passes a value changed from one it read: the
			// implementation's sets are increments there.
			ne.ReadModifyWrite(e.ChangedFrom)
		}
		if method && !callback && ne.SavedRowArg > 0 {
			// A Save of the row the call passes (savedrow.go).
			summary.ResolveSavedRowArg(&e, &ne)
		}
		if method {
			// The implementation's request method, URL and body are
			// arguments, or fields of one, that the interface call gives
			// (client.Send(ctx, &Request{Method: "POST", URL: u, Body: b})).
			summary.ResolveRequestArgs(&e, &ne)
			if sql, ok := summary.ResolveCallSQL(&e, &ne); ok {
				// The SQL the interface call passes, run by the
				// implementation (callsql.go).
				out = append(out, sql...)
				continue
			}
		}
		if ne.Kind == effect.KindMemory && ne.Holder > 0 && !strings.HasPrefix(e.Via, "field ") {
			// A write the implementation makes to its receiver lasts
			// when the receiver is wired into a field (a store, a
			// server); one reached through a value the delivery
			// computes (a repository made per job) is not known to.
			ne.HolderKept = false
		}
		if ne.Kind == effect.KindDynamic {
			if more := r.resolve(ne, depth+1, seen, pits); more != nil {
				for i := range more {
					// A business key the inner call left to a parameter
					// of this implementation: what e passes there.
					summary.UpDupKey(&e, &more[i], method && !callback)
				}
				out = append(out, more...)
				continue
			}
			if r.boundaryInert(ne) {
				continue
			}
		}
		out = append(out, ne)
	}
	return out
}

// modules records the module of every loaded package and the root
// packages' modules (the code under analysis).
func (r *resolver) modules(all, roots []*packages.Package) {
	r.modOf = map[string]string{}
	r.rootMods = map[string]bool{}
	packages.Visit(all, nil, func(p *packages.Package) {
		if p.Module != nil {
			r.modOf[p.PkgPath] = p.Module.Path
		}
	})
	for _, p := range roots {
		r.rootMods[r.moduleOf(p.PkgPath)] = true
	}
}

// moduleOf is a package's module, or, where the load says none (GOPATH
// mode), the first element of its path, as the per-package pass tells
// another module's code (analyzer's thirdParty).
func (r *resolver) moduleOf(path string) string {
	if m := r.modOf[path]; m != "" {
		return m
	}
	first, _, _ := strings.Cut(path, "/")
	return first
}

// crossesModule reports whether the dynamic call at site, made in the code
// under analysis, reaches fn in another module (a library's method).
func (r *resolver) crossesModule(site string, fn *ssa.Function) bool {
	if fn.Pkg == nil || len(r.sites[site]) == 0 {
		return false
	}
	caller := r.sites[site][0].Parent()
	if caller == nil || caller.Pkg == nil {
		return false
	}
	to := r.moduleOf(fn.Pkg.Pkg.Path())
	return r.rootMods[r.moduleOf(caller.Pkg.Pkg.Path())] && !r.rootMods[to]
}

// instMethod is the instantiation of a generic method a handler was
// registered as (result.Handler.InstRecv), nil for any other handler.
func instMethod(prog *ssa.Program, h *result.Handler) *ssa.Function {
	if h.InstRecv == nil {
		return nil
	}
	name := h.Name[strings.LastIndexByte(h.Name, '.')+1:]
	recv := programType(prog, h.InstRecv)
	if recv == nil {
		return nil
	}
	ms := prog.MethodSets.MethodSet(recv)
	for i := 0; i < ms.Len(); i++ {
		if sel := ms.At(i); sel.Obj().Name() == name {
			return prog.MethodValue(sel)
		}
	}
	return nil
}

// maxInstance bounds the functions of one instantiation walked.
const maxInstance = 500

// instanceCallees are the callees of the dynamic calls an instantiation
// of a generic method makes, in its body and in the instantiated code it
// calls (the generic type's other methods, its closures), by position:
// every instantiation shares the generic code's positions, so the calls
// there are resolved in this one's, not in all of them.
//
// An instantiation the program does not have (registered in a test
// variant of a package, which the program leaves out) resolves none of
// them: the calls of the generic code it walks from generic stay unknown
// rather than take every instantiation's callees.
func (r *resolver) instanceCallees(h *result.Handler, inst, generic *ssa.Function) map[string][]*ssa.Function {
	if h.InstRecv == nil || r.cg == nil {
		return nil
	}
	known := inst != nil && inst.Blocks != nil && r.cg.Nodes[inst] != nil
	if !known {
		if generic == nil {
			return nil
		}
		inst = generic
	}
	out := map[string][]*ssa.Function{}
	seen := map[*ssa.Function]bool{inst: true}
	work := []*ssa.Function{inst}
	for len(work) > 0 && len(seen) <= maxInstance {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Pos().IsValid() {
					continue
				}
				if g := ci.Common().StaticCallee(); g != nil {
					if !seen[g] && genericCode(g) && g.Pkg == inst.Pkg {
						seen[g] = true
						work = append(work, g)
					}
					continue
				}
				pos := summary.PosString(r.fset, ci.Pos())
				for _, g := range r.bySite[ci] {
					if known && !slices.Contains(out[pos], g) {
						out[pos] = append(out[pos], g)
					}
				}
				if _, ok := out[pos]; !ok {
					out[pos] = nil
				}
			}
		}
		for _, a := range fn.AnonFuncs {
			if !seen[a] {
				seen[a] = true
				work = append(work, a)
			}
		}
	}
	for pos, fns := range out {
		sortByName(fns)
		out[pos] = fns
	}
	return out
}

// genericCode reports whether fn is generic code or an instantiation of it
// (or a closure inside one).
func genericCode(fn *ssa.Function) bool {
	return fn.Origin() != nil || fn.Parent() != nil || fn.TypeParams().Len() > 0
}

// programType is an instantiated receiver type as the program has it:
// one a test variant of a package declares (which the program leaves
// out) is instantiated again from the production package's generic type
// with the same type arguments; nil when the program has no such type.
func programType(prog *ssa.Program, t types.Type) types.Type {
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		ptr, t = true, p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil
	}
	if prog.Package(named.Obj().Pkg()) == nil {
		sp := prog.ImportedPackage(named.Obj().Pkg().Path())
		if sp == nil {
			return nil
		}
		tn, ok := sp.Pkg.Scope().Lookup(named.Obj().Name()).(*types.TypeName)
		if !ok {
			return nil
		}
		var targs []types.Type
		for i := 0; i < named.TypeArgs().Len(); i++ {
			a := named.TypeArgs().At(i)
			if an, ok := types.Unalias(a).(*types.Named); ok && an.Obj().Pkg() != nil && prog.Package(an.Obj().Pkg()) == nil {
				return nil // an argument of the test variant too
			}
			targs = append(targs, a)
		}
		inst, err := types.Instantiate(nil, tn.Type(), targs, false)
		if err != nil {
			return nil
		}
		t = inst
	}
	if ptr {
		return types.NewPointer(t)
	}
	return t
}

// argsDecide drops the effects of s (a function the dynamic call e
// resolves to) in branches the constants e passes rule out
// (effect.ResolveWhen), and makes the tests left, and the arguments of
// the calls inside it, name e's function's parameters; each takes e's
// own tests. globals are the package-level variables read as constants
// (constglobals.go).
func argsDecide(s *summary.Summary, e *effect.Effect, globals map[string]string) *summary.Summary {
	var effs []effect.Effect
	changed := false
	_, args := effect.SubstGlobals(nil, effect.ArgMap(e.CondArgs), globals)
	for _, ce := range s.Effects {
		if len(ce.When) == 0 && len(ce.CondArgs) == 0 && len(e.When) == 0 {
			effs = append(effs, ce)
			continue
		}
		changed = true
		ceWhen, _ := effect.SubstGlobals(ce.When, nil, globals)
		when, ok := effect.ResolveWhen(ceWhen, args)
		if !ok {
			continue // a branch the call's constants rule out
		}
		ce.When = effect.AddConds(e.When, when)
		if len(ce.CondArgs) > 0 {
			ce.CondArgs = effect.ArgList(effect.ComposeCondArgs(effect.ArgMap(ce.CondArgs), args))
		}
		effs = append(effs, ce)
	}
	if !changed {
		return s
	}
	c := *s
	c.Effects = effs
	return &c
}

// returnsError reports whether fn's last result is an error.
func returnsError(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
}

// dropFollowedCuts leaves out the dynamic calls that resolve left
// unresolved at the bound on dynamic hops on one path of the handler
// while it followed the same call (the same site) to its callees on
// another, shorter path (a wrapper adds a hop on one path only: a
// tracing transaction client around the real one): that call's effects
// are already the handler's, from the path that followed it, so the
// longer path does not stand for it again as a call read from its
// method's name. A call cut on every path stays as it was.
func (r *resolver) dropFollowedCuts(effs []effect.Effect) []effect.Effect {
	if len(r.cut) == 0 {
		return effs
	}
	out := effs[:0:0]
	for _, e := range effs {
		if site := e.Evidence(); e.Kind == effect.KindDynamic && r.cut[site] && r.followed[site] {
			continue
		}
		out = append(out, e)
	}
	return out
}
