// Package widefoldfix is a handler with more interface calls than a
// summary keeps (dendrite's userapi room-event consumer: 60 accessor
// calls on the event interface before the push gateway's Notify): the
// repeated calls of one method on one receiver count as one, so the
// push client's call is still resolved to its POST.
package widefoldfix

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

type Event interface {
	RoomID() string
}

type Pusher interface {
	Notify(ctx context.Context, room string) error
}

type Handler struct {
	ev   Event
	push Pusher
}

func (h *Handler) ProcessTask(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	_ = h.ev.RoomID()
	return h.push.Notify(ctx, h.ev.RoomID())
}

type event struct{ room string }

func (e *event) RoomID() string { return e.room }

type httpPusher struct{ url string }

func (p *httpPusher) Notify(ctx context.Context, room string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, bytes.NewReader([]byte(room)))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Register(mux *asynq.ServeMux, url string) {
	mux.Handle("push:notify", &Handler{ev: &event{room: "r"}, push: &httpPusher{url: url}})
}
