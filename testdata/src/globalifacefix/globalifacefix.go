// Package globalifacefix's handlers log and alert through logx's
// package-level variables: logging through the default logger is no
// effect (safe), the alert posts (unguarded), and a call through an
// exported variable stays unknown.
package globalifacefix

import (
	"context"

	"github.com/riverqueue/river"

	"globalifacefix/logx"
)

type LogArgs struct{ ID string }

func (LogArgs) Kind() string { return "log" } // want Kind:"no effects" Kind:`const "log"`

type LogWorker struct{ river.WorkerDefaults[LogArgs] }

func (w *LogWorker) Work(ctx context.Context, job *river.Job[LogArgs]) error { // want Work:"no effects"
	logx.ZError(ctx, "seen "+job.Args.ID)
	return nil
}

type AlertArgs struct{ ID string }

func (AlertArgs) Kind() string { return "alert" } // want Kind:"no effects" Kind:`const "alert"`

type AlertWorker struct {
	river.WorkerDefaults[AlertArgs]
}

func (w *AlertWorker) Work(ctx context.Context, job *river.Job[AlertArgs]) error { // want Work:"effects: http/post" `unguarded: handler \(\*globalifacefix.AlertWorker\).Work \(river task "alert"\) repeats its side effects`
	logx.ZError(ctx, "alerting "+job.Args.ID)
	return logx.Alert(ctx, job.Args.ID)
}

type WarnArgs struct{ ID string }

func (WarnArgs) Kind() string { return "warn" } // want Kind:"no effects" Kind:`const "warn"`

type WarnWorker struct{ river.WorkerDefaults[WarnArgs] }

func (w *WarnWorker) Work(ctx context.Context, job *river.Job[WarnArgs]) error { // want Work:"effects: dynamic_call/call" `unresolved: go vet cannot tell what \(\*globalifacefix.WarnWorker\).Work does: calls \(logx.Logger\).Error through an interface`
	logx.Warn(ctx, job.Args.ID)
	return nil
}
