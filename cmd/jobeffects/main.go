// Command jobeffects reports background-job handlers whose side effects
// would happen twice when a job is delivered twice, and writes a risk
// inventory of every handler.
//
// Usage:
//
//	go vet -vettool=$(which jobeffects) ./...   # per-package, via go vet
//	jobeffects [-json] [-strict] ./...            # the same, standalone
//	jobeffects inventory [-o file] [-summary] ./...
//
// Exit codes: 0 when nothing is reported, 1 when findings are reported,
// 2 when packages fail to load or type-check, or on bad flags.
//
// When go vet invokes it (with -V=full, -flags, or a *.cfg unit file) it
// speaks go vet's protocol through unitchecker; otherwise it loads the
// packages itself with go/packages and runs the analysis with
// go/analysis/checker, as singlechecker does.
//
// One analysis, many outputs: the run cache (cache.go, analysiscache.go)
// keys an analysis on what it reads and on the options that change it
// (-strict, -config, -safe, -whole, -test, -tags, the patterns), never on
// how it is printed or filtered. -format, -fail-on, -min-confidence,
// -exit-zero and the inventory render the results; -baseline (and its
// content) and -rules are applied to them after the analysis
// (reportopts.go), so a run that changes only those replays the entry.
package main

import (
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/settings"
)

func main() {
	args := os.Args[1:]
	catalog.CacheIn(catalogCacheDir()) // catalogcache.go
	if isVetProtocol(args) {
		trimDaily() // cacheclean.go: one small read, a walk once a day
		if cfg := args[len(args)-1]; strings.HasSuffix(cfg, ".cfg") {
			if code, ok := stdVetx(args, cfg); ok { // stdvetx.go
				os.Exit(code)
			}
		}
		registerVetVersion()
		setVetUnitGC()                     // vetgc.go
		settings.CacheIn(schemaCacheDir()) // catalogcache.go: the units share the module's scan
		// go vet shows a vet tool's stderr: warnings go there.
		a := analyzer.WithHooks(analyzer.Options{}, analyzer.Hooks{Warnings: os.Stderr})
		unitchecker.Main(a)
		return
	}
	setMemoryLimit() // memlimit.go: a container's limit, none otherwise
	code := run(args, os.Stdout, os.Stderr)
	// After the run: -C has moved to the directory a relative
	// JOBEFFECTS_CACHE_DIR is relative to, and `jobeffects cache` does
	// its own trimming.
	if len(args) == 0 || args[0] != "cache" {
		trimDaily() // cacheclean.go
	}
	os.Exit(code)
}

// isVetProtocol reports whether go vet is calling: it asks for the version
// (-V=full) and the flags (-flags), then passes a unit config file.
func isVetProtocol(args []string) bool {
	for _, a := range args {
		if a == "-V=full" || a == "-flags" || a == "--flags" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}
