package asynqtwice_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/hibiken/asynq"

	"github.com/jobeffects/jobeffects/twice"
	"github.com/jobeffects/jobeffects/twice/asynqtwice"
)

type notifier struct{ client *http.Client }

type event struct {
	Order string `json:"order"`
}

// Notify posts the event with no idempotency key: every delivery notifies
// the partner again.
func (n notifier) Notify(ctx context.Context, t *asynq.Task) error {
	var e event
	if err := json.Unmarshal(t.Payload(), &e); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example.com/hooks/"+t.Type(), strings.NewReader(e.Order))
	if err != nil {
		return err
	}
	resp, err := n.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func TestMuxAndFunc(t *testing.T) {
	rec := twice.NewHTTPRecorder(twice.HTTPOptions{})
	n := notifier{rec.Client()}
	mux := asynq.NewServeMux()
	mux.HandleFunc("order:paid", n.Notify)
	task := asynq.NewTask("order:paid", []byte(`{"order":"o-1"}`))
	for name, job := range map[string]twice.Job{
		"mux":  asynqtwice.Handler(mux, task),
		"func": asynqtwice.Func(n.Notify, task),
	} {
		t.Run(name, func(t *testing.T) {
			r, err := twice.Run(t.Context(), job, twice.Options{
				Name: name, Observers: []twice.Observer{rec}, Reset: func(context.Context) error { return nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Log(r)
			want := "second delivery sent POST partner.example.com/hooks/order:paid again, without an Idempotency-Key (1 → 2)"
			if p := r.Problems(); len(p) != 3 || p[0] != want {
				t.Errorf("problems %q, want %q first (and the concurrent and crash runs')", p, want)
			}
		})
	}
}
