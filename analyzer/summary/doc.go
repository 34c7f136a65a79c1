// Package summary computes, for every function of a package, the side
// effects a call to it can have: its effect summary.
//
// Summaries are built bottom-up over the package's static call graph
// (strongly connected components iterated to a fixed point), from SSA.
// Calls into modeled libraries are matched against models.Index; calls into
// other analysed packages use the callee's summary, imported as an analysis
// fact; calls the package cannot resolve (interface methods with no model,
// function values) become unknown effects that name the method or value, so
// nothing is dropped and nothing unresolved is called safe.
//
// A summary is self-contained: each effect carries its whole evidence path
// as strings, because go vet hands an analysis only the facts of direct
// imports. Effects that run on a parameter of the function (a transaction
// passed down) say which parameter (Effect.Exec), so a caller can tell
// whether they share a transaction with its claim. A function value passed
// as an argument is taken as called at that call (transaction callbacks,
// errgroup, sync.Once); a function that calls one of its own func-typed
// parameters records so (CallsParams), and its callers substitute what they
// pass. The guard package marks, per function, which effects a claim,
// completion or key protects; those marks travel up with the effects, as
// do the //jobeffects:ignore directives on their lines.
//
// Files: package.go (building a package's summaries over its SCCs,
// scc.go), walker.go (one function), calls.go (static and interface
// calls), funcvalues.go (calls of function values), tx.go (transaction
// handles), model.go (applying a library model, one applier per field
// group), chain.go (query-builder chains), orm.go (ORM tables and hooks),
// document.go (MongoDB update documents), fragment.go (SQL fragments),
// keys.go (idempotency keys and their sources), values.go and source.go
// (constant strings and source text), fact.go (the fact and its
// normalisation), names.go (display names and keys), memory.go (writes to
// memory that outlives the delivery: memory_write effects), channels.go
// (work sent on a channel is done by the functions receiving from it),
// cond.go (the tests of parameters an effect's branch needs, decided by
// the constants a caller passes: effect.Cond).
package summary
