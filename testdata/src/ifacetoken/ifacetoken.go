// Package ifacetoken: an OAuth2 client-credentials token request sent
// through a shared HTTP wrapper behind an interface, its URL from
// configuration: the whole program resolves the interface, and the form
// the caller passes as the body's bytes (grant_type set) makes the POST a
// token request (safe). A form without grant_type stays a POST (high).
// So too when the handler builds and encodes the form and hands its bytes
// to a helper that makes the interface call with them (its parameter).
package ifacetoken

import (
	"context"
	"net/http"
	"net/url"

	"github.com/hibiken/asynq"

	"ifacetoken/wrapper"
)

type Fleet struct {
	TokenClient wrapper.ClientWrapper
}

func (f *Fleet) PartnersToken() error {
	data := url.Values{}
	data.Set("grant_type", "client_credentials")
	data.Set("client_id", "id")
	_, err := f.TokenClient.ExecuteRequest("", http.MethodPost, []byte(data.Encode()))
	return err
}

func (f *Fleet) Register(vin string) error {
	data := url.Values{}
	data.Set("vin", vin)
	_, err := f.TokenClient.ExecuteRequest("", http.MethodPost, []byte(data.Encode()))
	return err
}

// send posts the bytes its caller encoded.
func (f *Fleet) send(body []byte) error {
	_, err := f.TokenClient.ExecuteRequest("", http.MethodPost, body)
	return err
}

type Deps struct{ Fleet *Fleet }

func (d *Deps) HelperToken(ctx context.Context, t *asynq.Task) error {
	data := url.Values{}
	data.Set("grant_type", "client_credentials")
	return d.Fleet.send([]byte(data.Encode()))
}

func (d *Deps) HelperForm(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	data := url.Values{}
	data.Set("vin", string(t.Payload()))
	return d.Fleet.send([]byte(data.Encode()))
}

func (d *Deps) Token(ctx context.Context, t *asynq.Task) error {
	return d.Fleet.PartnersToken()
}

func (d *Deps) Form(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(http\) \(high\) at`
	return d.Fleet.Register(string(t.Payload()))
}

func Setup(mux *asynq.ServeMux) {
	d := &Deps{Fleet: &Fleet{TokenClient: wrapper.New("https://auth.example.com")}}
	mux.HandleFunc("fleet:token", d.Token)
	mux.HandleFunc("fleet:form", d.Form)
	mux.HandleFunc("fleet:helper-token", d.HelperToken)
	mux.HandleFunc("fleet:helper-form", d.HelperForm)
}
