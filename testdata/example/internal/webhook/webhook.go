// Package webhook posts shop events to a partner's endpoint.
package webhook

import (
	"context"
	"net/http"
	"strings"
)

// Poster implements jobs.Notifier over HTTP.
type Poster struct {
	URL    string
	Client *http.Client
}

// Notify POSTs the event: a partner sees every delivery.
func (p *Poster) Notify(ctx context.Context, event string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://partner.example.com/hooks/shop", strings.NewReader(event))
	if err != nil {
		return err
	}
	resp, err := p.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
