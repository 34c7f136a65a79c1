package jobs

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"

	"example.com/ecosystem/internal/idem"
)

// Event is what the claim handlers post; its ID keys the claim.
type Event struct {
	ID   string
	Body []byte
	At   time.Time
}

// EventPoster posts an event once per event ID; NewClaimDeps wires
// *claimPoster, which posts under the idempotency helper's claim.
type EventPoster interface {
	Post(ctx context.Context, ev *Event) error
}

type claimPoster struct{ idem *idem.Redis }

func eventKey(ev *Event) string { return "post:" + ev.ID }

// Post runs the POST under the helper's claim of the event's key.
func (p *claimPoster) Post(ctx context.Context, ev *Event) error {
	return p.idem.Exec(ctx, eventKey(ev), func(ctx context.Context) error {
		resp, err := http.Post("https://hooks.example.com/events", "application/json", bytes.NewReader(ev.Body))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// ClaimDeps are the clients of the claim handlers.
type ClaimDeps struct {
	Events EventPoster
	Idem   *idem.Redis
	RDB    *redis.Client
}

// NewClaimDeps wires the poster with the idempotency helper.
func NewClaimDeps(i *idem.Redis, rdb *redis.Client) *ClaimDeps {
	return &ClaimDeps{Events: &claimPoster{idem: i}, Idem: i, RDB: rdb}
}

// ClaimLogged posts under the helper's claim of the order's key and then
// records the delivery, which can fail: Exec then gives the key back and
// the redelivery posts again, so the POST is not guarded.
func (d *ClaimDeps) ClaimLogged(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Idem.Exec(ctx, "logged:"+p.OrderID, func(ctx context.Context) error {
		resp, err := http.Post("https://hooks.example.com/events", "application/json", bytes.NewReader(t.Payload()))
		if err != nil {
			return err
		}
		_ = resp.Body.Close()
		return d.RDB.Set(ctx, "delivered:"+p.OrderID, "1", 24*time.Hour).Err()
	})
}

// toEvent keeps the order's ID, or makes one when the payload has none.
func toEvent(p Payload, body []byte) Event {
	id := p.OrderID
	if id == "" {
		id = uuid.NewString()
	}
	return Event{ID: id, Body: body, At: time.Now()}
}

// ClaimFresh: a payload without an order id claims a new uuid key on
// every delivery: random-key.
func (d *ClaimDeps) ClaimFresh(ctx context.Context, t *asynq.Task) error {
	ev := toEvent(decode(t), t.Payload())
	return d.Events.Post(ctx, &ev)
}

// ClaimStable: the key is the task's own; the event's time, new on every
// delivery, is not part of it: guarded.
func (d *ClaimDeps) ClaimStable(ctx context.Context, t *asynq.Task) error {
	ev := Event{ID: decode(t).OrderID, Body: t.Payload(), At: time.Now()}
	return d.Events.Post(ctx, &ev)
}

// RegisterClaims registers the claim handlers.
func RegisterClaims(mux *asynq.ServeMux, d *ClaimDeps) {
	mux.HandleFunc("claimcb:fresh", d.ClaimFresh)
	mux.HandleFunc("claimcb:stable", d.ClaimStable)
	mux.HandleFunc("claimcb:logged", d.ClaimLogged)
}
