package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/wholeprogram"
)

// wholeFinding is a finding only the whole program shows: a handler whose
// dynamic calls resolve to non-idempotent effects.
type wholeFinding struct {
	pos, rule, message string
}

// wholeProgram resolves dynamic calls over the loaded program, updates the
// results' handlers, and returns the unguarded findings that appeared.
func wholeProgram(graph *checker.Graph, pkgs []*packages.Package, opts options, results []*analyzer.Result) []wholeFinding {
	if len(pkgs) == 0 || len(results) == 0 {
		return nil
	}
	cfgPath := opts.config
	if cfgPath == "" {
		if wd, err := os.Getwd(); err == nil {
			cfgPath = config.Find(wd)
		}
	}
	loaded, err := config.Load(cfgPath)
	if err != nil {
		return nil // the per-package pass already reported it
	}
	stats := wholeprogram.Resolve(pkgs[0].Fset, pkgs, graph, results, loaded.Index)
	roots := map[*analyzer.HandlerResult]string{}
	for _, res := range results {
		for _, h := range res.Handlers {
			roots[h] = res.ModuleRoot
		}
	}
	var out []wholeFinding
	for _, h := range stats.Changed {
		root := roots[h]
		rel := func(p string) string { return effect.Relative(p, root) }
		if f := analyzer.Reassess(h, h.At, rel); f != nil && h.Owner && !known(loaded.Config, root, f, rel) {
			out = append(out, wholeFinding{pos: h.At, rule: f.Rule, message: f.Message})
		}
	}
	sort.Slice(out, func(i, j int) bool { return effect.ComparePos(out[i].pos, out[j].pos) < 0 })
	return out
}

// known reports whether a whole-program finding is in the baseline.
func known(cfg *config.Config, root string, f *analyzer.Finding, rel func(string) string) bool {
	set, err := analyzer.LoadBaseline(cfg, root)
	if err != nil {
		return false // the per-package pass already reported it
	}
	return set.Known(f.Rule, rel(f.Pos), f.Message)
}

// printWhole prints whole-program findings in the text format of the others.
func printWhole(fs []wholeFinding, w io.Writer) int {
	cwd, _ := os.Getwd()
	for _, f := range fs {
		file, line, col := effect.SplitPos(f.pos)
		if rel, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		}
		fmt.Fprintf(w, "%s:%d:%d: %s\n", file, line, col, f.message)
	}
	return len(fs)
}

// printWholeJSON adds whole-program findings as one more JSON object in
// go vet's shape, under the pseudo-package "(whole program)".
func printWholeJSON(fs []wholeFinding, w io.Writer) {
	if len(fs) == 0 {
		return
	}
	type diag struct {
		Category string `json:"category"`
		Posn     string `json:"posn"`
		Message  string `json:"message"`
	}
	var ds []diag
	for _, f := range fs {
		ds = append(ds, diag{Category: f.rule, Posn: f.pos, Message: f.message})
	}
	data, _ := json.MarshalIndent(map[string]map[string][]diag{"(whole program)": {"jobeffects": ds}}, "", "\t")
	fmt.Fprintf(w, "%s\n", data)
}
