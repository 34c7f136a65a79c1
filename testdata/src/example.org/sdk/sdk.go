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
