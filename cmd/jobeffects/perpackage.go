package main

import (
	"bytes"
	"fmt"
	"go/types"
	"io"
	"maps"
	"os"
	"sort"
	"strconv"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// Two answers from one run, for the tests. The end-to-end tests compare go
// vet's answer (what -whole=false prints) with the command's on framework
// modules whose loading and analysis is tens of CPU seconds each: one run
// of the command, with JOBEFFECTS_DEBUG_PERPACKAGE=FILE, also writes to
// FILE what a -whole=false run of the same arguments would have printed on
// stderr, and to FILE.exit its exit status. Each package's pass decides
// both answers from the same summaries and discovery
// (analyzer.Hooks.PerPackage); go vet's wiring is the only part done twice.
// Such a run reads neither cache (a run-cache entry and a fact-cache entry
// hold the whole answer only, and every pass must run for go vet's) but
// writes both, as the plain run would: the runs after it (an inventory of
// the same packages) replay its whole answer. Its per-package answer is
// kept too, as the entry of the -whole=false run of the same arguments
// (twinArgs; its key computed with the run's own from one listing of the
// inputs): a -whole=false run after it, lint or inventory, replays it.
const perPackageEnv = "JOBEFFECTS_DEBUG_PERPACKAGE"

// perPackageFile is the file a lint run also writes go vet's answer to, or
// "" (not asked, or a -whole=false run, which gives that answer anyway).
func perPackageFile(opts options) string {
	if !opts.whole {
		return ""
	}
	return os.Getenv(perPackageEnv)
}

// perPackageRun collects the per-package answers of a run's passes and
// what the run prints on stderr before its whole-program phase (load and
// analysis errors, warnings: the same in both answers).
type perPackageRun struct {
	mu      sync.Mutex
	results map[*types.Package]*result.Result
	stderr  io.Writer
	printed bytes.Buffer
	done    bool // the whole-program phase began: no longer copied
}

// add is the runner's PerPackage hook; passes run concurrently.
func (p *perPackageRun) add(pkg *types.Package, res *result.Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.results[pkg] = res
}

// Write prints on the run's stderr and, until the whole-program phase,
// keeps a copy for the per-package answer.
func (p *perPackageRun) Write(b []byte) (int, error) {
	p.mu.Lock()
	if !p.done {
		p.printed.Write(b)
	}
	p.mu.Unlock()
	return p.stderr.Write(b)
}

// session is the per-package answer of the run r, after its passes: the
// roots' results as -whole=false gives them (rootResults with each pass's
// go vet answer; a package whose analysis failed has one result, the
// same in both), and r's errors so far.
func (p *perPackageRun) session(r *session, graph *checker.Graph, a *analysis.Analyzer) *session {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done = true
	var results []*result.Result
	for _, act := range graph.Roots {
		if act.Analyzer != a || act.Err != nil {
			continue
		}
		res, ok := act.Result.(*result.Result)
		if !ok || res == nil {
			continue
		}
		if v, ok := p.results[act.Package.Types]; ok && res.Failed == "" {
			res = v
		}
		results = append(results, res)
	}
	sort.Slice(results, func(i, j int) bool { return results[i].Package < results[j].Package })
	pp := &session{results: results, root: r.root, errors: r.errors, incomplete: maps.Clone(r.incomplete), printed: bytes.Clone(p.printed.Bytes()), settings: r.settings}
	// Encoded now, as a -whole=false run's entry holds its analysis: the
	// whole-program phase that follows works on the command's results,
	// which may share effects with these.
	var enc bytes.Buffer
	if encodeAnalysis(&enc, pp) == nil {
		pp.encoded = enc.Bytes()
	}
	return pp
}

// twinArgs are the arguments of the -whole=false run whose analysis a run
// asked for the per-package answer makes too (the run's analysisArgs with
// -whole=false): its per-package answer is kept as that run's entry, so a
// -whole=false run after it replays it. Not with -debug: what a run prints
// of its phases is its own (and the per-package answer stops before the
// run's totals).
func twinArgs(patterns []string, opts options) []string {
	if opts.perPackage == "" || opts.debug != "" {
		return nil
	}
	opts.whole = false
	return analysisArgs(patterns, opts)
}

// writePerPackage writes the per-package answer pp (rendered by finish, as
// the lint run renders its own) to file and its exit status to file.exit.
func writePerPackage(file string, pp *session, finish func(r *session, stdout, stderr io.Writer) int) error {
	var stdout, stderr bytes.Buffer
	stderr.Write(pp.printed)
	code := finish(pp, &stdout, &stderr)
	if stdout.Len() > 0 {
		return fmt.Errorf("%s: only the text format is written", perPackageEnv)
	}
	if err := os.WriteFile(file, stderr.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(file+".exit", []byte(strconv.Itoa(code)+"\n"), 0o644)
}
