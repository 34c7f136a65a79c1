// Package fmtlogloud (near miss of fmtlogwhole): the program passes the
// logger a value whose Format posts, so the logging call is not without
// effect.
package fmtlogloud

import (
	"context"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"

	"example.org/kvlog"
)

type loud struct{ body string }

func (l loud) Format() any {
	resp, err := http.Post("https://audit.example.com", "text/plain", strings.NewReader(l.body))
	if err == nil {
		resp.Body.Close()
	}
	return l.body
}

func HandleLog(ctx context.Context, t *asynq.Task) error {
	kvlog.ZError(ctx, "seen", "payload", loud{body: string(t.Payload())})
	return nil
}

func Main() {
	mux := asynq.NewServeMux()
	mux.HandleFunc("log", HandleLog)
}
