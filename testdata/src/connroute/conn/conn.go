// Package conn is a push gateway's connections: an interface and the two
// types the program makes: one whose write posts (a stand-in for a socket
// write with a decided effect), and nichebox's TCP connection, which
// writes and flushes a *bufio.ReadWriter kept in a field and set from
// bufio.NewWriter of the accepted *net.TCPConn (a network write, not no
// effect).
package conn

import (
	"bufio"
	"net"
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

type tcpConn struct {
	c  *net.TCPConn
	rw *bufio.ReadWriter
}

func (t *tcpConn) WritePacket(data []byte) error {
	if _, err := t.rw.Write(data); err != nil {
		return err
	}
	return t.rw.Flush()
}

func newTCPConn(c *net.TCPConn) LongConn {
	return &tcpConn{c: c, rw: bufio.NewReadWriter(bufio.NewReader(c), bufio.NewWriter(c))}
}

// Listen accepts connections on a goroutine and hands each on a channel.
func Listen(urls []string) <-chan LongConn {
	ch := make(chan LongConn, 10)
	go func() {
		for _, u := range urls {
			ch <- newConn(u)
		}
		l, err := net.ListenTCP("tcp", &net.TCPAddr{Port: 9000})
		if err != nil {
			return
		}
		for {
			c, err := l.AcceptTCP()
			if err != nil {
				return
			}
			ch <- newTCPConn(c)
		}
	}()
	return ch
}
