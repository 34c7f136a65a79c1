package jobs

import (
	"context"

	"github.com/hibiken/asynq"

	"globalifacewhole/logx"
)

// HandleLog only logs: safe once Log is known to hold a *logx.Quiet.
func HandleLog(ctx context.Context, t *asynq.Task) error {
	logx.Info(ctx, string(t.Payload()))
	return nil
}

// HandleAlert posts through Alerts (a *logx.Hook): unguarded.
func HandleAlert(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(high\) at`
	logx.Info(ctx, "alert")
	return logx.Alert(ctx, string(t.Payload()))
}

// HandleOther calls through Unset, which nothing sets: unknown.
func HandleOther(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: push send \(inferred from the name \(logx.Notifier\).Notify\) \(high\) at`
	return logx.Other(ctx, string(t.Payload()))
}
