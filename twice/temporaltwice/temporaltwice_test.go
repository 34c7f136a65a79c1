package temporaltwice_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"go.temporal.io/sdk/activity"

	"github.com/jobeffects/jobeffects/twice"
	"github.com/jobeffects/jobeffects/twice/temporaltwice"
)

// mailer is a fake mail service observed through twice.Observer: every
// message sent is an effect point; a key, when given, makes the service
// deduplicate, as an API with idempotency keys does.
type mailer struct {
	mu   sync.Mutex
	sent []string
	keys map[string]bool
}

func (m *mailer) String() string { return "mailer" }

func (m *mailer) Reset(context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent, m.keys = nil, map[string]bool{}
	return nil
}

func (m *mailer) Observe(context.Context) (twice.State, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return twice.State{"mail": slices.Clone(m.sent)}, nil
}

func (m *mailer) Send(ctx context.Context, to, key string) error {
	if err := twice.Crashed(ctx); err != nil {
		return err
	}
	m.mu.Lock()
	if key == "" || !m.keys[key] {
		m.sent = append(m.sent, to)
		if key != "" {
			m.keys[key] = true
		}
	}
	m.mu.Unlock()
	return twice.Effect(ctx, "mail "+to)
}

type Activities struct{ Mail *mailer }

// Welcome mails with no key: every attempt mails again.
func (a *Activities) Welcome(ctx context.Context, to string) error {
	return a.Mail.Send(ctx, to, "")
}

// Receipt keys the mail on the workflow and activity IDs, which stay the
// same across an activity's attempts.
func (a *Activities) Receipt(ctx context.Context, to string) error {
	info := activity.GetInfo(ctx)
	return a.Mail.Send(ctx, to, fmt.Sprintf("%s/%s", info.WorkflowExecution.ID, info.ActivityID))
}

func TestActivities(t *testing.T) {
	m := &mailer{}
	a := &Activities{Mail: m}
	opts := twice.Options{Observers: []twice.Observer{m}}
	for _, c := range []struct {
		name string
		fn   any
		want string
	}{
		{"welcome", a.Welcome, "repeated"},
		{"receipt", a.Receipt, "same"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := opts
			o.Name = c.name
			r, err := twice.Run(t.Context(), temporaltwice.Activity(c.fn, "ann@example.com"), o)
			if err != nil {
				t.Fatal(err)
			}
			t.Log(r)
			if len(r.Effects) != 1 {
				t.Errorf("effect points %q: the activity's context does not carry the delivery", r.Effects)
			}
			for _, mode := range []twice.Mode{twice.Sequential, twice.Concurrent, twice.Crash} {
				if got := r.Outcome(mode); got != c.want {
					t.Errorf("%v: %q, want %q", mode, got, c.want)
				}
			}
		})
	}
}
