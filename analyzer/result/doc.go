// Package result holds what the analysis of one package produces for the
// phases after it: the handlers it found with their effects and findings,
// the registrations it could not resolve, the enqueue-side dedup options
// and the retry policies it read, and the diagnostics that belong to no
// handler (directives). The whole-program phase takes these and returns
// new ones; the inventory assembles them; the command prints their
// findings. Positions are "file:line:col" strings, as in facts.
package result
