// Package mqtt is a stub of Eclipse Paho MQTT (v1.4.3 signatures).
package mqtt

type Token interface {
	Wait() bool
	Error() error
}

type token struct{}

func (token) Wait() bool   { return true }
func (token) Error() error { return nil }

type ClientOptions struct{ ClientID string }

func NewClientOptions() *ClientOptions { return &ClientOptions{} }

type Client interface {
	Connect() Token
	Disconnect(quiesce uint)
}

type client struct{ opts *ClientOptions }

func NewClient(o *ClientOptions) Client { return &client{opts: o} }

func (c *client) Connect() Token          { return token{} }
func (c *client) Disconnect(quiesce uint) {}
