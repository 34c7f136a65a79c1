// Package websocket is a stub of github.com/gorilla/websocket's writing
// API (v1.5): the catalog models these calls, so their bodies are never
// read.
package websocket

import "time"

const (
	TextMessage   = 1
	BinaryMessage = 2
	CloseMessage  = 8
	PingMessage   = 9
	PongMessage   = 10
)

type Conn struct{}

type PreparedMessage struct{}

func (c *Conn) WriteMessage(messageType int, data []byte) error { return nil }

func (c *Conn) WriteJSON(v interface{}) error { return nil }

func (c *Conn) WritePreparedMessage(pm *PreparedMessage) error { return nil }

func (c *Conn) WriteControl(messageType int, data []byte, deadline time.Time) error { return nil }

func WriteJSON(c *Conn, v interface{}) error { return c.WriteJSON(v) }

func FormatCloseMessage(code int, text string) []byte { return nil }
