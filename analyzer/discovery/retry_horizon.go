package discovery

import (
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
)

// The retry horizon (how long after its first delivery a job can still run
// again; package horizon computes it) needs two facts about the program
// besides the runs a policy allows: whether the client replaces the
// framework's default backoff, and whether the program replays dead
// letters. Both are read here as client-wide (Global) Retry entries that
// carry no policy text of their own.

// customBackoff are the client config fields that replace a framework's
// default backoff, by config type (the catalog's frameworks'
// custom_backoff: asynq.Config's RetryDelayFunc, river.Config's
// RetryPolicy): a store into one makes the horizon unknown.
var customBackoff = sync.OnceValue(func() map[string]struct{ framework, field string } {
	out := map[string]struct{ framework, field string }{}
	for _, fw := range builtinFrameworks() {
		if cb := fw.CustomBackoff; cb != nil {
			out[cb.Type] = struct{ framework, field string }{fw.Name, cb.Field}
		}
	}
	return out
})

// configBackoff recognises asynq.Config{RetryDelayFunc: f} and
// river.Config{RetryPolicy: p}.
func configBackoff(st *ssa.Store) (Retry, bool) {
	typ, field, ok := storedField(st)
	if !ok {
		return Retry{}, false
	}
	cb, ok := customBackoff()[typ]
	if !ok || field != cb.field {
		return Retry{}, false
	}
	if c, ok := st.Val.(*ssa.Const); ok && c.IsNil() {
		return Retry{}, false // the default
	}
	name := typ[strings.LastIndex(typ, ".")+1:]
	return Retry{Framework: cb.framework, Global: true, Pos: st.Pos(), Backoff: name + "." + cb.field}, true
}

// storedField names the struct field a store writes to: the struct's
// named type ("github.com/riverqueue/river.Config") and the field
// ("MaxAttempts"), as a composite literal or an assignment stores them.
func storedField(st *ssa.Store) (typ, field string, ok bool) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return "", "", false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return "", "", false
	}
	n, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", "", false
	}
	sv, ok := n.Underlying().(*types.Struct)
	if !ok {
		return "", "", false
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name(), sv.Field(fa.Field).Name(), true
}

// replayCalls are the calls that run a job again after its retries ended
// (a dead-letter replay), by models.FuncKey: the catalog's frameworks'
// replays (asynq's Inspector.RunTask and RunAllArchivedTasks, River's
// Client.JobRetry and JobRetryTx).
var replayCalls = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, fw := range builtinFrameworks() {
		for _, key := range fw.Replays {
			out[key] = fw.Name
		}
	}
	return out
})

// rerunCalls are the calls by which a job runs again whatever its retry
// policy, in the framework versions where a policy of a single run is
// otherwise a single delivery (the catalog's frameworks' once_since
// unless: River's JobSnooze), by models.FuncKey.
var rerunCalls = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, fw := range builtinFrameworks() {
		if b := fw.OnceSince; b != nil {
			for _, key := range b.Unless {
				out[key] = fw.Name
			}
		}
	}
	return out
})

// middlewareFields are the client config fields whose middleware may
// change a job's policy or run its work again, by config type (the
// catalog's frameworks' once_since unless_fields: river.Config's
// JobInsertMiddleware, WorkerMiddleware and Middleware).
var middlewareFields = sync.OnceValue(func() map[string]struct {
	framework string
	fields    []string
} {
	out := map[string]struct {
		framework string
		fields    []string
	}{}
	for _, fw := range builtinFrameworks() {
		if b := fw.OnceSince; b != nil && b.UnlessFields != nil {
			out[b.UnlessFields.Type] = struct {
				framework string
				fields    []string
			}{fw.Name, b.UnlessFields.Fields}
		}
	}
	return out
})

// configMiddleware recognises river.Config{WorkerMiddleware: m} (a store
// of anything but nil).
func configMiddleware(st *ssa.Store) (Retry, bool) {
	typ, field, ok := storedField(st)
	if !ok {
		return Retry{}, false
	}
	mw, ok := middlewareFields()[typ]
	if !ok || !slices.Contains(mw.fields, field) {
		return Retry{}, false
	}
	if c, ok := st.Val.(*ssa.Const); ok && c.IsNil() {
		return Retry{}, false
	}
	name := typ[strings.LastIndex(typ, ".")+1:]
	return Retry{Framework: mw.framework, Global: true, Unread: true, Pos: st.Pos(), Policy: name + "." + field + " set"}, true
}

// replay is the client-wide Retry a dead-letter replay makes.
func replay(framework, key string, call *ssa.Call) []Retry {
	return []Retry{{Framework: framework, Global: true, Replay: true, Pos: call.Pos(), Policy: "dead-letter replay " + key}}
}

// builtinFrameworks are the embedded catalog's frameworks.
func builtinFrameworks() []catalog.Framework {
	builtin, err := Builtin()
	if err != nil {
		return nil // the catalog's error fails the run (package settings reads it first)
	}
	return builtin.Frameworks
}
