// Package analyzer defines the jobeffects analysis: for every package it
// discovers job handlers, summarises every function's side effects
// (exported as facts so callers in other packages see them), decides which
// effects are guarded against a second delivery, and reports the handlers
// whose non-idempotent effects are not.
//
// One Analyzer serves both drivers: go vet -vettool (unitchecker, one
// process per package, facts passed through vetx files) and the jobeffects
// command (go/analysis/checker over go/packages). Its per-package Result
// carries the handlers with their effects for the inventory.
//
// The work is split by concern into sub-packages: effect (the vocabulary),
// models (library models as data), sqlclass (SQL classification), summary
// (per-function effect summaries), guard (claims, completions, keys and
// their pitfalls) and discovery (finding handlers).
package analyzer
