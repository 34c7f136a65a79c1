package discovery

import (
	"go/types"

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
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return Retry{}, false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return Retry{}, false
	}
	n, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return Retry{}, false
	}
	cb, ok := customBackoff[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	if !ok || n.Underlying().(*types.Struct).Field(fa.Field).Name() != cb.field {
		return Retry{}, false
	}
	if c, ok := st.Val.(*ssa.Const); ok && c.IsNil() {
		return Retry{}, false // the default
	}
	return Retry{Framework: cb.framework, Global: true, Pos: st.Pos(), Backoff: n.Obj().Name() + "." + cb.field}, true
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
