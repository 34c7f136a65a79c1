// Package wrapper is a shared HTTP client wrapper behind an interface:
// its base URL is configuration, the caller gives the path, the method
// and the body's bytes, and the request is sent in a retried closure.
package wrapper

import (
	"bytes"
	"net/http"
)

type ClientWrapper interface {
	ExecuteRequest(path, method string, body []byte) (*http.Response, error)
}

type clientWrapper struct {
	baseURL string
	client  *http.Client
}

func New(baseURL string) ClientWrapper {
	return clientWrapper{baseURL: baseURL, client: http.DefaultClient}
}

func (h clientWrapper) ExecuteRequest(path, method string, body []byte) (*http.Response, error) {
	return h.ExecuteRequestWithAuth(path, method, body, "")
}

func (h clientWrapper) ExecuteRequestWithAuth(path, method string, body []byte, auth string) (*http.Response, error) {
	req, err := http.NewRequest(method, h.baseURL+path, bytes.NewBuffer(body))
	if err != nil {
		return nil, err
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	var res *http.Response
	err = do(func() error {
		res, err = h.client.Do(req)
		return err
	})
	return res, err
}

func do(f func() error) error { return f() }
