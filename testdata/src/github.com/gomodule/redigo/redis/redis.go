// Stub of github.com/gomodule/redigo (redis package) for analysistest: declarations mirror the real API (subset); bodies are empty.
// Not checked against a module version: only the types gocraft/work's API mentions.

package redis

import (
	"context"
	"time"
)

type Conn interface {
	Close() error
	Err() error
	Do(commandName string, args ...interface{}) (reply interface{}, err error)
	Send(commandName string, args ...interface{}) error
	Flush() error
	Receive() (reply interface{}, err error)
}

type Pool struct {
	Dial            func() (Conn, error)
	DialContext     func(ctx context.Context) (Conn, error)
	TestOnBorrow    func(c Conn, t time.Time) error
	MaxIdle         int
	MaxActive       int
	IdleTimeout     time.Duration
	Wait            bool
	MaxConnLifetime time.Duration
}

func (p *Pool) Get() Conn { return nil }

func (p *Pool) Close() error { return nil }

type DialOption struct {
	f func(*dialOptions)
}

type dialOptions struct {
	password string
	db       int
}

func Dial(network, address string, options ...DialOption) (Conn, error) { return nil, nil }

func DialURL(rawurl string, options ...DialOption) (Conn, error) { return nil, nil }

type Script struct {
	keyCount int
	src      string
	hash     string
}

func NewScript(keyCount int, src string) *Script { return &Script{keyCount: keyCount, src: src} }
