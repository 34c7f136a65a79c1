// Package inventory assembles the per-package results of the jobeffects
// analysis into the risk inventory of every handler (schema
// jobeffects/inventory/v1) and renders it as YAML or as a short human
// summary.
//
// Assembly merges what different packages know about one handler: the
// defining package has its effects, the registering package its task name
// and registration site. Registrations whose handler could not be resolved
// are joined by framework and task, or listed as handlers of unknown risk.
// Everything is sorted and positions are made module-relative, so the
// same code gives a byte-identical inventory on every run and machine.
//
// Two whole-program decisions are made here, before the inventory is
// built, for the command's diagnostics too: the claim tables' lifecycle
// rules (Lifecycle) and the handlers that run at most once because every
// retry policy that applies allows one run in the framework version the
// program builds with (SingleRun: River before v0.44.0).
package inventory
