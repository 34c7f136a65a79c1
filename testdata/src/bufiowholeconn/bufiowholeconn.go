// Package bufiowholeconn is bufiowhole's near miss: its program also
// renders onto a dialled connection through htmlish.Render, so the
// bufio.Writer in Render may wrap a connection: neither call is read as
// no effect.
package bufiowholeconn

import (
	"context"

	"github.com/hibiken/asynq"

	"example.org/htmlish"
)

// Page renders the task's text in memory.
func Page(ctx context.Context, t *asynq.Task) error {
	_ = htmlish.Text(string(t.Payload()))
	return nil
}

// Relay renders the task's text onto a relay (read by the name Send).
func Relay(ctx context.Context, t *asynq.Task) error { // want `^unguarded: handler bufiowholeconn.Relay`
	return htmlish.Send("relay:9000", string(t.Payload()))
}

func Main() {
	mux := asynq.NewServeMux()
	mux.HandleFunc("page", Page)
	mux.HandleFunc("relay", Relay)
}
