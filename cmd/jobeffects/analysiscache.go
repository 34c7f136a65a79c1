package main

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"io"
	"strconv"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// One analysis, many outputs. The run cache (cache.go) keeps the analysis
// — the packages' results after the whole-program phase — under a key made
// of what the analysis reads (the packages, the settings, the flags that
// change what is analysed), not of how it is printed. Text, JSON, SARIF,
// an inventory, -fail-on and -exit-zero are renderings of the same
// results: a run asking for another format, or an inventory after a lint
// run, replays the analysis and renders it, in milliseconds.
//
// Only complete analyses are kept (no load, type or analysis errors), as
// before; the warnings the analysis printed are replayed with it.

// cachedAnalysis is what an entry holds.
type cachedAnalysis struct {
	Results []*result.Result
	Root    string
}

// analysisArgs are the arguments that decide an analysis: the options
// that change what is loaded or concluded, and the patterns. Output flags
// are not among them.
func analysisArgs(patterns []string, opts options) []string {
	args := []string{
		"analysis",
		"-tags=" + opts.tags,
		"-strict=" + strconv.FormatBool(opts.strict),
		"-config=" + opts.config,
		"-baseline=" + opts.baseline,
		"-whole=" + strconv.FormatBool(opts.whole),
		"-test=" + strconv.FormatBool(opts.tests),
		"-safe=" + strconv.FormatBool(opts.safe),
		"-rules=" + opts.rules,
		"-show-paths=" + strconv.FormatBool(opts.showPaths),
		// -debug=phases prints the phases' times: a run with it is kept
		// apart, so that a run without it does not replay them.
		"-debug=" + opts.debug,
		"--",
	}
	return append(args, patterns...)
}

// analyseCached is analyse through the run cache.
func analyseCached(patterns []string, opts options, stderr io.Writer) (*session, error) {
	if opts.cpuprofile != "" || opts.memprofile != "" {
		return analyse(patterns, opts, stderr) // a profile is of a real run
	}
	var (
		ran     bool
		r       *session
		err     error
		out, ew bytes.Buffer
	)
	code := cached(analysisArgs(patterns, opts), &out, &ew, func(stdout, stderr io.Writer) int {
		ran = true
		r, err = analyse(patterns, opts, stderr)
		if err != nil || r.errors > 0 {
			return exitError // not kept
		}
		for _, res := range r.results {
			res.Summaries = nil // the whole-program phase's input, done
		}
		if gob.NewEncoder(stdout).Encode(cachedAnalysis{Results: r.results, Root: r.root}) != nil {
			return exitError
		}
		return exitClean
	})
	if !ran {
		var c cachedAnalysis
		if code != exitClean || gob.NewDecoder(&out).Decode(&c) != nil {
			// An entry that does not decode (written by a forger who
			// resealed it): analyse instead.
			return analyse(patterns, opts, stderr)
		}
		r = &session{results: c.Results, root: c.Root}
	}
	if _, werr := stderr.Write(ew.Bytes()); werr != nil && err == nil {
		err = fmt.Errorf("writing to stderr: %v", werr)
	}
	return r, err
}
