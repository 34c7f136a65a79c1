package watermilltwice_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/jobeffects/jobeffects/twice"
	"github.com/jobeffects/jobeffects/twice/watermilltwice"
)

// seen is a fake store of processed message UUIDs and shipments,
// observed through twice.Observer.
type seen struct {
	mu        sync.Mutex
	uuids     map[string]bool
	shipments []string
}

func (s *seen) Reset(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.uuids, s.shipments = map[string]bool{}, nil
	return nil
}

func (s *seen) Observe(context.Context) (twice.State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return twice.State{"shipments": slices.Clone(s.shipments)}, nil
}

// ship records a shipment, once per message UUID when dedup is set; it
// reports whether it did.
func (s *seen) ship(ctx context.Context, uuid, order string, dedup bool) (bool, error) {
	if err := twice.Crashed(ctx); err != nil {
		return false, err
	}
	s.mu.Lock()
	if dedup && s.uuids[uuid] {
		s.mu.Unlock()
		return false, nil
	}
	s.uuids[uuid] = true
	s.shipments = append(s.shipments, order)
	s.mu.Unlock()
	return true, twice.Effect(ctx, "ship "+order)
}

func TestHandlers(t *testing.T) {
	s := &seen{}
	msg := message.NewMessage(watermill.NewUUID(), []byte("o-1"))
	handler := func(dedup bool) message.HandlerFunc {
		return func(m *message.Message) ([]*message.Message, error) {
			ok, err := s.ship(m.Context(), m.UUID, string(m.Payload), dedup)
			if err != nil || !ok {
				return nil, err
			}
			return []*message.Message{message.NewMessage(watermill.NewUUID(), []byte("shipped:"+string(m.Payload)))}, nil
		}
	}
	for _, c := range []struct {
		name  string
		dedup bool
		want  string
	}{
		{"naive", false, "repeated"},
		{"dedup by message UUID", true, "same"},
	} {
		t.Run(c.name, func(t *testing.T) {
			job := watermilltwice.Handler(handler(c.dedup), msg)
			r, err := twice.Run(t.Context(), job, twice.Options{
				Name: c.name, Observers: []twice.Observer{s, job.Published()},
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Log(r)
			for _, m := range []twice.Mode{twice.Sequential, twice.Concurrent} {
				if got := r.Outcome(m); got != c.want {
					t.Errorf("%v: %q, want %q", m, got, c.want)
				}
			}
			if c.dedup {
				// A crash after the shipment, before the publish: the
				// redelivery finds the UUID seen and publishes nothing.
				if !r.Lost(twice.Crash) {
					t.Errorf("crash: %q, want the event lost", r.Outcome(twice.Crash))
				}
			}
		})
	}
}
