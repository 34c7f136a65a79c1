// Package analyzer defines the jobeffects analysis: for every package it
// discovers job handlers, summarises every function's side effects
// (exported as facts so callers in other packages see them), decides which
// effects are guarded against a second delivery, and reports the handlers
// whose non-idempotent effects are not.
//
// One Analyzer serves both drivers: go vet -vettool (unitchecker, one
// process per package, facts passed through vetx files) and the jobeffects
// command (go/analysis/checker over go/packages). Options are a value given
// to New; under go vet they are the analyzer's flags.
//
// The pipeline of one package (run, in analyzer.go):
//
//	settings   config, catalog, baseline, migrations      settings.go, settings (config, catalog, models, baseline, triggers)
//	SSA        the package's functions and closures       ssa.go
//	summaries  each function's effects, bottom-up; facts  summaries.go, summary (sqlclass, guard, directive)
//	discovery  handlers, registrations, dedups, retries   handlers.go, discovery
//	findings   rule, message, suppression, baseline       report, rules
//	result     what the later phases read                 result
//
// The sub-packages, one concern each:
//
//	effect     the vocabulary: effects, paths, risk, guards
//	catalog    library and framework knowledge as data (YAML)
//	models     the catalog's library models, indexed for lookups
//	sqlclass   SQL classification with the PostgreSQL parser
//	triggers   database triggers read from migrations
//	ssavalue   small readers of SSA values (constants, literals, fields)
//	directive  //jobeffects:ignore and //jobeffects:handler comments
//	summary    per-function effect summaries (the facts)
//	guard      claims, completions, keys and acknowledgements; their pitfalls
//	discovery  finding handlers and the retry policies set in code
//	rules      the table of rules the tool reports
//	report     findings and diagnostics from handlers and their effects
//	result     the per-package result
//	settings   the one reader of the config, baseline and migrations; the files it read (the caches' keys)
//	config     .jobeffects.yaml
//	baseline   findings already known (an earlier inventory)
//
// After the analysis, package wholeprogram resolves over the whole loaded
// program what one package cannot (interface and func-value calls,
// registered ORM callbacks) and package inventory assembles the results.
package analyzer
