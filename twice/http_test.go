package twice_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jobeffects/jobeffects/twice"
)

// post sends one POST through client, with an Idempotency-Key if key is set.
func post(ctx context.Context, client *http.Client, url, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("amount=25"))
	if err != nil {
		return err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func TestHTTPRecorder(t *testing.T) {
	var n atomic.Int64
	for _, c := range []struct {
		name    string
		key     func() string
		outcome string
		message string
	}{
		{"unkeyed", func() string { return "" }, "repeated",
			"second delivery sent POST api.stripe.com/v1/charges again, without an Idempotency-Key (1 → 2)"},
		{"keyed", func() string { return "charge:o-1" }, "same", ""},
		{"random-key", func() string { return fmt.Sprint("k-", n.Add(1)) }, "repeated",
			"second delivery sent POST api.stripe.com/v1/charges again, with a different Idempotency-Key each time, so the API cannot tell it is the same (1 → 2)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := twice.NewHTTPRecorder(twice.HTTPOptions{})
			client := rec.Client()
			charge := func(ctx context.Context, order string) error {
				return post(ctx, client, "https://api.stripe.com/v1/charges", c.key())
			}
			r, err := twice.Run(t.Context(), twice.Func(charge, "o-1"), twice.Options{
				Name: c.name, Observers: []twice.Observer{rec}, Reset: func(context.Context) error { return nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Log(r)
			for _, m := range []twice.Mode{twice.Sequential, twice.Concurrent, twice.Crash} {
				if got := r.Outcome(m); got != c.outcome {
					t.Errorf("%v: %q, want %q", m, got, c.outcome)
				}
			}
			if c.message != "" && (len(r.Runs[0].Messages) != 1 || r.Runs[0].Messages[0] != c.message) {
				t.Errorf("message %q\nwant %q", r.Runs[0].Messages, c.message)
			}
		})
	}
}

// A crashed delivery's later requests are not sent: a handler that posts
// twice and crashes after the first sends only one.
func TestHTTPRecorderCrash(t *testing.T) {
	rec := twice.NewHTTPRecorder(twice.HTTPOptions{})
	srv := rec.Server("partner.example.com")
	defer srv.Close()
	client := rec.Client()
	notify := func(ctx context.Context, order string) error {
		if err := post(ctx, client, "https://partner.example.com/hooks/paid", "paid:"+order); err != nil {
			return err
		}
		// the second party is reached through the server, by base URL
		return post(ctx, http.DefaultClient, srv.URL+"/hooks/shipped", "shipped:"+order)
	}
	r, err := twice.Run(t.Context(), twice.Func(notify, "o-9"), twice.Options{
		Observers: []twice.Observer{rec}, Reset: func(context.Context) error { return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r)
	if len(r.Effects) != 1 {
		t.Errorf("effects %q: want the transport's request only (the server cannot tell deliveries apart)", r.Effects)
	}
	for _, m := range []twice.Mode{twice.Sequential, twice.Concurrent, twice.Crash} {
		if r.Differs(m) {
			t.Errorf("%v differs: keyed requests are one effect each", m)
		}
	}
	// The last run: the crashed delivery's first request, then the
	// redelivery's two; the crashed one never reached the second party.
	var targets []string
	for _, q := range rec.Requests() {
		targets = append(targets, q.Target)
	}
	want := "partner.example.com/hooks/paid partner.example.com/hooks/paid partner.example.com/hooks/shipped"
	if strings.Join(targets, " ") != want {
		t.Errorf("requests of the last run %q, want %q", targets, want)
	}
}
