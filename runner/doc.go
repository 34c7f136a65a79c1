// Package runner drives the jobeffects analysis for the command, as
// staticcheck's lintcmd/runner drives its analyzers: go vet,
// golangci-lint and nogo run package analyzer themselves, one package at
// a time; the jobeffects command loads the whole program and hands it to
// a Runner.
//
// A Runner owns what a run of the command shares across packages:
//
//	factstore.go  one store of every package's facts instead of the checker's per-action copies
//	runner.go     the concurrency limit (GOMAXPROCS passes at once), the Around hook each pass runs under
//	factcache.go  packages' facts (and main-module results) kept across runs, by content
//	cachekey.go   what names a package in that cache: binary, toolchain, options, files, settings' digest
//	whole.go      the whole-program hand-off: each finished package's SSA built and its syntax freed,
//	              then package wholeprogram over the results
//
// Options flow one way: the command's flags fill an analyzer.Options (the
// user's settings, analyzer.Settings), which the runner passes to the
// analyzer untouched, with the hooks (analyzer.Hooks) that are the
// runner's alone.
package runner
