package ledger

import (
	"bytes"
	"context"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/vgarvardt/gue/v6"
)

// The hook jobs call another service through go-retryablehttp v0.7.8
// (catalog retryablehttp.yaml: NewRequest builds a request from its
// method, URL and body, builds_request; Client.Do sends it): Notify posts
// the job to a webhook, a second delivery posts it again (unguarded);
// near miss Probe only reads a status page (an HTTP GET: safe).

// Hooks holds the retrying HTTP client.
type Hooks struct{ HTTP *retryablehttp.Client }

// Notify posts the job's arguments to the webhook.
func (h *Hooks) Notify(ctx context.Context, job *gue.Job) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, "POST", "https://hooks.example.com/deploys", bytes.NewReader(job.Args))
	if err != nil {
		return err
	}
	resp, err := h.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Probe reads the status page.
func (h *Hooks) Probe(ctx context.Context, job *gue.Job) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, "GET", "https://status.example.com/", nil)
	if err != nil {
		return err
	}
	resp, err := h.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
