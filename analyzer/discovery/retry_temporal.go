package discovery

import (
	"fmt"
	"go/types"
	"time"

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
	policy, runs, within := temporalPolicy(args[0])
	if policy == "" {
		return nil
	}
	r := Retry{Framework: "temporal", Policy: policy, Pos: call.Pos(), Runs: runs, Within: within}
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
// workflow context by WithActivityOptions / WithRetryPolicy: its text, the
// runs it allows (Unlimited, or 0 when not read) and the
// ScheduleToCloseTimeout that bounds them (0 when none is read).
func temporalPolicy(ctx ssa.Value) (string, int64, time.Duration) {
	call, ok := ctx.(*ssa.Call)
	if !ok {
		return "", 0, 0
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || len(call.Call.Args) < 2 {
		return "", 0, 0
	}
	switch models.FuncKey(callee.Object().(*types.Func)) {
	case "go.temporal.io/sdk/workflow.WithActivityOptions", "go.temporal.io/sdk/workflow.WithLocalActivityOptions":
		opts := ssavalue.LocalOf(call.Call.Args[1])
		if opts == nil {
			return "activity options not constant", 0, 0
		}
		var within time.Duration
		for _, st := range ssavalue.FieldStores(opts, "ScheduleToCloseTimeout") {
			if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && c.Int64() > 0 {
				within = time.Duration(c.Int64())
			}
		}
		for _, st := range ssavalue.FieldStores(opts, "RetryPolicy") {
			if rp, ok := st.Val.(*ssa.Alloc); ok {
				text, runs := retryPolicyText(rp)
				return text, runs, within
			}
		}
		return "default: temporal retries without limit until ScheduleToClose (no RetryPolicy in the activity options)", Unlimited, within
	case "go.temporal.io/sdk/workflow.WithRetryPolicy":
		if rp := ssavalue.LocalOf(call.Call.Args[1]); rp != nil {
			text, runs := retryPolicyText(rp)
			return text, runs, 0
		}
	}
	return "", 0, 0
}

// retryPolicyText describes a temporal.RetryPolicy literal and returns the
// attempts it allows. A policy that changes the intervals (InitialInterval,
// BackoffCoefficient, MaximumInterval) is read as not read (runs 0): the
// horizon assumes the defaults.
func retryPolicyText(rp *ssa.Alloc) (string, int64) {
	custom := false
	for _, f := range []string{"InitialInterval", "BackoffCoefficient", "MaximumInterval"} {
		if len(ssavalue.FieldStores(rp, f)) > 0 {
			custom = true
		}
	}
	for _, st := range ssavalue.FieldStores(rp, "MaximumAttempts") {
		if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil {
			n := c.Int64()
			if n == 0 {
				return "temporal RetryPolicy MaximumAttempts 0: unlimited", Unlimited
			}
			if custom {
				return fmt.Sprintf("temporal RetryPolicy MaximumAttempts %d", n), 0
			}
			return fmt.Sprintf("temporal RetryPolicy MaximumAttempts %d", n), n
		}
	}
	return "temporal RetryPolicy without MaximumAttempts: unlimited", Unlimited
}
