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

// asynqNewTask reads asynq.NewTask(type, payload, opts...).
func asynqNewTask(_ *Env, call *ssa.Call, args []ssa.Value) []Retry {
	if len(args) < 2 {
		return nil
	}
	if p := asynqPolicy(args[2:]); p != "" {
		return []Retry{{Framework: "asynq", Task: ssavalue.ConstString(args[0]), Policy: p, Pos: call.Pos()}}
	}
	return nil
}

// asynqEnqueue reads client.Enqueue([ctx,] task, opts...).
func asynqEnqueue(_ *Env, call *ssa.Call, args []ssa.Value) []Retry {
	rest := args[1:]
	if len(rest) > 0 && ssavalue.IsContext(rest[0].Type()) {
		rest = rest[1:]
	}
	if len(rest) >= 2 {
		if p := asynqPolicy(rest[1:]); p != "" {
			return []Retry{{Framework: "asynq", Task: taskTypeOf(rest[0]), Policy: p, Pos: call.Pos()}}
		}
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
