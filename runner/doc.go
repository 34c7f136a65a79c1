// Package runner drives the jobeffects analysis for the command, as
// staticcheck's lintcmd/runner drives its analyzers: go vet,
// golangci-lint and nogo run package analyzer themselves, one package at
// a time; the jobeffects command loads the whole program's metadata and
// hands it to a Runner, which type-checks each package when its pass is
// about to run.
//
// A Runner owns what a run of the command shares across packages:
//
//	loader.go     each package parsed and type-checked on demand, as go/packages would
//	execute.go    the action graph (checker.Action values) run package by package, each type-checked in its pass's slot
//	factstore.go  one store of every package's facts instead of the checker's per-action copies
//	runner.go     the concurrency limit (GOMAXPROCS passes at once), the Around hook each pass runs under
//	factcache.go  packages' facts (and main-module results) kept across runs, by content
//	cachekey.go   what names a package in that cache: binary, toolchain, options, files, settings' digest
//	exportdata.go body-less dependencies' types kept in their entries, read on reruns instead of type-checking them
//	whole.go      the whole-program hand-off: each package's SSA created when it is type-checked, built
//	              when its pass is done and its syntax freed,
//	              then package wholeprogram over the results
//
// Options flow one way: the command's flags fill an analyzer.Options (the
// user's settings, analyzer.Settings), which the runner passes to the
// analyzer untouched, with the hooks (analyzer.Hooks) that are the
// runner's alone.
package runner
