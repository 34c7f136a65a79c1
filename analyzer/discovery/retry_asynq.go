package discovery

import (
	"fmt"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// asynqNewTaskOpts is the index of the options argument of an
// asynq.NewTask or NewTaskWithHeaders call, or -1 for other calls.
func asynqNewTaskOpts(call *ssa.Call) int {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return -1
	}
	switch models.FuncKey(callee.Object().(*types.Func)) {
	case "github.com/hibiken/asynq.NewTask":
		return 2
	case "github.com/hibiken/asynq.NewTaskWithHeaders":
		return 3
	}
	return -1
}

// asynqOpts reads asynq options: a slice of them (a variadic argument, a
// []asynq.Option literal) or one option.
func (ev *retryEval) asynqOpts(v ssa.Value, depth int) []RetryOpt {
	if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice {
		if _, ok := v.(*ssa.MakeSlice); ok {
			return nil // make([]asynq.Option, 0, n), appended to
		}
		elems := ssavalue.SliceElems(v)
		if elems == nil {
			return []RetryOpt{{Kind: optUnknown}}
		}
		var out []RetryOpt
		for _, e := range elems {
			out = append(out, ev.opts(e, depth+1)...)
		}
		return out
	}
	call, ok := ssavalue.Unconvert(v).(*ssa.Call)
	if !ok {
		return []RetryOpt{{Kind: optUnknown}}
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || callee.Object().Pkg() == nil || callee.Object().Pkg().Path() != "github.com/hibiken/asynq" {
		return []RetryOpt{{Kind: optUnknown}}
	}
	if len(call.Call.Args) != 1 {
		return nil
	}
	arg, _ := call.Call.Args[0].(*ssa.Const)
	o := RetryOpt{Const: arg != nil && arg.Value != nil}
	switch callee.Name() {
	case "MaxRetry":
		o.Kind = optMaxRetry
	case "Timeout":
		o.Kind = optTimeout
	case "Deadline":
		return []RetryOpt{{Kind: optDeadline}}
	default:
		return nil // Queue, Unique, TaskID, ProcessIn…: no retry setting
	}
	if o.Const {
		o.N = arg.Int64()
	}
	return []RetryOpt{o}
}

// asynqPolicy describes resolved asynq options (MaxRetry, Timeout,
// Deadline; a later option of a kind overrides an earlier, as asynq
// applies them), reports whether they allow a single run, and returns the
// runs they allow (0 when not read: MaxRetry not set, not constant, or
// options not read statically).
func asynqPolicy(opts []RetryOpt) (string, bool, int64) {
	var retry, timeout *RetryOpt
	deadline, unread := false, false
	for i := range opts {
		switch o := &opts[i]; o.Kind {
		case optMaxRetry:
			retry, unread = o, false
		case optTimeout:
			timeout = o
		case optDeadline:
			deadline = true
		case optUnknown, optParam:
			unread = true // may set MaxRetry
		}
	}
	var parts []string
	once := false
	runs := int64(0)
	if retry != nil && retry.Const && !unread {
		runs = max(retry.N, 0) + 1
	}
	if retry != nil {
		switch n := max(retry.N, 0); {
		case !retry.Const:
			parts = append(parts, "asynq.MaxRetry(non-constant)")
		case n == 0:
			parts = append(parts, "asynq.MaxRetry(0): 1 run by retry")
			once = !unread
		default:
			parts = append(parts, fmt.Sprintf("asynq.MaxRetry(%d): up to %d runs", n, n+1))
		}
	}
	if timeout != nil && timeout.Const {
		parts = append(parts, "timeout "+time.Duration(timeout.N).String())
	}
	if deadline {
		parts = append(parts, "deadline set")
	}
	if unread && len(parts) == 0 {
		parts = append(parts, "asynq options not read statically")
	} else if unread {
		parts = append(parts, "options not read statically")
	}
	return strings.Join(parts, ", "), once, runs
}
