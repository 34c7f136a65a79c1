// Package conn is a push gateway's connections: an interface and the one
// type the program makes, whose write posts (a stand-in for a socket
// write with a decided effect).
package conn

import (
	"net/http"
	"strings"
)

type LongConn interface {
	WritePacket(data []byte) error
}

type httpConn struct{ url string }

func (c *httpConn) WritePacket(data []byte) error {
	_, err := http.Post(c.url, "application/octet-stream", strings.NewReader(string(data)))
	return err
}

func newConn(url string) LongConn { return &httpConn{url: url} }

// Listen accepts connections on a goroutine and hands each on a channel.
func Listen(urls []string) <-chan LongConn {
	ch := make(chan LongConn, 10)
	go func() {
		for _, u := range urls {
			ch <- newConn(u)
		}
	}()
	return ch
}
