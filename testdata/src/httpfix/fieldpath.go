package httpfix

import (
	"context"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
)

// The SDK form (gomatrixserverlib's federation client): a constructor
// keeps the method in a nested field, a method of the request type builds
// the *http.Request from it, and a helper takes the request by value. The
// constructor's caller decides the method.

type fedRequest struct {
	fields struct {
		Method string
		URI    string
	}
}

func newFedRequest(method, uri string) fedRequest { // want newFedRequest:"no effects"
	var r fedRequest
	r.fields.Method = strings.ToUpper(method)
	r.fields.URI = uri
	return r
}

// HTTPRequest is a request builder whose method is its receiver's field.
func (r *fedRequest) HTTPRequest() (*http.Request, error) { // want HTTPRequest:`^effects: builds a request with method p0.fields.Method$`
	return http.NewRequest(r.fields.Method, "matrix://remote"+r.fields.URI, nil)
}

type FedClient struct{ HTTP *http.Client }

// doRequest takes the request by value: its caller's request decides.
func (c *FedClient) doRequest(ctx context.Context, r fedRequest) error { // want doRequest:`^effects: http/unknown http method=p2.fields.Method$`
	req, err := r.HTTPRequest()
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *FedClient) SendTransaction(ctx context.Context, txnID string) error { // want SendTransaction:`^effects: http/put http$`
	req := newFedRequest("put", "/send/"+txnID)
	return c.doRequest(ctx, req)
}

func (c *FedClient) GetEvent(ctx context.Context, id string) error { // want GetEvent:`^effects: http/get http$`
	return c.doRequest(ctx, newFedRequest("GET", "/event/"+id))
}

type Federation struct{ Client *FedClient }

func (f *Federation) SendEDU(ctx context.Context, t *asynq.Task) error { // want SendEDU:`^effects: http/put http; http/get http$` `unguarded: handler \(\*httpfix.Federation\).SendEDU repeats .*http put`
	if err := f.Client.GetEvent(ctx, string(t.Payload())); err != nil {
		return err
	}
	return f.Client.SendTransaction(ctx, string(t.Payload()))
}
