// Command testtimes reads `go test -json` on stdin, passes the tests'
// output through as `go test` would print it, and ends with the time of
// each package and of the slowest tests, so a test that grows slow is
// seen in CI's log before it reaches go test's 10-minute timeout.
//
//	go test -json ./... | go run ./scripts/testtimes [-top 15]
//
// It exits 1 when a package or test failed (or the stream says nothing),
// so `set -o pipefail` is not needed to fail the build.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of test2json's stream.
type event struct {
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

type timing struct {
	name    string
	seconds float64
	action  string
}

func main() {
	top := flag.Int("top", 15, "how many of the slowest tests to list")
	flag.Parse()
	os.Exit(run(os.Stdin, os.Stdout, *top))
}

func run(in io.Reader, out io.Writer, top int) int {
	var pkgs, tests []timing
	logs := map[string]*strings.Builder{} // a running test's output, printed if it fails
	failed, seen := false, false
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			// Not test2json (a build error printed by go test): pass it on.
			fmt.Fprintln(out, sc.Text())
			continue
		}
		seen = true
		switch e.Action {
		case "output":
			// Package-level lines (ok/FAIL, build output) go out at once;
			// a test's output is held until it ends and printed only if
			// it failed, as go test does without -v.
			if e.Test == "" {
				io.WriteString(out, e.Output)
				break
			}
			k := e.Package + " " + e.Test
			if logs[k] == nil {
				logs[k] = new(strings.Builder)
			}
			logs[k].WriteString(e.Output)
		case "pass", "fail", "skip":
			if e.Test != "" {
				k := e.Package + " " + e.Test
				if e.Action == "fail" && logs[k] != nil {
					io.WriteString(out, logs[k].String())
				}
				delete(logs, k)
			}
			if e.Action == "fail" {
				failed = true
			}
			if e.Test == "" {
				pkgs = append(pkgs, timing{e.Package, e.Elapsed, e.Action})
			} else if !strings.Contains(e.Test, "/") {
				tests = append(tests, timing{e.Package + " " + e.Test, e.Elapsed, e.Action})
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(out, "testtimes:", err)
		return 1
	}
	bySlowest := func(ts []timing) {
		sort.Slice(ts, func(i, j int) bool {
			if ts[i].seconds != ts[j].seconds {
				return ts[i].seconds > ts[j].seconds
			}
			return ts[i].name < ts[j].name
		})
	}
	bySlowest(pkgs)
	bySlowest(tests)
	fmt.Fprintln(out, "\nPackage times (wall, go test's default timeout is 600 s per package):")
	for _, p := range pkgs {
		fmt.Fprintf(out, "%8.1fs  %-4s %s\n", p.seconds, p.action, p.name)
	}
	if len(tests) > top {
		tests = tests[:top]
	}
	fmt.Fprintf(out, "\nSlowest tests:\n")
	for _, t := range tests {
		fmt.Fprintf(out, "%8.1fs  %-4s %s\n", t.seconds, t.action, t.name)
	}
	if failed || !seen {
		return 1
	}
	return 0
}
