// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp
// (client.go): a Request wrapping the *http.Request NewRequest builds, and
// a Client whose Do sends it through hooks the client was given.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
)

type Request struct {
	body io.Reader
	*http.Request
}

func NewRequest(method, url string, rawBody interface{}) (*Request, error) {
	return NewRequestWithContext(context.Background(), method, url, rawBody)
}

func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	httpReq, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	return &Request{Request: httpReq}, nil
}

type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

type Client struct {
	HTTPClient *http.Client
	CheckRetry CheckRetry
}

func NewClient() *Client { return &Client{HTTPClient: &http.Client{}} }

func (c *Client) Do(req *Request) (*http.Response, error) {
	for {
		resp, err := c.HTTPClient.Do(req.Request)
		retry, checkErr := c.CheckRetry(req.Context(), resp, err)
		if !retry {
			return resp, checkErr
		}
		httpreq := *req.Request
		req.Request = &httpreq
	}
}

func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	req, err := NewRequest("POST", url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", bodyType)
	return c.Do(req)
}
