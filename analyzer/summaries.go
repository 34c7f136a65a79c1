package analyzer

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/directive"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// summarise computes the effect summaries of the package's functions from
// those of its imports (facts).
func summarise(pass *analysis.Pass, set *passSettings, pkg *ssa.Package, funcs, asm []*ssa.Function, ill map[*ssa.Function]string, directives *directive.Index, keepPaths bool) (*summary.Package, error) {
	env := &summary.Env{
		Triggers:   set.triggers,
		ThirdParty: thirdParty(pass),
		Dependency: pass.Module != nil && pass.Module.Version != "",
		Fset:       pass.Fset,
		Index:      set.index,
		Files:      pass.Files,
		Directives: directives,
		KeepPaths:  keepPaths,
		Pure:       asm,
		IllTyped:   ill,
		FieldSQL: func(f *types.Var) []string {
			var p preparedFact
			if pass.ImportObjectFact(f, &p) {
				return p.SQL
			}
			return nil
		},
		GlobalFields: func(v *types.Var) map[string][]string {
			var t tableFact
			if !pass.ImportObjectFact(v, &t) {
				return nil
			}
			out := make(map[string][]string, len(t.Fields))
			for _, f := range t.Fields {
				out[f.Name] = f.Texts
			}
			return out
		},
		ChanWorkers: func(v *types.Var) []summary.ChanWorker {
			var f chanFact
			if pass.ImportObjectFact(v, &f) {
				return f.Workers
			}
			return nil
		},
		ConstResult: func(fn *types.Func) (string, bool) {
			var c constResult
			if pass.ImportObjectFact(fn, &c) {
				return c.Value, true
			}
			return "", false
		},
		Returned: func(fn *types.Func) *summary.Summary {
			var f returnsFact
			if pass.ImportObjectFact(fn.Origin(), &f) {
				return f.Summary
			}
			return nil
		},
		Import: func(fn *types.Func) (*summary.Summary, bool) {
			var s summary.Summary
			if pass.ImportObjectFact(fn.Origin(), &s) {
				return &s, true
			}
			return nil, false
		},
	}
	sums := summary.Build(env, pkg, funcs)
	return sums, sums.Err()
}

// localSummaries are the summaries of the package's own functions.
func localSummaries(sums *summary.Package, funcs []*ssa.Function) []*summary.Summary {
	var out []*summary.Summary
	for _, fn := range funcs {
		if s := sums.Of(fn); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// keyedSummaries are the summaries of all the package's functions by
// summary.Key, for the whole-program phase.
func keyedSummaries(pass *analysis.Pass, sums *summary.Package, funcs []*ssa.Function) map[string]*summary.Summary {
	out := make(map[string]*summary.Summary, len(funcs))
	for _, fn := range funcs {
		if s := sums.Of(fn); s != nil {
			out[summary.Key(pass.Fset, fn)] = s
		}
	}
	return out
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
