package summary

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/directive"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// Env is what summarising needs from its driver.
type Env struct {
	Fset  *token.FileSet
	Index *models.Index
	// Files are the package's syntax trees, for the source text of keys.
	Files []*ast.File
	// Import returns the summary of a function of another package (an
	// analysis fact), or false when that package was not analysed.
	Import func(fn *types.Func) (*Summary, bool)
	// Returned returns the summary of the function value a function of
	// another package returns (a fact: a functional option's closure,
	// a handler factory's), or nil.
	Returned func(fn *types.Func) *Summary
	// Triggers are the module's database triggers (nil: none known).
	Triggers *triggers.Set
	// ThirdParty reports whether a package belongs to another module than
	// the one being analysed: what cannot be resolved inside it is named at
	// the boundary where this module calls it.
	ThirdParty func(*types.Package) bool
	// Dependency is set when the package belongs to a dependency module
	// (one with a version): its summaries keep one effect for everything
	// it cannot resolve (foldUnresolved).
	Dependency bool
	// Directives are the package's //jobeffects:ignore directives: each
	// effect, pitfall and function on a line they cover carries them, so
	// that the package reporting a finding sees them in the facts.
	Directives *directive.Index
	// KeepPaths keeps up to effect.MaxAlt other paths per folded effect
	// (the inventory's -show-paths).
	KeepPaths bool
	// FieldSQL returns the SQL of the prepared statement another
	// package keeps in a struct field (a fact), or nil.
	FieldSQL func(*types.Var) []string
	// ChanWorkers returns the functions of another package that receive
	// from the channel a struct field or variable of it keeps (a fact),
	// with their summaries (channels.go).
	ChanWorkers func(*types.Var) []ChanWorker
	// Pure are the package's functions without a Go body that are known
	// to have no effect (assembly that calls nothing): empty summaries.
	Pure []*ssa.Function
	// IllTyped are the package's functions left without a body because
	// they do not type-check (analyzer/illtyped), with the reason (the
	// type error's file:line:col and message): one unknown effect each,
	// so their callers are unknown and the rest of the package is not.
	IllTyped map[*ssa.Function]string
	// ConstResult returns the constant string a function of another
	// package returns on every path (a fact), for a model's TableName()
	// declared in another package than the call that writes the model.
	ConstResult func(*types.Func) (string, bool)
	// GlobalFields returns the texts of the fields of a query table
	// another package declares (a fact; globalfields.go), by field name.
	GlobalFields func(*types.Var) map[string][]string
}

// Package holds the summaries of one package's functions.
type Package struct {
	env   *Env
	pkg   *ssa.Package
	sums  map[*ssa.Function]*Summary
	sites map[*ssa.Function][]*guard.Site
	set   map[*ssa.Function]bool
	text  *sourceText
	// prepared are the SQL texts of the prepared statements kept in the
	// package's struct fields.
	prepared map[*types.Var][]string
	checked  map[modelUse]error
	// mirrors caches mirroredMethod per interface method (mirror.go).
	mirrors map[*types.Func]*types.Func
	// randomFields are the struct fields the package assigns a random
	// value to (collectRandomFields).
	randomFields map[*types.Var]fieldOrigin
	// nilErr memoises which of the package's functions return nil
	// pointers whenever they fail (nilresult.go).
	nilErr map[*ssa.Function]bool
	// mapUpdates are the package's stores into maps held in a struct
	// field or a package variable, by that holder, in the order of
	// funcs (msgpath.go): indexed once, not rescanned per message.
	mapUpdates map[any][]*ssa.MapUpdate
	// funcs are the package's functions; clockFields and clockBusy the
	// fields found (or not, "") to hold the database clock and the
	// functions being read for it, clockResults what each function read
	// returns (stampclock.go).
	funcs        []*ssa.Function
	clockFields  map[*types.Var]string
	clockBusy    map[*ssa.Function]bool
	clockResults map[*ssa.Function]string
	fieldStores  map[*types.Var][]fieldStore // by field, in the order of funcs (stampclock.go)
	// chanRecv are the package's functions that receive from each
	// channel kept in a field or variable (channels.go).
	// (chanKey's keys), and the package's calls of each of its functions.
	chanRecv  map[any][]*ssa.Function
	chanCalls map[*ssa.Function][]ssa.CallInstruction
	// queues memoises which methods push to or pop from a slice-backed
	// queue (queues.go).
	queues map[*ssa.Function]queueMethod
	// gauges are the variables and fields the package decrements
	// (counters.go).
	gauges map[string]bool
	// backoffs are the variables and fields the package keeps as retry
	// bookkeeping, with where it resets them (backoff.go).
	backoffs map[string]backoffReset
	// strFields are the string values the package stores into struct
	// fields (stringFields).
	strFields ssavalue.FieldIndex
	// globalStrs are the unexported string variables read as constants,
	// with the value their declaration stores (globalstr.go).
	globalStrs map[*ssa.Global]ssa.Value
	// gFields are the query tables the package declares or reads
	// (globalfields.go).
	gFields *globalFieldsIndex
	// anyFields indexes the constructor results the package stores into
	// struct fields (storedcb.go), built once.
	anyFields ssavalue.FieldIndex
	// invokeRandoms memoises invokeRandom.
	invokeRandoms map[*types.Func]string
	// funcFields are the values the package's production code stores
	// into each struct field (fieldFuncs).
	funcFields map[*types.Var][]ssa.Value
	// globalIfaces are the concrete types stored into the package's
	// unexported interface-typed variables (globaliface.go), and
	// everyFunc the package's functions with its initializer.
	globalIfaces map[*ssa.Global]globalImpl
	everyFunc    []*ssa.Function
	// writers are the package's functions that write each table
	// (tablewriters.go), built on the first question.
	writers map[string][]*ssa.Function
	// stmts memoises isStmt for named types and pointers to them
	// (prepared.go): asked for every field store and call result.
	stmts map[stmtKey]bool
	err   error // the first model that does not fit its function
}

// stringFields indexes the string values the package's functions store
// into struct fields (a client's URL its constructor sets), built once.
func (p *Package) stringFields() ssavalue.FieldIndex {
	if p.strFields == nil {
		fns := make([]*ssa.Function, 0, len(p.set))
		for fn := range p.set {
			fns = append(fns, fn)
		}
		sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
		p.strFields = ssavalue.IndexFields(fns, func(v ssa.Value) bool {
			b, ok := v.Type().Underlying().(*types.Basic)
			return ok && b.Info()&types.IsString != 0
		})
	}
	return p.strFields
}

// Err is the first configuration error met while summarising: a model
// whose argument indexes do not fit the function it matched.
func (p *Package) Err() error { return p.err }

// Build summarises funcs (the package's functions, closures included)
// bottom-up.
func Build(env *Env, pkg *ssa.Package, funcs []*ssa.Function) *Package {
	p := &Package{
		env:   env,
		pkg:   pkg,
		sums:  make(map[*ssa.Function]*Summary, len(funcs)),
		sites: make(map[*ssa.Function][]*guard.Site, len(funcs)),
		set:   make(map[*ssa.Function]bool, len(funcs)),
		text:  newSourceText(env.Fset, env.Files),
	}
	for _, fn := range funcs {
		p.set[fn] = true
	}
	for _, fn := range env.Pure {
		p.set[fn] = true
		p.sums[fn] = &Summary{}
	}
	for fn, why := range env.IllTyped {
		p.set[fn] = true
		p.sums[fn] = IllTypedSummary(env.Fset, fn, why)
	}
	p.collectPrepared(funcs)
	p.funcs = funcs
	p.collectRandomFields(funcs)
	p.collectChannels(funcs)
	p.collectGauges(funcs)
	p.collectBackoffs(funcs)
	for _, scc := range sccs(funcs, p.deps) {
		p.solve(scc)
	}
	return p
}

// Of returns fn's summary (nil if fn is not in the package).
func (p *Package) Of(fn *ssa.Function) *Summary { return p.sums[fn] }

// Sites returns the effect sites of fn, with guard marks, as the guard
// analysis saw them.
func (p *Package) Sites(fn *ssa.Function) []*guard.Site { return p.sites[fn] }

// solve computes the summaries of one strongly connected component,
// iterating until they stop changing (recursion) or a round limit is hit.
func (p *Package) solve(scc []*ssa.Function) {
	if len(scc) == 1 && scc[0].Blocks == nil && p.sums[scc[0]] != nil {
		return // a body-less function given its summary (Env.Pure, Env.IllTyped), reached as a callee
	}
	for _, fn := range scc {
		p.sums[fn] = &Summary{}
	}
	recursive := len(scc) > 1 || p.deps(scc[0])[scc[0]]
	for round := 0; ; round++ {
		changed := false
		for _, fn := range scc {
			s, sites := p.summariseSafely(fn)
			if !equal(s, p.sums[fn]) {
				changed = true
			}
			p.sums[fn] = s
			p.sites[fn] = sites
		}
		if !recursive || !changed || round >= 8 {
			return
		}
	}
}

// deps returns the package functions fn refers to: callees, closures it
// makes, functions it passes as values.
func (p *Package) deps(fn *ssa.Function) map[*ssa.Function]bool {
	out := map[*ssa.Function]bool{}
	var rands []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			rands = instr.Operands(rands[:0])
			for _, r := range rands {
				if r == nil || *r == nil {
					continue
				}
				var f *ssa.Function
				switch v := (*r).(type) {
				case *ssa.Function:
					f = v
				case *ssa.MakeClosure:
					f, _ = v.Fn.(*ssa.Function)
				case *ssa.Phi:
					// A variable merging one of the package's func fields
					// with other values: what the field is given
					// (resolveFuncs).
					for _, e := range v.Edges {
						if fld := loadedFuncField(e); fld != nil {
							if refs := storedFuncs(fld, 0, p.fieldFuncs); refs != nil {
								for _, ref := range refs {
									if p.set[ref.fn] {
										out[ref.fn] = true
									}
								}
							}
						}
					}
				}
				if f == nil {
					continue
				}
				if o := f.Origin(); o != nil {
					f = o
				}
				// Bound-method and promotion wrappers stand for the method.
				if f.Synthetic != "" && f.Parent() == nil {
					if obj, ok := f.Object().(*types.Func); ok && obj != nil {
						if real := f.Prog.FuncValue(obj); real != nil {
							f = real
						}
					}
				}
				if p.set[f] {
					out[f] = true
				}
			}
		}
	}
	// A call through one of the package's interface-typed variables
	// depends on the methods of the types stored there (globaliface.go).
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok || !ci.Common().IsInvoke() {
				continue
			}
			if callees, ok := p.globalCallees(ci.Common().Value, ci.Common().Method); ok {
				for _, f := range callees {
					if p.set[f] {
						out[f] = true
					}
				}
			}
		}
	}
	// A send on a channel depends on the package's receivers of it.
	p.sendDeps(fn, out)
	// A call that runs the callback its receiver was built with
	// depends on that callback (storedcb.go).
	p.storedDeps(fn, out)
	// A closure handed to a function of the package depends on it: the
	// callee's summary says whether it hands the closure a transaction
	// (Summary.TxCalls), which the closure's guards need.
	if parent := fn.Parent(); parent != nil {
		for _, b := range parent.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ci.Common().StaticCallee()
				if callee == nil || !p.set[callee] {
					continue
				}
				for _, a := range ci.Common().Args {
					// Unconvert: a closure handed as a named func type
					// (fn entityTxFunc) is a changetype of the closure.
					if mc, ok := ssavalue.Unconvert(a).(*ssa.MakeClosure); ok && mc.Fn == fn {
						out[callee] = true
					}
				}
			}
		}
	}
	return out
}

// summariseSafely summarises fn; if that panics (a model the engine does
// not expect, a shape of SSA it does not know), fn's summary is one
// unknown effect saying so, and the rest of the package is analysed.
func (p *Package) summariseSafely(fn *ssa.Function) (s *Summary, sites []*guard.Site) {
	defer func() {
		if r := recover(); r != nil {
			e := effect.Effect{Kind: effect.KindUnknown, Op: effect.OpUnknown, Risk: effect.Unknown,
				Detail: fmt.Sprintf("jobeffects could not summarise %s (internal error: %v); its effects are unknown", SSAName(fn), r),
				Path:   []effect.Hop{{Pos: PosString(p.env.Fset, fn.Pos()), Func: SSAName(fn)}}, Exec: effect.NoExec}
			s, sites = &Summary{Effects: []effect.Effect{e}}, nil
		}
	}()
	return p.summarise(fn)
}

// IllTypedSummary is the summary of a function that does not type-check:
// one unknown effect saying where.
func IllTypedSummary(fset *token.FileSet, fn *ssa.Function, why string) *Summary {
	name := SSAName(fn)
	return &Summary{Effects: []effect.Effect{{
		Kind:   effect.KindUnknown,
		Op:     effect.OpUnknown,
		Target: name,
		Risk:   effect.Unknown,
		Detail: name + " does not type-check, so it was not analysed: " + why,
		Path:   []effect.Hop{{Pos: PosString(fset, fn.Pos()), Func: name}},
		Exec:   effect.NoExec,
	}}}
}
