// Package sdk is an unmodeled third-party client: analysed like user code,
// its unresolvable inside is named where the user's module calls it.
package sdk

import (
	"bytes"
	"context"
	"net"
	"net/http"
)

type Client struct {
	HTTP *http.Client
	Hook interface{ Fire() }
}

// CreateThing speaks a raw protocol over TCP.
func (c *Client) CreateThing(ctx context.Context, name string) error { // want CreateThing:"network/write"
	conn, err := net.Dial("tcp", "things.example.org:7000")
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write([]byte("CREATE " + name))
	return err
}

// PostEvent is a REST call: it stays an HTTP POST, with its path.
func (c *Client) PostEvent(ctx context.Context, body []byte) error { // want PostEvent:"http/post events.example.org"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://events.example.org/v1/events", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.HTTP.Do(req)
	return err
}

// Ping calls whatever hook it was given.
func (c *Client) Ping() { c.Hook.Fire() } // want Ping:"dynamic_call/call"

// ListThings and AddThing build their requests with NewRequest and send
// them through Do, which re-makes the request with its context (as
// go-github's BareDo does): the method does not reach the transport, so
// the SDK's boundary is read by the calls' names.
func (c *Client) ListThings(ctx context.Context) ([]string, error) { // want ListThings:"http/unknown"
	req, err := c.NewRequest("GET", "https://things.example.org/v1/things", nil)
	if err != nil {
		return nil, err
	}
	return nil, c.Do(ctx, req)
}

func (c *Client) AddThing(ctx context.Context, name string) error { // want AddThing:"http/unknown"
	req, err := c.NewRequest("POST", "https://things.example.org/v1/things", []byte(name))
	if err != nil {
		return err
	}
	return c.Do(ctx, req)
}

func (c *Client) NewRequest(method, url string, body []byte) (*http.Request, error) { // want NewRequest:"builds a request with method p1"
	return http.NewRequest(method, url, bytes.NewReader(body))
}

func (c *Client) Do(ctx context.Context, req *http.Request) error { // want Do:"http/unknown"
	req = withContext(ctx, req)
	_, err := c.HTTP.Do(req)
	return err
}

func withContext(ctx context.Context, req *http.Request) *http.Request { // want withContext:"no effects"
	return req.WithContext(ctx)
}

// An OpenAPI-generated request (openapi-generator's Go client): the
// operation is named by the request's type and sent by Execute, whose
// method is lost inside the SDK as above.
type ApiThingRemoveRequest struct {
	c  *Client
	id string
}

func (c *Client) ThingRemove(id string) ApiThingRemoveRequest { // want ThingRemove:"no effects"
	return ApiThingRemoveRequest{c: c, id: id}
}

func (r ApiThingRemoveRequest) Execute() (string, error) { // want Execute:"http/unknown"
	req, err := r.c.NewRequest("POST", "https://things.example.org/v1/thing/remove", []byte(r.id))
	if err != nil {
		return "", err
	}
	return "", r.c.Do(context.Background(), req)
}
