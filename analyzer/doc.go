// Package analyzer defines the jobeffects analysis: for every package it
// discovers job handlers, summarises every function's side effects
// (exported as facts so callers in other packages see them), decides which
// effects are guarded against a second delivery, and reports the handlers
// whose non-idempotent effects are not.
//
// It is exactly what go vet -vettool (unitchecker: one process per
// package, facts passed through vetx files), golangci-lint (package
// golangci) and nogo run: the Analyzer, its user options and the
// per-package pipeline. The jobeffects command runs the same Analyzer
// through package runner, which adds what a whole-program run shares
// (one fact store, the fact cache, the concurrency limit, the hand-off to
// package wholeprogram) through Hooks.
//
// Options flow one way. What a user sets is Options (strict, config,
// baseline, rules, unresolved, safe), each defined once in the table
// Settings with the surfaces that have it: go vet's -jobeffects.NAME flags
// (Register(fs, Vet)), the command's -NAME flags (Register(fs, Command)),
// golangci-lint's settings (DecodeGolangci). What a driver sets is Hooks
// (Around, Settings, Warnings, OnFailure, KeepSummaries, KeepPaths,
// Whole); New is WithHooks with none.
//
// The pipeline of one package (runPass, in analyzer.go):
//
//	settings   config, catalog, baseline, migrations      settings.go, settings (config, catalog, models, baseline, triggers)
//	SSA        the package's functions and closures       ssa.go
//	summaries  each function's effects, bottom-up; facts  summaries.go, facts.go, summary (sqlclass, guard, directive, infer)
//	discovery  handlers, registrations, dedups, retries   handlers.go, discovery
//	wiring     go vet only: calls through fields resolved wiring.go, resolve.go
//	           by the package that stores into them
//	findings   rule, message, suppression, baseline       report, rules
//	result     what the later phases read                 result
//	failure    a panic contained to its package           failure.go
//
// wiring.go and resolve.go are go vet's substitute for the whole-program
// phase: they run inside each go vet pass, their facts are among the
// Analyzer's FactTypes, and the command (Hooks.Whole) skips them, so they
// belong here and not in runner or wholeprogram.
//
// The sub-packages, one concern each:
//
//	effect     the vocabulary: effects, paths, risk, guards
//	catalog    library and framework knowledge as data (YAML), and its schema
//	models     the catalog's library models, indexed for lookups
//	sqlclass   SQL classification with the PostgreSQL parser
//	triggers   database triggers read from migrations
//	ssavalue   small readers of SSA values (constants, literals, fields)
//	directive  //jobeffects:ignore and //jobeffects:handler comments
//	infer      how a call that cannot be followed reads by its names (names.yaml)
//	summary    per-function effect summaries (the facts)
//	guard      claims, completions, keys and acknowledgements; their pitfalls
//	discovery  finding handlers and the retry policies set in code
//	rules      the table of rules the tool reports (rules.yaml)
//	report     findings and diagnostics from handlers and their effects
//	result     the per-package result
//	settings   the one reader of the config, baseline and migrations; the requests, the module root, the files read (the caches' keys); the config's registrations merged into discovery's rules
//	config     .jobeffects.yaml
//	baseline   findings already known (an earlier inventory)
//	horizon    the retry horizon of a framework's backoff (read by package inventory)
//	yamlerr    YAML errors in the words of the files users write
//
// After the analysis, package wholeprogram resolves over the whole loaded
// program what one package cannot (interface and func-value calls,
// registered ORM callbacks) and package inventory assembles the results.
// docs/architecture.md draws the packages and lists their imports.
package analyzer
