package discovery

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// temporalExecuteActivity reads workflow.ExecuteActivity(ctx, activity,
// args...): the retry policy of the activity options in ctx, for the
// activity named or given.
func temporalExecuteActivity(env *Env, call *ssa.Call, args []ssa.Value) []Retry {
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
