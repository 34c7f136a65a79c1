package discovery

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/horizon"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// Retry is a retry policy set in code for a task (or, Global, for every
// handler of a framework).
type Retry struct {
	Framework string
	Task      string        // asynq task type, River kind, Temporal activity name
	Activity  *ssa.Function // Temporal: the activity function, when resolvable
	Policy    string
	Pos       token.Pos
	Global    bool // River Config.MaxAttempts: the client-wide default
	// Type: set by the task's type (a River args type's InsertOpts), for
	// the enqueues that set none themselves.
	Type bool
	// Default: an enqueue of the task that sets no retry policy (Policy is
	// empty): the type's, the client's or the framework's default applies.
	Default bool
	// Once: the policy allows a single run by retry (asynq MaxRetry(0),
	// River MaxAttempts 1); catalog.OnceNote says what still runs it again.
	Once bool
	// Runs is how many runs the policy allows (asynq MaxRetry n: n+1,
	// River MaxAttempts n: n, Temporal MaximumAttempts n: n), for the
	// retry horizon (package horizon): 0 when the code's value is not
	// read, Unlimited when the policy sets no limit.
	Runs int64
	// Within bounds the time retries may take (Temporal's
	// ScheduleToCloseTimeout); 0 when none is read.
	Within time.Duration
	// Backoff, on a Global entry, says the client replaces the
	// framework's default backoff (asynq Config.RetryDelayFunc, River
	// Config.RetryPolicy): the horizon is then unknown.
	Backoff string
	// Replay, on a Global entry, is a dead-letter replay the program
	// makes (asynq Inspector.RunTask / RunAllArchivedTasks, River
	// JobRetry): a finished job can run again at any later time.
	Replay bool
	// Rerun is a call by which a job asks to run again whatever its
	// policy (River's JobSnooze, catalog once_since unless): a single run
	// by retry is then not a single run. Made in a worker's Work, it is
	// that worker's task's (Task); elsewhere it is Global.
	Rerun bool
	// Unread, on a Global entry, is a policy the inventory cannot read,
	// for any task: an enqueue's options (a River periodic job's
	// constructor that returns InsertOpts), a middleware that may change
	// them or run the work again (catalog once_since unless_fields).
	Unread bool
	// Exp is a backoff the program sets with all its parameters
	// (Watermill's middleware.Retry), for the horizon.
	Exp *horizon.Exponential
}

// Unlimited is Runs for a policy that sets no limit.
const Unlimited = -1

// Retries are what FindRetry finds in a package.
type Retries struct {
	Retries []Retry
	// Helpers are the package's functions that enqueue from their
	// parameters or return retry options, for their facts.
	Helpers map[*ssa.Function]*RetryHelper
}

// FindRetry finds where the code sets retry policies: asynq MaxRetry and
// Timeout options at NewTask/Enqueue, River MaxAttempts in the InsertOpts
// given to Insert/InsertTx/InsertMany, in an args type's InsertOpts or in
// river.Config, Temporal RetryPolicy in the activity options of
// ExecuteActivity's context, gocraft/work JobOptions.MaxFails. The options
// and the task of an enqueue are followed through the application's
// helpers (retry_enqueue.go): the policy is the one the outermost caller
// sets, recorded at its call.
func FindRetry(env *Env) *Retries {
	rf := newRetryFinder(env)
	rf.findHelpers()
	out := &Retries{Retries: rf.enqueueRetries(), Helpers: rf.exported()}
	for _, fn := range env.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Call:
					out.Retries = append(out.Retries, callRetry(env, x)...)
				case *ssa.Store:
					if r, ok := riverConfigRetry(x); ok {
						out.Retries = append(out.Retries, r)
					}
					if r, ok := configBackoff(x); ok {
						out.Retries = append(out.Retries, r)
					}
					if r, ok := configMiddleware(x); ok {
						out.Retries = append(out.Retries, r)
					}
				}
			}
		}
		if r, ok := workerMiddleware(fn); ok {
			out.Retries = append(out.Retries, r)
		}
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil && obj.Name() == "InsertOpts" {
			if n, ok := storedConst(fn, "MaxAttempts"); ok {
				if recv := obj.Type().(*types.Signature).Recv(); recv != nil && env.KindOf != nil {
					if kind, ok := env.KindOf(recv.Type()); ok {
						policy, once := riverMaxAttempts("river InsertOpts MaxAttempts", n)
						out.Retries = append(out.Retries, Retry{Framework: "river", Task: kind, Pos: fn.Pos(), Type: true,
							Policy: policy, Once: once, Runs: max(n, 0)})
					}
				}
			}
		}
	}
	return out
}

// retryCalls read the retry policy a call sets, by the called function
// (models.FuncKey); each framework's readers are in retry_<framework>.go.
// The enqueues of asynq and River are read by enqueueCalls instead, the
// dead-letter replays by replayCalls.
var retryCalls = map[string]func(env *Env, call *ssa.Call, args []ssa.Value) []Retry{
	"(*github.com/gocraft/work.WorkerPool).JobWithOptions":               gocraftJobWithOptions,
	"go.temporal.io/sdk/workflow.ExecuteActivity":                        temporalExecuteActivity,
	"go.temporal.io/sdk/workflow.ExecuteLocalActivity":                   temporalExecuteActivity,
	"(*github.com/ThreeDotsLabs/watermill/message.Router).AddMiddleware": watermillAddMiddleware,
}

func callRetry(env *Env, call *ssa.Call) []Retry {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return nil
	}
	key := models.FuncKey(callee.Object().(*types.Func))
	if read := retryCalls[key]; read != nil {
		return read(env, call, call.Call.Args)
	}
	if fw, ok := replayCalls()[key]; ok {
		return replay(fw, key, call)
	}
	if key == "github.com/riverqueue/river.NewPeriodicJob" && len(call.Call.Args) > 1 && !nilOptions(call.Call.Args[1]) {
		return []Retry{{Framework: "river", Global: true, Unread: true, Pos: call.Pos(), Policy: "a periodic job's InsertOpts not read"}}
	}
	if fw, ok := rerunCalls()[key]; ok {
		r := Retry{Framework: fw, Global: true, Rerun: true, Pos: call.Pos(), Policy: "run again by " + key}
		if kind, ok := workerKind(env, call.Parent()); ok {
			// The worker that snoozes asks to run its own job again,
			// not the jobs of the other workers.
			r.Task, r.Global = kind, false
		}
		return []Retry{r}
	}
	return nil
}

// workerKind is the kind of the job a River worker's Work method (or a
// function literal in it) works: the Kind() of T in its *river.Job[T]
// parameter. A call elsewhere (a helper the worker calls) has no kind.
func workerKind(env *Env, fn *ssa.Function) (string, bool) {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil || env.KindOf == nil || fn.Signature.Recv() == nil || fn.Name() != "Work" {
		return "", false
	}
	params := fn.Signature.Params()
	if params.Len() != 2 {
		return "", false
	}
	ptr, ok := params.At(1).Type().(*types.Pointer)
	if !ok {
		return "", false
	}
	n, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "github.com/riverqueue/river" || n.Obj().Name() != "Job" || n.TypeArgs().Len() != 1 {
		return "", false
	}
	return env.KindOf(n.TypeArgs().At(0))
}

// workerMiddleware recognises a River worker's own Middleware method
// (func (w *W) Middleware(job *river.Job[T]) []rivertype.WorkerMiddleware,
// in place of WorkerDefaults'): what it returns wraps the worker's work,
// which may run it again (v0.13.0 worker.go:41, work_unit_wrapper.go:33).
// Recorded as a policy the inventory cannot read, for every River task.
func workerMiddleware(fn *ssa.Function) (Retry, bool) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj == nil || obj.Name() != "Middleware" || obj.Pkg() == nil || strings.HasPrefix(obj.Pkg().Path(), "github.com/riverqueue/river") {
		return Retry{}, false
	}
	sig := obj.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Results().Len() != 1 {
		return Retry{}, false
	}
	sl, ok := sig.Results().At(0).Type().(*types.Slice)
	if !ok {
		return Retry{}, false
	}
	n, ok := types.Unalias(sl.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path()+"."+n.Obj().Name() != "github.com/riverqueue/river/rivertype.WorkerMiddleware" {
		return Retry{}, false
	}
	return Retry{Framework: "river", Global: true, Unread: true, Pos: fn.Pos(), Policy: "a worker's Middleware method"}, true
}

// nilOptions reports whether a River periodic job's constructor returns
// nil InsertOpts everywhere (func() (river.JobArgs, *river.InsertOpts)
// { return Args{…}, nil }): the args type's and the client's policies
// apply to its jobs.
func nilOptions(ctor ssa.Value) bool {
	var fn *ssa.Function
	switch c := ctor.(type) {
	case *ssa.Function:
		fn = c
	case *ssa.MakeClosure:
		fn, _ = c.Fn.(*ssa.Function)
	case *ssa.ChangeType:
		return nilOptions(c.X)
	}
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if len(ret.Results) != 2 {
				return false
			}
			if c, ok := ret.Results[1].(*ssa.Const); !ok || !c.IsNil() {
				return false
			}
		}
	}
	return true
}

// storedConst returns the constant fn stores into a field of that name.
func storedConst(fn *ssa.Function, name string) (int64, bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			s, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
			if !ok || s.Field(fa.Field).Name() != name {
				continue
			}
			if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
				return c.Int64(), true
			}
		}
	}
	return 0, false
}

// plural is "1 run", "3 runs".
func plural(n int64, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
