// Package ordersdk is a third-party client whose calls go through a
// transport it is given: nothing resolves them, so each call the
// application makes is read at the boundary by its name.
package ordersdk

import (
	"context"
	"net/http"
)

type Order struct{ ID string }

// Transport is whatever the application plugs in.
type Transport interface {
	Do(ctx context.Context, op string, body any) error
}

type Client struct {
	T    Transport
	HTTP *http.Client
}

func (c *Client) CreateOrder(ctx context.Context, o Order) error { // want CreateOrder:"dynamic_call/call"
	return c.T.Do(ctx, "create", o)
}

func (c *Client) GetOrder(ctx context.Context, id string) (Order, error) { // want GetOrder:"dynamic_call/call"
	var o Order
	return o, c.T.Do(ctx, "get", &o)
}

func (c *Client) SendWelcomeEmail(ctx context.Context, to string) error { // want SendWelcomeEmail:"dynamic_call/call"
	return c.T.Do(ctx, "welcome", to)
}

func (c *Client) UpdateBalance(ctx context.Context, id string, delta int) error { // want UpdateBalance:"dynamic_call/call"
	return c.T.Do(ctx, "balance", delta)
}

// GetToken POSTs for a token: its code says it writes, so its name
// never makes it a read.
func (c *Client) GetToken(ctx context.Context) (string, error) { // want GetToken:"http/post auth.example.org/token; dynamic_call/call"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://auth.example.org/token", nil)
	if err != nil {
		return "", err
	}
	if _, err := c.HTTP.Do(req); err != nil {
		return "", err
	}
	return "", c.T.Do(ctx, "token", nil)
}

// BulkInsertOrders inserts many: "bulk" qualifies the verb.
func (c *Client) BulkInsertOrders(ctx context.Context, os []Order) error { // want BulkInsertOrders:"dynamic_call/call"
	return c.T.Do(ctx, "bulk", os)
}

// EditOrder edits an order: a set by key.
func (c *Client) EditOrder(ctx context.Context, o Order) (Order, error) { // want EditOrder:"dynamic_call/call"
	return o, c.T.Do(ctx, "edit", o)
}

// Close closes the client's connection.
func (c *Client) Close() error { // want Close:"dynamic_call/call"
	return c.T.Do(context.Background(), "close", nil)
}

// Configure is a hook the application may set; nothing resolves it.
var Configure func(*Client)

// NewClient builds a client and calls the hook.
func NewClient(t Transport) *Client { // want NewClient:"dynamic_call/call" NewClient:"stores"
	c := &Client{T: t}
	Configure(c)
	return c
}

// Counter counts pages; set by the application.
var Counter func(path string) (int, error)

// PageCountFile counts a file's pages: "page" is no verb here.
func PageCountFile(path string) (int, error) { // want PageCountFile:"dynamic_call/call"
	return Counter(path)
}

// Disconnect closes the client's connection after waiting quiesce
// milliseconds for the work in flight (paho's shape): the number is a
// time, not whom.
func (c *Client) Disconnect(quiesce uint) { // want Disconnect:"dynamic_call/call"
	_ = c.T.Do(context.Background(), "disconnect", quiesce)
}

// Hub disconnects the users of a service.
type Hub struct{ T Transport }

// Disconnect disconnects a user: the number names whom.
func (h *Hub) Disconnect(userID int64) error { // want Disconnect:"dynamic_call/call"
	return h.T.Do(context.Background(), "disconnect", userID)
}
