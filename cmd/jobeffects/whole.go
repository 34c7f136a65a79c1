package main

import (
	"fmt"
	"go/types"
	"io"
	"os"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/wholeprogram"
)

// wholeProgram resolves dynamic calls over the loaded program and returns
// the results with the findings that follow from it.
func wholeProgram(graph *checker.Graph, facts *analyzer.FactStore, pkgs []*packages.Package, opts options, results []*result.Result, stderr io.Writer) []*result.Result {
	if len(pkgs) == 0 || len(results) == 0 {
		return results
	}
	cfgPath := opts.config
	if cfgPath == "" {
		if wd, err := os.Getwd(); err == nil {
			cfgPath = config.Find(wd)
		}
	}
	loaded, err := config.Load(cfgPath)
	if err != nil {
		// The per-package pass failed on it too and said so: no results
		// to resolve reach here for the packages it governs.
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return results
	}
	out, _ := wholeprogram.Resolve(wholeprogram.Input{
		Fset:      pkgs[0].Fset,
		Packages:  pkgs,
		Graph:     graph,
		Summaries: facts.Summaries,
		Results:   results,
		Index:     loaded.Index,
		Report: func(res *result.Result) *report.Context {
			base, _ := analyzer.LoadBaseline(opts.baseline, loaded.Config, res.ModuleRoot)
			return report.ForResult(res, opts.strict, base)
		},
		KeepPaths: opts.showPaths,
		Release:   func() { releaseTypesInfo(pkgs) },
	})
	return out
}

// releaseTypesInfo empties the packages' type information (the maps from
// syntax to types and objects) once the whole program's SSA is built: no
// phase after it reads them, and on a large program they are a third of
// the live heap when the call graphs are computed. The checker's passes
// share the same Info values, so emptying them (not just dropping the
// packages' pointers) is what frees them.
//
// Packages that declare generic functions or types keep theirs: SSA
// builds the bodies of generic instances on demand (method sets in the
// call graphs), from the generic code's syntax and types.
func releaseTypesInfo(pkgs []*packages.Package) {
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if info := p.TypesInfo; info != nil && p.Types != nil && !declaresGenerics(p.Types) {
			*info = types.Info{}
		}
	})
}

// declaresGenerics reports whether pkg declares a generic function or type.
func declaresGenerics(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			if o.Signature().TypeParams().Len() > 0 {
				return true
			}
		case *types.TypeName:
			if n, ok := o.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
				return true
			}
		}
	}
	return false
}
