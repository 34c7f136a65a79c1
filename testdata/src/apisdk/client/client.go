// Package client is an SDK of the kind jobs call: a client whose methods
// build a request in one helper (the method a parameter) and send it in
// another. It is another module than the code that uses it.
package client

import (
	"context"
	"net/http"
	"strings"
)

type Client struct {
	hc   *http.Client
	base string
}

func (c *Client) newRequest(ctx context.Context, method, path string) (*http.Request, error) { // want newRequest:"effects: builds a request with method p2"
	return http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader("{}"))
}

func (c *Client) do(req *http.Request) error { // want do:`^effects: http/unknown http request=p1$`
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateThing POSTs: a high effect wherever it is called.
func (c *Client) CreateThing(ctx context.Context) error { // want CreateThing:`^effects: http/post http$`
	req, err := c.newRequest(ctx, "POST", "/things")
	if err != nil {
		return err
	}
	return c.do(req)
}

// GetThing GETs: safe.
func (c *Client) GetThing(ctx context.Context) error { // want GetThing:`^effects: http/get http$`
	req, err := c.newRequest(ctx, http.MethodGet, "/things/1")
	if err != nil {
		return err
	}
	return c.do(req)
}
