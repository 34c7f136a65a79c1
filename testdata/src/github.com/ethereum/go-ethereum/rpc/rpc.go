// Package rpc is a stub of github.com/ethereum/go-ethereum/rpc (v1.10.16
// signatures). Its dial keeps the shape of the real one that matters: the
// client it makes starts a dispatch loop, which can reach the POST of a
// subscription's eth_unsubscribe (rpc/client.go:224 initClient → :567
// dispatch → … → rpc/subscription.go:374 requestUnsubscribe → rpc/http.go:192
// doRequest), so a dial followed into the library shows an HTTP POST.
package rpc

import (
	"bytes"
	"context"
	"net/http"
)

type Client struct {
	url string
	hc  *http.Client
}

func DialHTTPWithClient(endpoint string, client *http.Client) (*Client, error) {
	c := &Client{url: endpoint, hc: client}
	go c.dispatch()
	return c, nil
}

func DialContext(ctx context.Context, rawurl string) (*Client, error) {
	return DialHTTPWithClient(rawurl, http.DefaultClient)
}

func (c *Client) dispatch() { _ = c.CallContext(context.Background(), nil, "eth_unsubscribe") }

func (c *Client) CallContext(ctx context.Context, result any, method string, args ...any) error {
	resp, err := c.hc.Post(c.url, "application/json", bytes.NewReader([]byte(method)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Close() {}
