// Package infer reads a call the analysis cannot follow as a reviewer
// does: from its names and signature. A reviewer reading
// gh.Issues.Create(ctx, owner, repo, req) or notifier.SendEmail(ctx, msg)
// knows what each does even when the code behind the interface or in the
// unavailable package is not in sight; jobeffects says unknown. The
// rules are data (names.yaml): verbs at the start of the name
// (Create…/Insert…/Send…/Charge… taking a payload write or send,
// Get…/List…/Find… returning data read, Set…/Delete… by key are
// idempotent), the context words of the name, receiver type, field and
// package that pick the channel (email, SMS, push, money) or the store
// (database, cache, queue, remote API) and veto readings (telemetry,
// in-memory containers), and the HTTP paths that make a POST a query or
// a GET an action.
//
// A reading (effect.Reading) travels with the unknown effect it reads and
// is applied only where a handler's findings are decided (Apply), so that
// the whole-program phase still resolves the call when it can: a call
// the code or the catalog decides is never decided by its name. An
// applied reading marks the effect by: name, and a handler whose worst
// effects are inferred has medium confidence. -strict and the config's
// infer: false leave readings unapplied.
//
// Files: table.go (the table and its loading), read.go (reading a call),
// http.go (reading an HTTP call's path), apply.go (applying readings to
// a handler's effects), words.go (splitting names into words).
package infer
