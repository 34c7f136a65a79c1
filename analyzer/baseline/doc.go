// Package baseline lets a team adopt jobeffects on a codebase that already
// has findings: only findings that are not in the baseline fail the run.
//
// A baseline is an inventory written earlier (jobeffects inventory -o
// FILE): its findings are the known ones. A finding is known when the
// baseline holds one with the same rule, in the same file, with the same
// message once line and column numbers are taken out of both. Line numbers
// are left out because unrelated edits move code; the message still names
// the handler, the worst effect, its target and the path, so a new effect,
// a worse one or a new path is a new finding.
//
// Suppressed findings in the baseline count as known too. Directive
// hygiene (bad-ignore, stale-ignore) is never baselined.
package baseline
