package analyzer

import (
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/summary"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

const doc = `report job handlers whose side effects repeat when a job is delivered twice

jobeffects finds background-job handlers and message consumers (asynq, River,
Temporal, Watermill, Lambda, Kafka, NATS, SQS, Pub/Sub and others), follows
their calls across packages, classifies every side effect (SQL by
parsing it, library calls by models) and reports, per handler, the
non-idempotent effects that no claim, completion or idempotency key guards.`

// Analyzer is the jobeffects analysis.
var Analyzer = &analysis.Analyzer{
	Name:       "jobeffects",
	Doc:        doc,
	URL:        "https://github.com/jobeffects/jobeffects",
	Run:        run,
	Flags:      flags(),
	FactTypes:  []analysis.Fact{new(summary.Summary), new(constResult)},
	ResultType: reflect.TypeOf((*Result)(nil)),
}

// Strict reports handlers whose only doubtful effects are unknown
// (rule unknown-effect).
var Strict bool

// KeepSummaries makes each package's Result carry the summaries of all its
// functions (closures included), for the whole-program pass of the CLI.
var KeepSummaries bool

// SummaryKey names a function across SSA programs that share a FileSet:
// its position and display name.
func SummaryKey(fset *token.FileSet, fn *ssa.Function) string {
	return summary.PosString(fset, fn.Pos()) + "|" + summary.SSAName(fn)
}

// BaselinePath is an inventory whose findings are known: they are not
// reported (package baseline). Relative paths are taken from the working
// directory, else from the module root (go vet runs in package directories).
var BaselinePath string

// ConfigPath is the .jobeffects.yaml to use; by default the one at the
// module root of each package, if any.
var ConfigPath string

func flags() flag.FlagSet {
	fs := flag.NewFlagSet("jobeffects", flag.ContinueOnError)
	fs.BoolVar(&Strict, "strict", false, "also report handlers with effects that cannot be told statically (unknown-effect)")
	fs.StringVar(&ConfigPath, "config", "", "the .jobeffects.yaml to use (default: the one at the module root)")
	fs.StringVar(&BaselinePath, "baseline", "", "an inventory (jobeffects inventory -o FILE) whose findings are known and not reported")
	return *fs
}

// constResult records that a function returns one constant string (a River
// args type's Kind()), so other packages can name tasks.
type constResult struct{ Value string }

func (*constResult) AFact()           {}
func (c *constResult) String() string { return fmt.Sprintf("const %q", c.Value) }

func run(pass *analysis.Pass) (any, error) {
	cfgPath := ConfigPath
	if cfgPath == "" && len(pass.Files) > 0 {
		cfgPath = config.Find(filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name()))
	}
	loaded, err := config.Load(cfgPath)
	if err != nil {
		return nil, err
	}
	ix, rules := loaded.Index, loaded.Rules
	// Migrations are looked for from the config's directory, else the
	// module root; outside a module (GOPATH) only with a config.
	root := ""
	if cfgPath != "" {
		root = filepath.Dir(cfgPath)
	} else if len(pass.Files) > 0 && pass.Module != nil && pass.Module.Path != "" {
		root = moduleRoot(filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name()))
	}
	res := &Result{Package: pass.Pkg.Path()}
	if ix.Modeled(pass.Pkg) {
		return res, nil // modeled libraries and the standard library are not analysed
	}

	ssapkg, funcs := buildSSA(pass)
	var globs []string
	if loaded.Config != nil {
		globs = loaded.Config.Migrations
	}
	env := &summary.Env{
		Triggers:   triggers.Load(root, globs),
		ThirdParty: thirdParty(pass),
		Dependency: pass.Module != nil && pass.Module.Version != "",
		Fset:       pass.Fset,
		Index:      ix,
		Files:      pass.Files,
		Import: func(fn *types.Func) (*summary.Summary, bool) {
			var s summary.Summary
			if pass.ImportObjectFact(fn.Origin(), &s) {
				return &s, true
			}
			return nil, false
		},
	}
	sums := summary.Build(env, ssapkg, funcs)
	exportFacts(pass, funcs, sums)
	if KeepSummaries {
		res.Summaries = make(map[string]*summary.Summary, len(funcs))
		for _, fn := range funcs {
			if s := sums.Of(fn); s != nil {
				res.Summaries[SummaryKey(pass.Fset, fn)] = s
			}
		}
	}

	denv := &discovery.Env{
		Pkg:      ssapkg,
		Funcs:    funcs,
		Rules:    rules,
		Library:  ix.Modeled,
		Declared: declaredHandlers(loaded.Config),
		Model:    ix.Lookup,
		Files:    pass.Files,
		KindOf:   func(t types.Type) (string, bool) { return kindOf(pass, ssapkg, t) },
	}
	handlers, unresolved := discovery.Find(denv)
	r := newReporter(pass, ix)
	if r.baseline, err = LoadBaseline(loaded.Config, r.root); err != nil {
		return nil, err
	}
	for _, d := range discovery.FindEnqueueDedup(denv) {
		r.dedups = append(r.dedups, Dedup{Framework: d.Framework, Task: d.Task, What: d.What, Pos: r.pos(d.Pos)})
	}
	res.EnqueueDedup = r.dedups
	for _, rt := range discovery.FindRetry(denv) {
		p := RetryPolicy{Framework: rt.Framework, Task: rt.Task, Policy: rt.Policy, Pos: r.pos(rt.Pos), Global: rt.Global}
		if rt.Activity != nil {
			p.Handler = fullName(rt.Activity)
		}
		res.Retries = append(res.Retries, p)
	}
	for _, h := range handlers {
		hr := r.handler(h, sums, env)
		res.Handlers = append(res.Handlers, hr)
	}
	r.reportStale(r.supp, sums, funcs)
	for _, u := range unresolved {
		res.Unresolved = append(res.Unresolved, Registration{
			Framework: u.Framework, Task: u.Task, Pos: r.pos(u.Pos), Reason: u.Reason,
		})
	}
	res.ModuleRoot = r.root
	return res, nil
}

// LoadBaseline reads the baseline given by -baseline, else by the config's
// baseline: key (relative to the config's directory).
func LoadBaseline(cfg *config.Config, root string) (*baseline.Set, error) {
	path := BaselinePath
	switch {
	case path != "":
		if !filepath.IsAbs(path) && root != "" {
			if _, err := os.Stat(path); err != nil {
				path = filepath.Join(root, path)
			}
		}
	case cfg != nil && cfg.Baseline != "":
		path = cfg.Baseline
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(cfg.Path), path)
		}
	}
	return baseline.Load(path)
}

// buildSSA builds SSA for the package being analysed (imports are created
// from types only, without bodies) and lists its functions: declared ones,
// their closures, and the package initialiser's closures.
func buildSSA(pass *analysis.Pass) (*ssa.Package, []*ssa.Function) {
	// Only the packages whose objects this package's code refers to need
	// SSA packages (types only, no bodies): creating the whole transitive
	// import closure in every pass costs more than analysing the package
	// (gRPC and generated API packages behind one modeled import). If SSA
	// still meets a package that was left out, start again with all of them.
	ssapkg, err := buildWith(pass, referencedPackages(pass))
	if err != nil {
		all := map[*types.Package]bool{}
		var walk func([]*types.Package)
		walk = func(ps []*types.Package) {
			for _, p := range ps {
				if !all[p] {
					all[p] = true
					walk(p.Imports())
				}
			}
		}
		walk(pass.Pkg.Imports())
		ssapkg, _ = buildWith(pass, all)
	}
	prog := ssapkg.Prog
	var funcs []*ssa.Function
	var addAnon func(fn *ssa.Function)
	addAnon = func(fn *ssa.Function) {
		for _, a := range fn.AnonFuncs {
			funcs = append(funcs, a)
			addAnon(a)
		}
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			fn := prog.FuncValue(obj)
			if fn == nil || fn.Blocks == nil {
				continue
			}
			funcs = append(funcs, fn)
			addAnon(fn)
		}
	}
	if init := ssapkg.Func("init"); init != nil {
		addAnon(init)
	}
	return ssapkg, funcs
}

// exportFacts publishes the summary of every declared function, empty ones
// included: an absent fact means "not analysed", which callers treat as
// unknown.
func exportFacts(pass *analysis.Pass, funcs []*ssa.Function, sums *summary.Package) {
	for _, fn := range funcs {
		if fn.Parent() != nil {
			continue
		}
		obj, ok := fn.Object().(*types.Func)
		if !ok || obj.Pkg() != pass.Pkg {
			continue
		}
		if s := sums.Of(fn); s != nil {
			pass.ExportObjectFact(obj, s)
		}
		if v, ok := constStringResult(fn); ok {
			pass.ExportObjectFact(obj, &constResult{Value: v})
		}
	}
}

// kindOf returns the constant T's Kind() method returns.
func kindOf(pass *analysis.Pass, pkg *ssa.Package, t types.Type) (string, bool) {
	ms := pkg.Prog.MethodSets.MethodSet(t)
	sel := ms.Lookup(nil, "Kind")
	if sel == nil {
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			sel = ms.Lookup(n.Obj().Pkg(), "Kind")
		}
	}
	if sel == nil {
		return "", false
	}
	obj := sel.Obj().(*types.Func)
	if obj.Pkg() == pass.Pkg {
		if fn := pkg.Prog.FuncValue(obj); fn != nil {
			return constStringResult(fn)
		}
	}
	var c constResult
	if pass.ImportObjectFact(obj, &c) {
		return c.Value, true
	}
	return "", false
}

// constStringResult reports whether every return of fn returns the same
// constant string.
func constStringResult(fn *ssa.Function) (string, bool) {
	if fn.Signature.Results().Len() != 1 {
		return "", false
	}
	if b, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return "", false
	}
	val, found := "", false
	for _, b := range fn.Blocks {
		if n := len(b.Instrs); n > 0 {
			if ret, ok := b.Instrs[n-1].(*ssa.Return); ok {
				c, ok := ret.Results[0].(*ssa.Const)
				if !ok || c.Value == nil {
					return "", false
				}
				s := constantString(c)
				if found && s != val {
					return "", false
				}
				val, found = s, true
			}
		}
	}
	return val, found
}

func constantString(c *ssa.Const) string {
	if c.Value.Kind() == constant.String {
		return constant.StringVal(c.Value)
	}
	return c.Value.ExactString()
}

func declaredHandlers(c *config.Config) map[string]discovery.DeclaredHandler {
	if c == nil || len(c.Handlers) == 0 {
		return nil
	}
	m := make(map[string]discovery.DeclaredHandler, len(c.Handlers))
	for _, h := range c.Handlers {
		m[h.Func] = discovery.DeclaredHandler{Framework: h.Framework, Task: h.Task}
	}
	return m
}

// thirdParty reports whether a package belongs to another module than the
// package being analysed (outside modules: another first path element).
func thirdParty(pass *analysis.Pass) func(*types.Package) bool {
	mod := ""
	if pass.Module != nil {
		mod = pass.Module.Path
	}
	self := pass.Pkg.Path()
	first := func(p string) string { f, _, _ := strings.Cut(p, "/"); return f }
	return func(p *types.Package) bool {
		if p == nil {
			return false
		}
		if mod != "" {
			return p.Path() != mod && !strings.HasPrefix(p.Path(), mod+"/")
		}
		return first(p.Path()) != first(self)
	}
}

// buildWith creates SSA for the package with the given packages created
// from types; a panic (a package SSA needed but was not given) is returned
// as an error.
func buildWith(pass *analysis.Pass, deps map[*types.Package]bool) (pkg *ssa.Package, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("ssa: %v", r)
		}
	}()
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	ps := make([]*types.Package, 0, len(deps))
	for p := range deps {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Path() < ps[j].Path() })
	for _, p := range ps {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	return pkg, nil
}

// referencedPackages are the packages declaring the objects and types the
// package's code mentions, and the packages of the types those types embed
// (promoted methods) — what SSA construction can ask for.
func referencedPackages(pass *analysis.Pass) map[*types.Package]bool {
	out := map[*types.Package]bool{}
	seen := map[types.Type]bool{}
	var addType func(t types.Type)
	add := func(p *types.Package) {
		if p != nil && p != pass.Pkg {
			out[p] = true
		}
	}
	addType = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch x := types.Unalias(t).(type) {
		case *types.Named:
			add(x.Obj().Pkg())
			for i := 0; i < x.TypeArgs().Len(); i++ {
				addType(x.TypeArgs().At(i))
			}
			addType(x.Underlying())
		case *types.Pointer:
			addType(x.Elem())
		case *types.Slice:
			addType(x.Elem())
		case *types.Array:
			addType(x.Elem())
		case *types.Map:
			addType(x.Key())
			addType(x.Elem())
		case *types.Chan:
			addType(x.Elem())
		case *types.Struct:
			for i := 0; i < x.NumFields(); i++ {
				f := x.Field(i)
				add(f.Pkg())
				if f.Embedded() {
					addType(f.Type())
				}
			}
		case *types.Interface:
			for i := 0; i < x.NumEmbeddeds(); i++ {
				addType(x.EmbeddedType(i))
			}
			for i := 0; i < x.NumMethods(); i++ {
				add(x.Method(i).Pkg())
			}
		case *types.Signature:
			for i := 0; i < x.Params().Len(); i++ {
				addType(x.Params().At(i).Type())
			}
			for i := 0; i < x.Results().Len(); i++ {
				addType(x.Results().At(i).Type())
			}
		}
	}
	for _, obj := range pass.TypesInfo.Uses {
		add(obj.Pkg())
		addType(obj.Type())
	}
	for _, sel := range pass.TypesInfo.Selections {
		add(sel.Obj().Pkg())
		addType(sel.Recv())
	}
	for _, tv := range pass.TypesInfo.Types {
		addType(tv.Type)
	}
	for _, inst := range pass.TypesInfo.Instances {
		addType(inst.Type)
	}
	return out
}
