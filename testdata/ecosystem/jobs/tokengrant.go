package jobs

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"os"

	"github.com/hibiken/asynq"
)

// OAuth2 token requests on the real net/http, sent through the
// application's HTTP wrapper behind an interface-typed field (its URL
// from the configuration, so no path names a token endpoint), the form
// built and encoded in the handler and handed to a helper that makes the
// interface call: a form setting grant_type=client_credentials is a token
// request, safe to repeat; a refresh_token grant may spend a rotated
// token, and a form without a grant (sent at the interface call itself)
// is a plain POST: both stay high. go vet resolves the field where
// RegisterTokenGrants wires it, the command over the whole program: both
// read the same.

// formSender is the application's shared HTTP client.
type formSender interface {
	Send(method string, body []byte) (*http.Response, error)
}

type authClient struct{ base string }

func (c authClient) Send(method string, body []byte) (*http.Response, error) {
	req, err := http.NewRequest(method, c.base, bytes.NewBuffer(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return http.DefaultClient.Do(req)
}

// TokenDeps holds the wrapper.
type TokenDeps struct{ Auth formSender }

// post sends the form its caller encoded.
func (d *TokenDeps) post(body []byte) error {
	resp, err := d.Auth.Send(http.MethodPost, body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PartnerToken fetches a client-credentials token: safe.
func (d *TokenDeps) PartnerToken(ctx context.Context, t *asynq.Task) error {
	form := url.Values{}
	form.Set("grant_type", "client_credentials")
	form.Set("client_id", os.Getenv("CLIENT_ID"))
	return d.post([]byte(form.Encode()))
}

// RefreshToken spends the stored refresh token: high, unguarded.
func (d *TokenDeps) RefreshToken(ctx context.Context, t *asynq.Task) error {
	form := url.Values{}
	form.Set("grant_type", "refresh_token")
	form.Set("refresh_token", string(t.Payload()))
	return d.post([]byte(form.Encode()))
}

// SubmitForm posts a form with no grant: high, unguarded.
func (d *TokenDeps) SubmitForm(ctx context.Context, t *asynq.Task) error {
	form := url.Values{}
	form.Set("vin", string(t.Payload()))
	resp, err := d.Auth.Send(http.MethodPost, []byte(form.Encode()))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RegisterTokenGrants registers the token jobs.
func RegisterTokenGrants(mux *asynq.ServeMux) {
	d := &TokenDeps{Auth: authClient{base: os.Getenv("AUTH_URL")}}
	mux.HandleFunc("token:partner", d.PartnerToken)
	mux.HandleFunc("token:refresh", d.RefreshToken)
	mux.HandleFunc("token:form", d.SubmitForm)
}
