package main

import (
	"fmt"
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
func wholeProgram(graph *checker.Graph, pkgs []*packages.Package, opts options, results []*result.Result, stderr io.Writer) []*result.Result {
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
		Fset:     pkgs[0].Fset,
		Packages: pkgs,
		Graph:    graph,
		Results:  results,
		Index:    loaded.Index,
		Report: func(res *result.Result) *report.Context {
			base, _ := analyzer.LoadBaseline(opts.baseline, loaded.Config, res.ModuleRoot)
			return report.ForResult(res, opts.strict, base)
		},
		KeepPaths: opts.showPaths,
	})
	return out
}
