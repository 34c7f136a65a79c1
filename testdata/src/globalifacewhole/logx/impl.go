package logx

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

// Quiet formats the message and drops it.
type Quiet struct{ Prefix string }

func (q *Quiet) Notify(ctx context.Context, msg string) error {
	_ = fmt.Sprintf("%s%s", q.Prefix, msg)
	return nil
}

// Hook posts the message.
type Hook struct{ URL string }

func (h *Hook) Notify(ctx context.Context, msg string) error {
	resp, err := http.Post(h.URL, "text/plain", strings.NewReader(msg))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
