package httpfix

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/hibiken/asynq"
	"golang.org/x/oauth2/clientcredentials"
)

// An OAuth2 token request is a POST of a form that sets grant_type: a
// repeat gets another access token, nothing changes at the provider (for
// the grants infer's names.yaml lists: token_grants). The
// token URL is configuration, so only the body says so: built where the
// request is sent, or passed as bytes to a wrapper that sends it (a
// parameter the caller decides), or as PostForm's url.Values. A form POST
// without grant_type stays a POST (high).

// tokenWrapper is a shared HTTP wrapper: the caller gives the method and
// the body's bytes; it retries the request in a closure.
type tokenWrapper struct {
	baseURL string
	client  *http.Client
}

func (h tokenWrapper) execute(path, method string, body []byte) (*http.Response, error) { // want execute:`^effects: http/unknown http method=p2$`
	req, err := http.NewRequest(method, h.baseURL+path, bytes.NewBuffer(body))
	if err != nil {
		return nil, err
	}
	var res *http.Response
	err = retryDo(func() error {
		res, err = h.client.Do(req)
		return err
	})
	return res, err
}

func retryDo(f func() error) error { // want retryDo:`^effects: calls p0$`
	return f()
}

// PartnerToken asks for a client-credentials token through the wrapper.
func PartnerToken(ctx context.Context, t *asynq.Task) error { // want PartnerToken:`^effects: http/post http grant=client_credentials rule=http-token-grant$`
	h := tokenWrapper{baseURL: string(t.Payload()), client: http.DefaultClient}
	data := url.Values{}
	data.Set("client_id", "id")
	data.Set("grant_type", "client_credentials")
	_, err := h.execute("", http.MethodPost, []byte(data.Encode()))
	return err
}

// SubmitForm posts a form without grant_type through the wrapper: the
// near miss, still a POST.
func SubmitForm(ctx context.Context, t *asynq.Task) error { // want SubmitForm:`^effects: http/post http$` `unguarded: handler httpfix.SubmitForm repeats .*http post \(http\) \(high\)`
	h := tokenWrapper{baseURL: string(t.Payload()), client: http.DefaultClient}
	data := url.Values{}
	data.Set("client_id", "id")
	data.Set("scope", "vehicles")
	_, err := h.execute("", http.MethodPost, []byte(data.Encode()))
	return err
}

// PasswordToken builds the token request where it sends it, the form as
// a literal.
func PasswordToken(ctx context.Context, t *asynq.Task) error { // want PasswordToken:`^effects: http/post auth.example.com/oauth/v2 grant=password rule=http-token-grant$`
	form := url.Values{"grant_type": {"password"}, "username": {string(t.Payload())}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://auth.example.com/oauth/v2", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// RefreshToken sends a refresh_token grant: the near miss, a grant not
// read as repeatable (with rotation the first request spends the token),
// still a POST, whatever its path says.
func RefreshToken(ctx context.Context, t *asynq.Task) error { // want RefreshToken:`^effects: http/post auth.example.com/oauth/token grant=refresh_token$` `unguarded: handler httpfix.RefreshToken repeats .*http post .*\(high\)`
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {string(t.Payload())}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://auth.example.com/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// PostFormToken sends the form with http.PostForm.
func PostFormToken(ctx context.Context, t *asynq.Task) error { // want PostFormToken:`^effects: http/post auth.example.com/token grant=client_credentials rule=http-token-grant$`
	form := url.Values{}
	form.Add("grant_type", "client_credentials")
	_, err := http.PostForm("https://auth.example.com/token", form)
	return err
}

// PostFormSubscribe posts a form without grant_type: the near miss.
func PostFormSubscribe(ctx context.Context, t *asynq.Task) error { // want PostFormSubscribe:`^effects: http/post auth.example.com/subscribe$` `unguarded: handler httpfix.PostFormSubscribe repeats .*http post .*\(high\)`
	form := url.Values{}
	form.Add("topic", string(t.Payload()))
	_, err := http.PostForm("https://auth.example.com/subscribe", form)
	return err
}

// ClientCredentials asks golang.org/x/oauth2's clientcredentials for a
// token: the catalog rates it (oauth2.yaml).
func ClientCredentials(ctx context.Context, t *asynq.Task) error { // want ClientCredentials:`^effects: http/post oauth2 token$`
	cfg := &clientcredentials.Config{ClientID: "id", TokenURL: string(t.Payload())}
	_, err := cfg.Token(ctx)
	return err
}

// The same requests through the application's HTTP client behind an
// interface-typed field its package wires (RegisterTokenJobs), the form
// built and encoded in the handler and handed to a helper that makes the
// interface call with it as its parameter: the form is followed across
// the helper's call to the interface call's argument, and the
// implementation's method and body are the call's arguments, in the
// package's own resolution of the field as in the whole program's.

// tokenSender is the application's shared HTTP client.
type tokenSender interface {
	Send(method string, body []byte) (*http.Response, error)
}

type authSender struct{ base string }

func (s authSender) Send(method string, body []byte) (*http.Response, error) { // want Send:`^effects: http/unknown http method=p1 url=p0.base body=p2$`
	req, err := http.NewRequest(method, s.base, bytes.NewBuffer(body))
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// TokenJobs holds the client.
type TokenJobs struct{ Auth tokenSender }

// post sends the body its caller encoded.
func (j *TokenJobs) post(body []byte) error { // want post:`^effects: dynamic_call/call \(httpfix.tokenSender\).Send reads=publish/send$`
	_, err := j.Auth.Send(http.MethodPost, body)
	return err
}

// HelperToken: a client-credentials form through the helper: a token
// request, no finding.
func (j *TokenJobs) HelperToken(ctx context.Context, t *asynq.Task) error { // want HelperToken:`^effects: dynamic_call/call \(httpfix.tokenSender\).Send grants=3:client_credentials reads=publish/send$`
	form := url.Values{}
	form.Set("grant_type", "client_credentials")
	form.Set("client_id", "id")
	return j.post([]byte(form.Encode()))
}

// HelperRefresh: a refresh_token grant through the helper: the near
// miss, a POST not read as repeatable.
func (j *TokenJobs) HelperRefresh(ctx context.Context, t *asynq.Task) error { // want HelperRefresh:`^effects: dynamic_call/call \(httpfix.tokenSender\).Send grants=3:refresh_token reads=publish/send$` `unguarded: handler \(\*httpfix.TokenJobs\).HelperRefresh .*http post \(http\) \(high\) .*grant_type refresh_token`
	form := url.Values{}
	form.Set("grant_type", "refresh_token")
	form.Set("refresh_token", string(t.Payload()))
	return j.post([]byte(form.Encode()))
}

// HelperForm: a form without grant_type through the helper: the near
// miss, a POST.
func (j *TokenJobs) HelperForm(ctx context.Context, t *asynq.Task) error { // want HelperForm:`^effects: dynamic_call/call \(httpfix.tokenSender\).Send reads=publish/send$` `unguarded: handler \(\*httpfix.TokenJobs\).HelperForm .*http post \(http\) \(high\) .* is not guarded; path`
	form := url.Values{}
	form.Set("vin", string(t.Payload()))
	return j.post([]byte(form.Encode()))
}

// DirectToken: the form at the interface call itself: a token request,
// no finding.
func (j *TokenJobs) DirectToken(ctx context.Context, t *asynq.Task) error { // want DirectToken:`^effects: dynamic_call/call \(httpfix.tokenSender\).Send grants=3:client_credentials reads=publish/send$`
	form := url.Values{"grant_type": {"client_credentials"}}
	_, err := j.Auth.Send(http.MethodPost, []byte(form.Encode()))
	return err
}

// DirectForm: a form without grant_type at the interface call: the near
// miss, a POST.
func (j *TokenJobs) DirectForm(ctx context.Context, t *asynq.Task) error { // want DirectForm:`^effects: dynamic_call/call \(httpfix.tokenSender\).Send reads=publish/send$` `unguarded: handler \(\*httpfix.TokenJobs\).DirectForm .*http post \(http\) \(high\) .* is not guarded; path`
	form := url.Values{"vin": {string(t.Payload())}}
	_, err := j.Auth.Send(http.MethodPost, []byte(form.Encode()))
	return err
}

// RegisterTokenJobs wires the client and registers the jobs.
func RegisterTokenJobs(mux *asynq.ServeMux, base string) { // want RegisterTokenJobs:`^no effects$`
	j := &TokenJobs{Auth: authSender{base: base}}
	mux.HandleFunc("token:helper", j.HelperToken)
	mux.HandleFunc("token:helper-refresh", j.HelperRefresh)
	mux.HandleFunc("token:helper-form", j.HelperForm)
	mux.HandleFunc("token:direct", j.DirectToken)
	mux.HandleFunc("token:direct-form", j.DirectForm)
}
