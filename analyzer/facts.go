package analyzer

import (
	"fmt"
	"go/constant"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// constResult records that a function returns one constant string (a River
// args type's Kind()), so other packages can name tasks.
type constResult struct{ Value string }

func (*constResult) AFact()           {}
func (c *constResult) String() string { return fmt.Sprintf("const %q", c.Value) }

// forwardsFact records that a function hands some of its parameters to a
// job system as handlers (discovery.Forward): its callers in other
// packages register what they pass there.
type forwardsFact struct{ Forwards []discovery.Forward }

func (*forwardsFact) AFact()           {}
func (f *forwardsFact) String() string { return fmt.Sprintf("forwards %v", f.Forwards) }

// exportForwards publishes the forwards of the package's functions.
func exportForwards(pass *analysis.Pass, fws map[*ssa.Function][]discovery.Forward) {
	for fn, fw := range fws {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			pass.ExportObjectFact(obj, &forwardsFact{Forwards: fw})
		}
	}
}

// fieldForwardsFact records that a method registers its receiver's
// method under its receiver's name field (discovery.FieldForward): the
// composite literals of its type, in any package, are registrations.
type fieldForwardsFact struct{ Forwards []discovery.FieldForward }

func (*fieldForwardsFact) AFact() {}
func (f *fieldForwardsFact) String() string {
	return fmt.Sprintf("field forwards %v", f.Forwards)
}

// exportFieldForwards publishes the package's field forwards.
func exportFieldForwards(pass *analysis.Pass, fws map[*ssa.Function][]discovery.FieldForward) {
	for fn, fw := range fws {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			pass.ExportObjectFact(obj, &fieldForwardsFact{Forwards: fw})
		}
	}
}

// exportIfaceForwards publishes the forwards of the package's interface
// methods (discovery.Found.IfaceForwards).
func exportIfaceForwards(pass *analysis.Pass, fws map[*types.Func][]discovery.Forward) {
	for m, fw := range fws {
		if m.Pkg() == pass.Pkg {
			pass.ExportObjectFact(m, &forwardsFact{Forwards: fw})
		}
	}
}

// receiveFact records that a function returns the messages a receive
// call returned (a receive wrapper), or that an interface method's
// implementations in its package do (discovery's msgloop.go): a loop in
// another package that receives through it is a message loop.
type receiveFact struct{ Framework string }

func (*receiveFact) AFact()           {}
func (f *receiveFact) String() string { return "receives " + f.Framework }

// exportReceives publishes the package's receive wrappers.
func exportReceives(pass *analysis.Pass, rs map[*types.Func]string) {
	for fn, fw := range rs {
		if fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, &receiveFact{Framework: fw})
		}
	}
}

// sequentialFact records that a function returns a subscription built only
// by a constructor the catalog models as sequential (discovery's
// sequential.go): a registration in another package given its result
// (bus.Subscriber()) never overlaps its handler's deliveries.
type sequentialFact struct{}

func (*sequentialFact) AFact()         {}
func (*sequentialFact) String() string { return "sequential subscription" }

// exportSequential publishes the package's functions returning a
// sequential subscription.
func exportSequential(pass *analysis.Pass, fns []*types.Func) {
	for _, fn := range fns {
		if fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, &sequentialFact{})
		}
	}
}

// retryFact records that a function enqueues a task from its parameters
// or returns retry options (discovery.RetryHelper): its callers in other
// packages enqueue, or set, what they pass there.
type retryFact struct{ Helper discovery.RetryHelper }

func (*retryFact) AFact()           {}
func (f *retryFact) String() string { return "retry: " + f.Helper.String() }

// exportRetryHelpers publishes the retry helpers of the package's
// functions.
func exportRetryHelpers(pass *analysis.Pass, helpers map[*ssa.Function]*discovery.RetryHelper) {
	for fn, h := range helpers {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			pass.ExportObjectFact(obj, &retryFact{Helper: *h})
		}
	}
}

// returnsFact records that a function returns one function value (a
// handler factory), with that value's summary: a package that registers
// the factory's result registers it.
type returnsFact struct {
	Returned discovery.Returned
	Summary  *summary.Summary
}

func (*returnsFact) AFact()           {}
func (f *returnsFact) String() string { return "returns " + f.Returned.Name }

// exportReturns publishes the factories among the package's functions.
func exportReturns(pass *analysis.Pass, funcs []*ssa.Function, sums *summary.Package) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg {
			continue
		}
		if ret := discovery.ReturnedFunc(fn); ret != nil && sums.Of(ret) != nil {
			pass.ExportObjectFact(obj, &returnsFact{
				Returned: discovery.Returned{FullName: summary.FullName(ret), Name: summary.SSAName(ret), Pos: summary.PosString(pass.Fset, ret.Pos())},
				Summary:  sums.Of(ret),
			})
		}
	}
}

// preparedFact records the SQL of the prepared statements a struct field
// holds, for the packages that execute them.
type preparedFact struct{ SQL []string }

func (*preparedFact) AFact()           {}
func (f *preparedFact) String() string { return fmt.Sprintf("prepared %q", f.SQL) }

// exportPrepared publishes the SQL of the package's statement fields.
func exportPrepared(pass *analysis.Pass, sums *summary.Package) {
	for f, sql := range sums.Prepared() {
		if f.Pkg() == pass.Pkg {
			pass.ExportObjectFact(f, &preparedFact{SQL: sql})
		}
	}
}

// tableFact records the texts of the fields of a query table, a
// package-level struct value of strings its declaration fills from
// constants or embedded files (summary/globalfields.go), for the packages
// that run them. The fields are sorted by name (a fact's encoding is
// deterministic).
type tableFact struct{ Fields []tableField }

type tableField struct {
	Name  string
	Texts []string
}

func (*tableFact) AFact() {}
func (f *tableFact) String() string {
	names := make([]string, 0, len(f.Fields))
	for _, fd := range f.Fields {
		names = append(names, fd.Name)
	}
	return fmt.Sprintf("query table %v", names)
}

// exportTables publishes the package's query tables.
func exportTables(pass *analysis.Pass, sums *summary.Package) {
	for v, fields := range sums.GlobalFieldTexts() {
		if v.Pkg() != pass.Pkg {
			continue
		}
		f := &tableFact{}
		for name, texts := range fields {
			f.Fields = append(f.Fields, tableField{name, texts})
		}
		sort.Slice(f.Fields, func(i, j int) bool { return f.Fields[i].Name < f.Fields[j].Name })
		pass.ExportObjectFact(v, f)
	}
}

// chanFact records the functions of the package that receive from the
// channel a struct field or package-level variable of it keeps, with their
// summaries: a send on it in another package has their effects
// (summary/channels.go).
type chanFact struct{ Workers []summary.ChanWorker }

func (*chanFact) AFact() {}
func (f *chanFact) String() string {
	var names []string
	for _, w := range f.Workers {
		names = append(names, w.Name)
	}
	return fmt.Sprintf("received by %v", names)
}

// exportChanWorkers publishes the receivers of the package's channels.
func exportChanWorkers(pass *analysis.Pass, sums *summary.Package) {
	for v, ws := range sums.ChanWorkers() {
		sort.Slice(ws, func(i, j int) bool { return ws[i].Name < ws[j].Name })
		pass.ExportObjectFact(v, &chanFact{Workers: ws})
	}
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
	exportReturns(pass, funcs, sums)
	exportPrepared(pass, sums)
	exportTables(pass, sums)
	exportChanWorkers(pass, sums)
}

// kindOf returns the constant T's Kind() method returns.
func kindOf(pass *analysis.Pass, pkg *ssa.Package, t types.Type) (string, bool) {
	return methodConst(pass, pkg, t, "Kind")
}

// methodConst returns the constant string T's method of that name returns.
func methodConst(pass *analysis.Pass, pkg *ssa.Package, t types.Type, method string) (string, bool) {
	ms := pkg.Prog.MethodSets.MethodSet(t)
	sel := ms.Lookup(nil, method)
	if sel == nil {
		if n, ok := types.Unalias(ssavalue.Deref(t)).(*types.Named); ok && n.Obj().Pkg() != nil {
			sel = ms.Lookup(n.Obj().Pkg(), method)
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
