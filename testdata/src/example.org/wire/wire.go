// Package wire is a client library of another module (a broker client in
// the shape of paho.mqtt.golang): the application holds its Client
// interface, and its methods' code makes calls nothing resolves (a
// package-level logger) and writes to the network.
package wire

import "net"

// Logger is what the library logs through; ERROR may be replaced.
type Logger interface{ Println(v ...any) }

type nop struct{}

func (nop) Println(...any) {}

var ERROR Logger = nop{}

// SetLogger replaces the library's logger with one nothing here knows.
func SetLogger(l Logger) { ERROR = l }

type Client interface {
	Connect() error
	Handle(v []byte) error
	CreateIndex(name string) error
}

type client struct {
	addr string
	conn net.Conn
}

func NewClient(addr string) Client { return &client{addr: addr} }

func (c *client) Connect() error {
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		ERROR.Println("connect:", err)
		return err
	}
	if _, err := conn.Write([]byte("CONNECT")); err != nil {
		ERROR.Println("connect:", err)
		return err
	}
	c.conn = conn
	return nil
}

func (c *client) Handle(v []byte) error {
	_, err := c.conn.Write(v)
	if err != nil {
		ERROR.Println("handle:", err)
	}
	return err
}

// CreateIndex asks the broker for an index; a second one of that name is
// refused ("index … already exists").
func (c *client) CreateIndex(name string) error {
	_, err := c.conn.Write([]byte("CREATE INDEX " + name))
	if err != nil {
		ERROR.Println("create index:", err)
	}
	return err
}
