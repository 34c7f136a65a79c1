// Stub of github.com/sendgrid/sendgrid-go@v3.16.1+incompatible for analysistest: declarations mirror the real API (subset); bodies are empty.

package sendgrid

import (
	"context"
	"github.com/sendgrid/rest"
	"github.com/sendgrid/sendgrid-go/helpers/mail"
)

const (
	Version = "3.16.1"
)

type Client struct{ rest.Request }

func (cl *Client) Send(email *mail.SGMailV3) (*rest.Response, error) {
	return nil, nil
}

func (cl *Client) SendWithContext(ctx context.Context, email *mail.SGMailV3) (*rest.Response, error) {
	return nil, nil
}

var DefaultClient = rest.DefaultClient

func API(request rest.Request) (*rest.Response, error) {
	return nil, nil
}

func MakeRequest(request rest.Request) (*rest.Response, error) {
	return nil, nil
}

func MakeRequestWithContext(ctx context.Context, request rest.Request) (*rest.Response, error) {
	return nil, nil
}

func MakeRequestRetry(request rest.Request) (*rest.Response, error) {
	return nil, nil
}

func MakeRequestRetryWithContext(ctx context.Context, request rest.Request) (*rest.Response, error) {
	return nil, nil
}

func MakeRequestAsync(request rest.Request) (chan *rest.Response, chan error) {
	return nil, nil
}

func MakeRequestAsyncWithContext(ctx context.Context, request rest.Request) (chan *rest.Response, chan error) {
	return nil, nil
}

func GetRequest(key, endpoint, host string) rest.Request {
	var r0 rest.Request
	return r0
}

func GetRequestSubuser(key, endpoint, host, subuser string) rest.Request {
	var r0 rest.Request
	return r0
}

func NewSendClient(key string) *Client {
	return nil
}

func SetDataResidency(request rest.Request, region string) (rest.Request, error) {
	var r0 rest.Request
	return r0, nil
}
