// Stub of github.com/twilio/twilio-go@v1.31.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package client

import (
	"net/http"
	"net/url"
	"time"
)

type OAuth interface {
	GetAccessToken() (string, error)
}

// BaseClient is reduced (SetOauth/OAuth omitted).
type BaseClient interface {
	AccountSid() string
	SetTimeout(timeout time.Duration)
	SendRequest(method string, rawURL string, data url.Values,
		headers map[string]interface{}, body ...byte) (*http.Response, error)
}

type RequestHandler struct {
	Client BaseClient
	Edge   string
	Region string
}

func NewRequestHandler(client BaseClient) *RequestHandler { return &RequestHandler{Client: client} }
