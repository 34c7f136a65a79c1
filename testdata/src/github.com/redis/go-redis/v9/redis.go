// Stub of github.com/redis/go-redis/v9@v9.23.0 for analysistest: declarations mirror the real API; bodies are empty.
//
// Structure mirrors the real package: command methods are declared on the
// unexported func type `cmdable` and promoted into *Client / *Tx / *Conn /
// *Pipeline by embedding; interface methods are declared in the per-family
// *Cmdable interfaces that `Cmdable` embeds. Only a subset of commands is stubbed.

package redis

import (
	"context"
	"crypto/tls"
	"net"
	"sync"
	"time"

	"github.com/redis/go-redis/v9/internal/proto"
)

// Nil reply returned by Redis when key does not exist.
const Nil = proto.Nil

const TxFailedErr = proto.RedisError("redis: transaction failed")

// ---- redis.go ----

type Hook interface {
	DialHook(next DialHook) DialHook
	ProcessHook(next ProcessHook) ProcessHook
	ProcessPipelineHook(next ProcessPipelineHook) ProcessPipelineHook
}

type (
	DialHook            func(ctx context.Context, network, addr string) (net.Conn, error)
	ProcessHook         func(ctx context.Context, cmd Cmder) error
	ProcessPipelineHook func(ctx context.Context, cmds []Cmder) error
)

type hooksMixin struct {
	hooksMu *sync.Mutex
}

func (hs *hooksMixin) AddHook(hook Hook) {}

type baseClient struct {
	opt *Options
	hooksMixin
}

func (c *baseClient) String() string { return "" }
func (c *baseClient) Close() error   { return nil }

// Client is a Redis client representing a pool of zero or more underlying connections.
type Client struct {
	*baseClient
	cmdable

	cscLifecycleOwner *Client
}

// NewClient returns a client to the Redis Server specified by Options.
func NewClient(opt *Options) *Client { return &Client{baseClient: &baseClient{opt: opt}} }

func (c *Client) WithTimeout(timeout time.Duration) *Client                  { return c }
func (c *Client) Close() error                                               { return nil }
func (c *Client) Conn() *Conn                                                { return nil }
func (c *Client) Process(ctx context.Context, cmd Cmder) error               { return nil }
func (c *Client) Options() *Options                                          { return c.opt }
func (c *Client) NodeAddress() string                                        { return "" }
func (c *Client) PoolStats() *PoolStats                                      { return nil }
func (c *Client) Pipeline() Pipeliner                                        { return nil }
func (c *Client) TxPipeline() Pipeliner                                      { return nil }
func (c *Client) AutoPipeline() (*AutoPipeliner, error)                      { return nil, nil }
func (c *Client) AsyncAutoPipeline() (*AutoPipeliner, error)                 { return nil, nil }
func (c *Client) Subscribe(ctx context.Context, channels ...string) *PubSub  { return nil }
func (c *Client) PSubscribe(ctx context.Context, channels ...string) *PubSub { return nil }
func (c *Client) SSubscribe(ctx context.Context, channels ...string) *PubSub { return nil }
func (c *Client) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Client) AutoPipelineWithOptions(config *AutoPipelineOptions) (*AutoPipeliner, error) {
	return nil, nil
}
func (c *Client) AsyncAutoPipelineWithOptions(config *AutoPipelineOptions) (*AutoPipeliner, error) {
	return nil, nil
}

// PoolStats contains pool state information and accumulated stats.
// (Real: `type PoolStats pool.Stats`.)
type PoolStats struct {
	Hits       uint32
	Misses     uint32
	Timeouts   uint32
	TotalConns uint32
	IdleConns  uint32
	StaleConns uint32
}

// Conn represents a single Redis connection rather than a pool of connections.
type Conn struct {
	baseClient
	cmdable
	statefulCmdable
}

func (c *Conn) Process(ctx context.Context, cmd Cmder) error { return nil }

// ---- tx.go ----

type Tx struct {
	baseClient
	cmdable
	statefulCmdable

	watchArmed bool
}

func (c *Client) Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error { return nil }

func (c *Tx) Process(ctx context.Context, cmd Cmder) error           { return nil }
func (c *Tx) Close(ctx context.Context) error                        { return nil }
func (c *Tx) Watch(ctx context.Context, keys ...string) *StatusCmd   { return nil }
func (c *Tx) Unwatch(ctx context.Context, keys ...string) *StatusCmd { return nil }
func (c *Tx) Pipeline() Pipeliner                                    { return nil }
func (c *Tx) TxPipeline() Pipeliner                                  { return nil }
func (c *Tx) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Tx) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

// ---- pipeline.go ----

type Pipeliner interface {
	StatefulCmdable
	Len() int
	Do(ctx context.Context, args ...interface{}) *Cmd
	Process(ctx context.Context, cmd Cmder) error
	BatchProcess(ctx context.Context, cmd ...Cmder) error
	Discard()
	Exec(ctx context.Context) ([]Cmder, error)
	Cmds() []Cmder
}

var _ Pipeliner = (*Pipeline)(nil)

type Pipeline struct {
	cmdable
	statefulCmdable

	cmds []Cmder
}

func (c *Pipeline) Len() int                                             { return 0 }
func (c *Pipeline) Do(ctx context.Context, args ...interface{}) *Cmd     { return nil }
func (c *Pipeline) Process(ctx context.Context, cmd Cmder) error         { return nil }
func (c *Pipeline) BatchProcess(ctx context.Context, cmd ...Cmder) error { return nil }
func (c *Pipeline) Discard()                                             {}
func (c *Pipeline) Exec(ctx context.Context) ([]Cmder, error)            { return nil, nil }
func (c *Pipeline) Pipeline() Pipeliner                                  { return c }
func (c *Pipeline) TxPipeline() Pipeliner                                { return c }
func (c *Pipeline) Cmds() []Cmder                                        { return c.cmds }
func (c *Pipeline) Pipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}
func (c *Pipeline) TxPipelined(ctx context.Context, fn func(Pipeliner) error) ([]Cmder, error) {
	return nil, nil
}

// ---- autopipeline.go (opaque) ----

type AutoPipeliner struct {
	cmdable
}

type AutoPipelineOptions struct {
	MaxBatchSize int
}

// ---- pubsub.go (minimal) ----

type PubSub struct {
	opt *Options
}

func (c *PubSub) Close() error                                            { return nil }
func (c *PubSub) Subscribe(ctx context.Context, channels ...string) error { return nil }
func (c *PubSub) Receive(ctx context.Context) (interface{}, error)        { return nil, nil }
func (c *PubSub) ReceiveMessage(ctx context.Context) (*Message, error)    { return nil, nil }

type Message struct {
	Channel      string
	Pattern      string
	Payload      string
	PayloadSlice []string
}

// ---- universal.go ----

type UniversalClient interface {
	Cmdable
	AddHook(Hook)
	Watch(ctx context.Context, fn func(*Tx) error, keys ...string) error
	Do(ctx context.Context, args ...interface{}) *Cmd
	Process(ctx context.Context, cmd Cmder) error
	AutoPipeline() (*AutoPipeliner, error)
	AutoPipelineWithOptions(config *AutoPipelineOptions) (*AutoPipeliner, error)
	AsyncAutoPipeline() (*AutoPipeliner, error)
	AsyncAutoPipelineWithOptions(config *AutoPipelineOptions) (*AutoPipeliner, error)
	Subscribe(ctx context.Context, channels ...string) *PubSub
	PSubscribe(ctx context.Context, channels ...string) *PubSub
	SSubscribe(ctx context.Context, channels ...string) *PubSub
	Close() error
	PoolStats() *PoolStats
}

var _ UniversalClient = (*Client)(nil)

// ---- options.go (subset of fields) ----

type Options struct {
	Network                    string
	Addr                       string
	NodeAddress                string
	ClientName                 string
	Dialer                     func(ctx context.Context, network, addr string) (net.Conn, error)
	OnConnect                  func(ctx context.Context, cn *Conn) error
	Protocol                   int
	Username                   string
	Password                   string
	CredentialsProvider        func() (username string, password string)
	CredentialsProviderContext func(ctx context.Context) (username string, password string, err error)
	DB                         int
	MaxRetries                 int
	MinRetryBackoff            time.Duration
	MaxRetryBackoff            time.Duration
	DialTimeout                time.Duration
	ReadTimeout                time.Duration
	WriteTimeout               time.Duration
	ContextTimeoutEnabled      bool
	PoolFIFO                   bool
	PoolSize                   int
	PoolTimeout                time.Duration
	MinIdleConns               int
	MaxIdleConns               int
	MaxActiveConns             int
	ConnMaxIdleTime            time.Duration
	ConnMaxLifetime            time.Duration
	TLSConfig                  *tls.Config
	DisableIndentity           bool
	DisableIdentity            bool
	IdentitySuffix             string
}

func ParseURL(redisURL string) (*Options, error) { return nil, nil }
