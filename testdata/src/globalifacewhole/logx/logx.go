// Package logx logs and alerts through exported package-level interface
// variables that the program's main sets: which types they hold is known
// only over the whole program.
package logx

import "context"

type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

// Log is set by main to a notifier that writes nothing outside the
// process; Alerts to one that posts; Unset by nobody.
var Log, Alerts, Unset Notifier

func Info(ctx context.Context, msg string) { _ = Log.Notify(ctx, msg) }

func Alert(ctx context.Context, msg string) error { return Alerts.Notify(ctx, msg) }

func Other(ctx context.Context, msg string) error { return Unset.Notify(ctx, msg) }
