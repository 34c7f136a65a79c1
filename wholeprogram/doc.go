// Package wholeprogram resolves, over the whole loaded program, the calls
// a single package cannot: interface method calls and calls of function
// values, wired up elsewhere (Deps{Notifier: &webhook.Poster{}} in main).
//
// It follows govulncheck's recipe, rooted at the discovered handlers
// instead of every exported function: SSA for the program's own and
// unmodeled packages (modeled libraries and the standard library keep
// their bodies out), a CHA call graph, the forward slice of it reachable
// from the handlers without entering modeled packages, and VTA on that
// slice. Each unknown dynamic-call effect of a handler is replaced by the
// effects of the functions VTA says the call reaches (their summaries, as
// the per-package pass computed them), with the dynamic hop in the path;
// a call VTA cannot resolve stays unknown, with the reason.
//
// It also joins library callbacks the program registers in one place to
// the operations that run them elsewhere (callbacks.go): a gorm callback
// registered on the update chain is an effect of every Update a handler
// makes, an ent hook installed with client.User.Use (or declared by the
// User schema's Hooks()) of every user mutation its hook.On allows. The catalog says how each library
// registers them (models.CallbackRegistry) and which operations run which
// chain (Model.Runs).
//
// A function discovery found by its shape alone (a weak candidate, an
// unregistered workflow helper) that a handler of another package reaches,
// by a static call or through an interface, is that handler's work and is
// no longer listed as a handler (handlerwork.go).
//
// go vet runs one package at a time and cannot do this; the jobeffects
// command does it for the inventory and, by default, for its diagnostics.
package wholeprogram
