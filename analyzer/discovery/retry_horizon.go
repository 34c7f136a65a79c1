package discovery

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The retry horizon (how long after its first delivery a job can still run
// again; package horizon computes it) needs two facts about the program
// besides the runs a policy allows: whether the client replaces the
// framework's default backoff, and whether the program replays dead
// letters. Both are read here as client-wide (Global) Retry entries that
// carry no policy text of their own.

// customBackoff are the client config fields that replace a framework's
// default backoff, by config type: a store into one makes the horizon
// unknown.
var customBackoff = map[string]struct{ framework, field string }{
	"github.com/hibiken/asynq.Config":    {"asynq", "RetryDelayFunc"},
	"github.com/riverqueue/river.Config": {"river", "RetryPolicy"},
}

// configBackoff recognises asynq.Config{RetryDelayFunc: f} and
// river.Config{RetryPolicy: p}.
func configBackoff(st *ssa.Store) (Retry, bool) {
	typ, field, ok := storedField(st)
	if !ok {
		return Retry{}, false
	}
	cb, ok := customBackoff[typ]
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
// (a dead-letter replay), by models.FuncKey: asynq v0.26.0 inspector.go
// RunTask (an archived, retry or scheduled task, by ID) and
// RunAllArchivedTasks; River v0.51.2 client.go JobRetry / JobRetryTx (a
// discarded or completed job, by ID).
var replayCalls = map[string]string{
	"(*github.com/hibiken/asynq.Inspector).RunTask":             "asynq",
	"(*github.com/hibiken/asynq.Inspector).RunAllArchivedTasks": "asynq",
	"(*github.com/riverqueue/river.Client).JobRetry":            "river",
	"(*github.com/riverqueue/river.Client).JobRetryTx":          "river",
}

func init() {
	for key, fw := range replayCalls {
		retryCalls[key] = func(_ *Env, call *ssa.Call, _ []ssa.Value) []Retry {
			return []Retry{{Framework: fw, Global: true, Replay: true, Pos: call.Pos(), Policy: "dead-letter replay " + key}}
		}
	}
}
