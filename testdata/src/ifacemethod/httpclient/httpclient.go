// Package httpclient is an application's own HTTP client behind an
// interface: the method is a field of the request its callers pass.
package httpclient

import (
	"bytes"
	"context"
	"net/http"
)

type Request struct {
	Method string
	URL    string
	Body   []byte
}

type Client interface {
	Send(ctx context.Context, req *Request) error
}

type DefaultClient struct{ c *http.Client }

func New() Client { return &DefaultClient{c: http.DefaultClient} }

func (d *DefaultClient) Send(ctx context.Context, req *Request) error {
	hr, err := http.NewRequestWithContext(ctx, req.Method, req.URL, bytes.NewReader(req.Body))
	if err != nil {
		return err
	}
	_, err = d.c.Do(hr)
	return err
}
