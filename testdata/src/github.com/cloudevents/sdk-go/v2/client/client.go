// Package client is a stub of github.com/cloudevents/sdk-go/v2/client
// (v2.15.2, client.go): Send delivers an event over the client's
// protocol.
package client

import (
	"context"

	"github.com/cloudevents/sdk-go/v2/event"
)

// Client sends events.
type Client interface {
	Send(ctx context.Context, e event.Event) error
	Request(ctx context.Context, e event.Event) (*event.Event, error)
}

type sender interface {
	Send(ctx context.Context, body []byte) error
}

type ceClient struct{ sender sender }

// New returns a client over s.
func New(s sender) (Client, error) { return &ceClient{sender: s}, nil }

func (c *ceClient) Send(ctx context.Context, e event.Event) error {
	return c.sender.Send(ctx, e.DataEncoded)
}

func (c *ceClient) Request(ctx context.Context, e event.Event) (*event.Event, error) {
	return nil, c.sender.Send(ctx, e.DataEncoded)
}
