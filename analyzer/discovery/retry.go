package discovery

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

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
}

// FindRetry finds where the code sets retry policies: asynq MaxRetry and
// Timeout options at NewTask/Enqueue, River MaxAttempts in an args type's
// InsertOpts or in river.Config, Temporal RetryPolicy in the activity
// options of ExecuteActivity's context, gocraft/work JobOptions.MaxFails.
func FindRetry(env *Env) []Retry {
	var out []Retry
	for _, fn := range env.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Call:
					out = append(out, callRetry(env, x)...)
				case *ssa.Store:
					if r, ok := riverConfigRetry(x); ok {
						out = append(out, r)
					}
				}
			}
		}
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil && obj.Name() == "InsertOpts" {
			if n, ok := storedConst(fn, "MaxAttempts"); ok {
				if recv := obj.Type().(*types.Signature).Recv(); recv != nil && env.KindOf != nil {
					if kind, ok := env.KindOf(recv.Type()); ok {
						out = append(out, Retry{Framework: "river", Task: kind, Pos: fn.Pos(),
							Policy: fmt.Sprintf("river InsertOpts MaxAttempts %s", n)})
					}
				}
			}
		}
	}
	return out
}

// retryCalls read the retry policy a call sets, by the called function
// (models.FuncKey); each framework's readers are in retry_<framework>.go.
var retryCalls = map[string]func(env *Env, call *ssa.Call, args []ssa.Value) []Retry{
	"github.com/hibiken/asynq.NewTask":                     asynqNewTask,
	"(*github.com/hibiken/asynq.Client).Enqueue":           asynqEnqueue,
	"(*github.com/hibiken/asynq.Client).EnqueueContext":    asynqEnqueue,
	"(*github.com/gocraft/work.WorkerPool).JobWithOptions": gocraftJobWithOptions,
	"go.temporal.io/sdk/workflow.ExecuteActivity":          temporalExecuteActivity,
	"go.temporal.io/sdk/workflow.ExecuteLocalActivity":     temporalExecuteActivity,
}

func callRetry(env *Env, call *ssa.Call) []Retry {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return nil
	}
	if read := retryCalls[models.FuncKey(callee.Object().(*types.Func))]; read != nil {
		return read(env, call, call.Call.Args)
	}
	return nil
}

// storedConst returns the constant fn stores into a field of that name.
func storedConst(fn *ssa.Function, name string) (string, bool) {
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
				return c.Value.ExactString(), true
			}
		}
	}
	return "", false
}
