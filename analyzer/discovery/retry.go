package discovery

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

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

func callRetry(env *Env, call *ssa.Call) []Retry {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return nil
	}
	args := call.Call.Args
	switch models.FuncKey(callee.Object().(*types.Func)) {
	case "github.com/hibiken/asynq.NewTask":
		if p := asynqPolicy(args[2:]); p != "" {
			return []Retry{{Framework: "asynq", Task: ssavalue.ConstString(args[0]), Policy: p, Pos: call.Pos()}}
		}
	case "(*github.com/hibiken/asynq.Client).Enqueue", "(*github.com/hibiken/asynq.Client).EnqueueContext":
		rest := args[1:]
		if len(rest) > 0 && ssavalue.IsContext(rest[0].Type()) {
			rest = rest[1:]
		}
		if len(rest) >= 2 {
			if p := asynqPolicy(rest[1:]); p != "" {
				return []Retry{{Framework: "asynq", Task: taskTypeOf(rest[0]), Policy: p, Pos: call.Pos()}}
			}
		}
	case "(*github.com/gocraft/work.WorkerPool).JobWithOptions":
		// args: receiver, name, JobOptions, fn. A job failing MaxFails
		// times goes to the dead queue; 0 means the default, 4.
		if len(args) < 3 {
			return nil
		}
		opts := ssavalue.LocalOf(args[2])
		if opts == nil {
			return nil
		}
		for _, st := range ssavalue.FieldStores(opts, "MaxFails") {
			if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && c.Int64() > 0 {
				return []Retry{{Framework: "gocraft", Task: ssavalue.ConstString(args[1]), Pos: call.Pos(),
					Policy: fmt.Sprintf("gocraft/work MaxFails %d: up to %d runs", c.Int64(), c.Int64())}}
			}
		}
	case "go.temporal.io/sdk/workflow.ExecuteActivity", "go.temporal.io/sdk/workflow.ExecuteLocalActivity":
		if len(args) < 2 {
			return nil
		}
		policy := temporalPolicy(args[0])
		if policy == "" {
			return nil
		}
		r := Retry{Framework: "temporal", Policy: policy, Pos: call.Pos()}
		act := args[1]
		if mi, ok := act.(*ssa.MakeInterface); ok {
			act = mi.X
		}
		if name := ssavalue.ConstString(act); name != "" {
			r.Task = name
		} else if ts := (&finder{env: env}).targets(args[1], &Registration{}, 0); len(ts) == 1 {
			r.Activity = ts[0].fn
		}
		return []Retry{r}
	}
	return nil
}

// asynqPolicy describes the MaxRetry/Timeout/Deadline options among opts.
func asynqPolicy(opts []ssa.Value) string {
	var parts []string
	for _, o := range opts {
		for _, v := range sliceOrSelf(o) {
			if mi, ok := v.(*ssa.MakeInterface); ok {
				v = mi.X
			}
			c, ok := v.(*ssa.Call)
			if !ok || len(c.Call.Args) != 1 {
				continue
			}
			callee := c.Call.StaticCallee()
			if callee == nil || callee.Object() == nil {
				continue
			}
			arg, _ := c.Call.Args[0].(*ssa.Const)
			switch models.FuncKey(callee.Object().(*types.Func)) {
			case "github.com/hibiken/asynq.MaxRetry":
				if arg != nil {
					n := arg.Int64()
					if n < 0 {
						n = 0
					}
					parts = append(parts, fmt.Sprintf("asynq.MaxRetry(%d): up to %d runs", n, n+1))
				} else {
					parts = append(parts, "asynq.MaxRetry(non-constant)")
				}
			case "github.com/hibiken/asynq.Timeout":
				if arg != nil {
					parts = append(parts, "timeout "+time.Duration(arg.Int64()).String())
				}
			case "github.com/hibiken/asynq.Deadline":
				parts = append(parts, "deadline set")
			}
		}
	}
	return strings.Join(parts, ", ")
}

// temporalPolicy reads the RetryPolicy of the activity options put into a
// workflow context by WithActivityOptions / WithRetryPolicy.
func temporalPolicy(ctx ssa.Value) string {
	call, ok := ctx.(*ssa.Call)
	if !ok {
		return ""
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || len(call.Call.Args) < 2 {
		return ""
	}
	switch models.FuncKey(callee.Object().(*types.Func)) {
	case "go.temporal.io/sdk/workflow.WithActivityOptions", "go.temporal.io/sdk/workflow.WithLocalActivityOptions":
		opts := ssavalue.LocalOf(call.Call.Args[1])
		if opts == nil {
			return "activity options not constant"
		}
		for _, st := range ssavalue.FieldStores(opts, "RetryPolicy") {
			if rp, ok := st.Val.(*ssa.Alloc); ok {
				return retryPolicyText(rp)
			}
		}
		return "default: temporal retries without limit until ScheduleToClose (no RetryPolicy in the activity options)"
	case "go.temporal.io/sdk/workflow.WithRetryPolicy":
		if rp := ssavalue.LocalOf(call.Call.Args[1]); rp != nil {
			return retryPolicyText(rp)
		}
	}
	return ""
}

func retryPolicyText(rp *ssa.Alloc) string {
	for _, st := range ssavalue.FieldStores(rp, "MaximumAttempts") {
		if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil {
			n := c.Int64()
			if n == 0 {
				return "temporal RetryPolicy MaximumAttempts 0: unlimited"
			}
			return fmt.Sprintf("temporal RetryPolicy MaximumAttempts %d", n)
		}
	}
	return "temporal RetryPolicy without MaximumAttempts: unlimited"
}

// riverConfigRetry recognises river.Config{MaxAttempts: n}.
func riverConfigRetry(st *ssa.Store) (Retry, bool) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return Retry{}, false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return Retry{}, false
	}
	n, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "github.com/riverqueue/river" || n.Obj().Name() != "Config" {
		return Retry{}, false
	}
	if n.Underlying().(*types.Struct).Field(fa.Field).Name() != "MaxAttempts" {
		return Retry{}, false
	}
	c, ok := st.Val.(*ssa.Const)
	if !ok || c.Value == nil {
		return Retry{}, false
	}
	return Retry{Framework: "river", Global: true, Pos: st.Pos(),
		Policy: fmt.Sprintf("river Config.MaxAttempts %d", c.Int64())}, true
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
