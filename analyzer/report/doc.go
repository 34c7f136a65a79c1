// Package report turns what the analysis knows about a handler into its
// findings: which rule applies, the message, what silences it (a
// //jobeffects:ignore on the handler, the effect or the pitfall, carried
// in the facts with them), what the baseline already knows, and the
// diagnostic it is reported as, with the evidence path as related
// positions. It also checks the directives themselves (bad-ignore,
// stale-ignore).
//
// Both the per-package pass and the whole-program phase call Handler, so
// a finding is decided in one place whichever driver runs. Diagnostics
// are plain data (result.Diagnostic); Emit turns them into go vet's
// analysis.Diagnostic, making token positions for files of other packages
// from their "file:line:col" without reading those files.
package report
