package inventory

import (
	"strings"

	"golang.org/x/mod/semver"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/report"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// SingleRun decides the handlers that run at most once because every
// retry policy that applies to them allows a single run and the version of
// their framework the program builds with never runs such a job again
// (the catalog's once_since: River before v0.44.0 discards a job out of
// attempts whatever stopped it, job_executor.go reportError and the
// rescuer). Such a handler is decided as one a system never redelivers to
// (result.Handler.AtMostOnce: no unguarded finding) and SingleRun says
// why, for its retry policy.
//
// It needs the whole program, as retryFor does: the policies of every
// enqueue of the task, the args type's and the client's. Nothing changes
// where one enqueue sets more runs or none (the framework's default
// applies) or whose options are not read (a River periodic job's
// constructor that returns InsertOpts), where the program replays dead
// letters or calls what runs a job again (once_since unless: River's
// JobSnooze; made in a worker's Work, only that worker's task), or where
// the version
// is not known (version returns "": a module replaced by a directory, no
// module information). go vet, one package at a time, keeps the finding.
//
// decide returns the context a result's handlers are reported with again,
// as its pass did. The input results are not modified.
func SingleRun(results []*result.Result, version func(module string) string, decide func(*result.Result) *report.Context) []*result.Result {
	var retries []result.RetryPolicy
	tasks := map[string][]string{}
	taskOf := map[string]string{} // by handler: the task another package knows (build merges them)
	for _, res := range results {
		retries = append(retries, res.Retries...)
		for _, h := range res.Handlers {
			tasks[h.Framework] = append(tasks[h.Framework], h.Task)
			if h.Task != "" && h.Task != "*" {
				taskOf[h.Framework+" "+h.FullName] = h.Task
			}
		}
	}
	out := make([]*result.Result, 0, len(results))
	for _, res := range results {
		notes := map[*result.Handler]string{}
		for _, h := range res.Handlers {
			if h.AtMostOnce {
				continue
			}
			k := *h
			if k.Task == "" || k.Task == "*" {
				k.Task = taskOf[h.Framework+" "+h.FullName]
			}
			if note := singleRunNote(&k, retries, tasks[h.Framework], version); note != "" {
				notes[h] = note
			}
		}
		if len(notes) == 0 {
			out = append(out, res)
			continue
		}
		// Decide every handler's findings again, in order, as the
		// per-package pass did (wholeprogram.Resolve does the same).
		nr := *res
		nr.Handlers = nil
		ctx := decide(&nr)
		for _, h := range res.Handlers {
			c := *h
			if note, ok := notes[h]; ok {
				c.AtMostOnce, c.SingleRun = true, note
			}
			ctx.Handler(&c)
			nr.Handlers = append(nr.Handlers, &c)
		}
		out = append(out, &nr)
	}
	return out
}

// singleRunNote is why h runs at most once in the framework version the
// program builds with, or "" when it may run again.
func singleRunNote(h *result.Handler, retries []result.RetryPolicy, registered []string, version func(string) string) string {
	fw := catalog.Lookup(h.Framework)
	if fw == nil || fw.OnceSince == nil || version == nil {
		return ""
	}
	b := fw.OnceSince
	v := version(b.Module)
	if !semver.IsValid(v) || semver.Compare(v, b.Version) >= 0 {
		return ""
	}
	if !singleRunPolicies(h, retries, registered) {
		return ""
	}
	return "at most once in " + b.Module + " " + v + " (before " + b.Version + "): " + b.Before
}

// singleRunPolicies reports whether every retry policy that applies to h
// allows a single run: the policies its enqueues set and, for the
// enqueues that set none (or when none is seen), the args type's, else
// the client's (retryFor's order); never the framework's default.
func singleRunPolicies(h *result.Handler, retries []result.RetryPolicy, registered []string) bool {
	var sites, types, global []result.RetryPolicy
	fallback := false
	for _, r := range retries {
		if r.Framework != h.Framework {
			continue
		}
		switch {
		case r.Replay || r.Rerun && r.Global:
			return false // a finished job runs again
		case r.Rerun:
			if r.Task == h.Task || r.Handler != "" && r.Handler == h.FullName {
				return false // this worker snoozes: its job runs again
			}
			continue // another worker's snooze
		case r.Unread:
			return false // an enqueue whose policy is not known
		case r.Backoff != "":
			continue // the backoff, not the number of runs
		case r.Global:
			global = append(global, r)
			continue
		}
		matches := r.Handler != "" && r.Handler == h.FullName ||
			r.Task != "" && r.Task == h.Task ||
			r.Framework == "asynq" && r.Task != "" && h.Task != "" && strings.HasPrefix(r.Task, h.Task) && longestPrefix(r.Task, registered) == h.Task
		switch {
		case !matches:
		case r.Default:
			fallback = true
		case r.Type:
			types = append(types, r)
		default:
			sites = append(sites, r)
		}
	}
	all := sites
	if fallback || len(sites) == 0 {
		switch {
		case len(types) > 0:
			all = append(all, types...)
		case len(global) > 0:
			all = append(all, global...)
		default:
			return false // the framework's default
		}
	}
	for _, r := range all {
		if !r.Once || r.Runs != 1 {
			return false
		}
	}
	return len(all) > 0
}
