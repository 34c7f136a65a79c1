package main

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/settings"
)

// One analysis, many outputs. The run cache (cache.go) keeps the analysis
// — the packages' results after the whole-program phase — under a key made
// of what the analysis reads (the packages, the settings, the flags that
// change what is analysed), not of how it is printed. Text, JSON, SARIF,
// an inventory, -fail-on and -exit-zero are renderings of the same
// results: a run asking for another format, or an inventory after a lint
// run, replays the analysis and renders it, in milliseconds.
//
// An analysis with load, type or analysis errors is kept too: the key
// covers every file the errors come from and the errors go list reports
// (a module the proxy refused is a package without files, whose error is
// what the key hashes), and the errors are part of what the analysis
// printed. Its replay prints them again, lists the same incomplete
// packages and exits 2, without loading the 500 packages that did load
// (issue 31). The exit status is never in the entry: 1 (findings) or 0 is
// decided from the replayed results, as on a first run. A run that failed
// for want of the network is not kept (cache.go).

// cachedAnalysis is what an entry holds.
type cachedAnalysis struct {
	Results    []*result.Result
	Root       string
	Errors     int
	Incomplete map[string]string
	// Configs are the configs the analysis built without an error: a
	// replay's report options (reportopts.go) need to know only that of
	// a config, and parse it instead of building it again
	// (settings.Session.Vouch).
	Configs []settings.Input
}

// analysisArgs are the arguments that decide an analysis: the options
// that change what is loaded or concluded, and the patterns. Output flags
// are not among them.
func analysisArgs(patterns []string, opts options) []string {
	args := []string{"analysis", "-tags=" + opts.tags}
	// -strict, -config, -safe; -baseline and -rules are empty unless
	// the analysis needs them (reportopts.go).
	args = append(args, opts.Options.Args(analyzer.Command)...)
	args = append(args,
		"-no-baseline="+strconv.FormatBool(opts.NoBaseline),
		"-whole="+strconv.FormatBool(opts.whole),
		"-test="+strconv.FormatBool(opts.tests),
		"-show-paths="+strconv.FormatBool(opts.showPaths),
		// -debug=phases prints the phases' times: a run with it is kept
		// apart, so that a run without it does not replay them.
		"-debug="+opts.debug,
	)
	if v := os.Getenv(analyzer.TestPanicEnv); v != "" {
		// The tests' forced failures change what the run concludes.
		args = append(args, "-test-panic="+v)
	}
	args = append(args, "--")
	return append(args, patterns...)
}

// analyseCached is analyse through the run cache, with the options that
// only filter the findings (-baseline, -rules) applied to its results
// (reportopts.go): they are not in the key.
func analyseCached(patterns []string, opts options, stderr io.Writer) (*session, error) {
	aopts, ro := deferReport(opts, false)
	if ro.rules == "" {
		r, err := analyseKeyed(patterns, aopts, stderr)
		if err != nil {
			return r, err
		}
		_, err = ro.applyTo(r)
		return r, err
	}
	// What the analysis prints waits until it is known to be the run's:
	// a rule list that turns on a rule the analysis had off asks for an
	// analysis with it, which prints its own.
	var printed bytes.Buffer
	r, err := analyseKeyed(patterns, aopts, &printed)
	if err == nil {
		var ok bool
		if ok, err = ro.applyTo(r); !ok && err == nil {
			aopts, ro = deferReport(opts, true)
			if r, err = analyseKeyed(patterns, aopts, stderr); err != nil {
				return r, err
			}
			_, err = ro.applyTo(r)
			return r, err
		}
	}
	if _, werr := stderr.Write(printed.Bytes()); werr != nil && err == nil {
		err = fmt.Errorf("writing to stderr: %v", werr)
	}
	return r, err
}

// analyseKeyed is analyse through the run cache, keyed on opts.
func analyseKeyed(patterns []string, opts options, stderr io.Writer) (*session, error) {
	if opts.cpuprofile != "" || opts.memprofile != "" || opts.debug == "mem" {
		return analyse(patterns, opts, stderr) // a profile is of a real run
	}
	var (
		ran     bool
		r       *session
		err     error
		out, ew bytes.Buffer
	)
	// A run asked for the per-package answer too analyses (an entry
	// holds the whole answer only) and keeps its whole answer for the
	// runs after it, and its per-package answer as the -whole=false run's
	// entry (perpackage.go: twinArgs).
	twin := twinArgs(patterns, opts)
	code := cachedFresh(analysisArgs(patterns, opts), opts.perPackage != "", twin, &out, &ew, func(stdout, stderr io.Writer) (int, []settings.Record, *cacheEntry) {
		ran = true
		r, err = analyse(patterns, opts, stderr)
		if err != nil {
			return exitError, nil, nil // no analysis: not kept
		}
		if encodeAnalysis(stdout, r) != nil {
			return exitError, nil, nil
		}
		var te *cacheEntry
		if pp := r.perPackage; twin != nil && pp != nil && pp.encoded != nil {
			te = &cacheEntry{Stdout: pp.encoded, Stderr: pp.printed, Code: exitClean}
		}
		return exitClean, r.settings.Resolved(), te // the entry's status: an analysis was made
	})
	if !ran {
		if code != exitClean {
			return analyse(patterns, opts, stderr)
		}
		if r, err = decodeAnalysis(&out); err != nil {
			// An entry that does not decode (written by a forger who
			// resealed it): analyse instead.
			return analyse(patterns, opts, stderr)
		}
	}
	if _, werr := stderr.Write(ew.Bytes()); werr != nil && err == nil {
		err = fmt.Errorf("writing to stderr: %v", werr)
	}
	return r, err
}

// encodeAnalysis writes r's results as an entry holds them.
func encodeAnalysis(w io.Writer, r *session) error {
	for _, res := range r.results {
		res.Summaries = nil // the whole-program phase's input, done
	}
	c := cachedAnalysis{Results: r.results, Root: r.root, Errors: r.errors, Incomplete: r.incomplete}
	if r.settings != nil {
		c.Configs = r.settings.BuiltConfigs()
	}
	return gob.NewEncoder(w).Encode(c)
}

// decodeAnalysis reads an entry's analysis back. Its session knows the
// configs the analysis built (settings.Session.Vouch): the report options
// do not build them again.
func decodeAnalysis(in io.Reader) (*session, error) {
	var c cachedAnalysis
	if err := gob.NewDecoder(in).Decode(&c); err != nil {
		return nil, err
	}
	r := &session{results: c.Results, root: c.Root, errors: c.Errors, incomplete: c.Incomplete, settings: settings.NewSession()}
	r.settings.Vouch(c.Configs)
	return r, nil
}
