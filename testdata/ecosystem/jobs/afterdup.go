package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/nkevents"
)

// What runs only after a create that a duplicate fails (changelogue's
// RunAgent: the store's insert under a unique key, its failure returned,
// then the notifications): the handler makes the payload's event through
// the EventChannel interface (the pgx v5 insert into nk_events, whose only
// key is the payload's event id, two interface calls down), a static
// helper returning its failure, and then tells the partner through the
// Notifier interface (an HTTP POST), both wired in cmd/worker. A
// redelivery fails at the insert and never reaches the POST: the POST is
// guarded by the insert, the insert is duplicate-as-error. Posting before
// the handler makes the event repeats the POST (unguarded).

// Notifier tells the partner about an event.
type Notifier interface {
	Notify(ctx context.Context, eventID string) error
}

// HookNotifier posts to the partner's hook.
type HookNotifier struct{ Client *http.Client }

// Notify posts the event.
func (n HookNotifier) Notify(ctx context.Context, eventID string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example.com/events/"+eventID, nil)
	if err != nil {
		return err
	}
	resp, err := n.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AfterDupDeps are the channel and the notifier, wired in cmd/worker.
type AfterDupDeps struct {
	Events EventChannel
	Notify Notifier
}

func (d *AfterDupDeps) create(ctx context.Context, t *asynq.Task) (*nkevents.Event, error) {
	ev, err := d.Events.CreateEvent(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("create event: %w", err)
	}
	return ev, nil
}

// AfterDupNotify posts only after the insert succeeded.
func (d *AfterDupDeps) AfterDupNotify(ctx context.Context, t *asynq.Task) error {
	ev, err := d.create(ctx, t)
	if err != nil {
		return err
	}
	return d.Notify.Notify(ctx, ev.UID)
}

// AfterDupNotifyFirst posts before it makes the event.
func (d *AfterDupDeps) AfterDupNotifyFirst(ctx context.Context, t *asynq.Task) error {
	var m eventMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	if err := d.Notify.Notify(ctx, m.EventID); err != nil {
		return err
	}
	_, err := d.create(ctx, t)
	return err
}

// RegisterAfterDup registers the handlers.
func RegisterAfterDup(mux *asynq.ServeMux, d *AfterDupDeps) {
	mux.HandleFunc("afterdup:notify", d.AfterDupNotify)
	mux.HandleFunc("afterdup:notify-first", d.AfterDupNotifyFirst)
}
