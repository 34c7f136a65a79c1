// Stub of github.com/sendgrid/rest@v2.6.9+incompatible for analysistest: declarations mirror the real API; bodies are empty.

package rest

import (
	"context"
	"net/http"
)

const Version = "2.6.9"

type Method string

const (
	Get    Method = "GET"
	Post   Method = "POST"
	Put    Method = "PUT"
	Patch  Method = "PATCH"
	Delete Method = "DELETE"
)

type Request struct {
	Method      Method
	BaseURL     string
	Headers     map[string]string
	QueryParams map[string]string
	Body        []byte
}

type RestError struct{ Response *Response }

func (e *RestError) Error() string {
	return ""
}

var DefaultClient = &Client{HTTPClient: &http.Client{}}

type Client struct{ HTTPClient *http.Client }

type Response struct {
	StatusCode int
	Body       string
	Headers    map[string][]string
}

func AddQueryParameters(baseURL string, queryParams map[string]string) string {
	return ""
}

func BuildRequestObject(request Request) (*http.Request, error) {
	return nil, nil
}

func MakeRequest(req *http.Request) (*http.Response, error) {
	return nil, nil
}

func BuildResponse(res *http.Response) (*Response, error) {
	return nil, nil
}

func API(request Request) (*Response, error) {
	return nil, nil
}

func Send(request Request) (*Response, error) {
	return nil, nil
}

func SendWithContext(ctx context.Context, request Request) (*Response, error) {
	return nil, nil
}

func (c *Client) MakeRequest(req *http.Request) (*http.Response, error) {
	return nil, nil
}

func (c *Client) API(request Request) (*Response, error) {
	return nil, nil
}

func (c *Client) Send(request Request) (*Response, error) {
	return nil, nil
}

func (c *Client) SendWithContext(ctx context.Context, request Request) (*Response, error) {
	return nil, nil
}
