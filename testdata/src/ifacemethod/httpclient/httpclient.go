// Package httpclient is an application's own HTTP client behind an
// interface: the method, URL and body are fields of the request its
// callers pass.
package httpclient

import (
	"bytes"
	"context"
	"io"
	"net/http"
)

type Request struct {
	Method  string
	URL     string
	Headers map[string]string
	Body    []byte
}

type Client interface {
	Send(ctx context.Context, req *Request) error
}

type DefaultClient struct{ c *http.Client }

func New() Client { return &DefaultClient{c: http.DefaultClient} }

func (d *DefaultClient) Send(ctx context.Context, req *Request) error {
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.Method, req.URL, body)
	if err != nil {
		return err
	}
	for k, v := range req.Headers {
		hr.Header.Set(k, v)
	}
	_, err = d.c.Do(hr)
	return err
}
