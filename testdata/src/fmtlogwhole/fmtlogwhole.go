// Package fmtlogwhole logs through another module's logger (kvlog) whose
// code formats values asserted to its Formatter interface: no type of
// this program implements it, so the assertion never succeeds and the
// logging call has no effect over the whole program.
package fmtlogwhole

import (
	"context"

	"github.com/hibiken/asynq"

	"example.org/kvlog"
)

func HandleLog(ctx context.Context, t *asynq.Task) error {
	kvlog.ZError(ctx, "seen", "payload", string(t.Payload()))
	return nil
}

func Main() {
	mux := asynq.NewServeMux()
	mux.HandleFunc("log", HandleLog)
}
